// The lint: each tool's findings for a target, the findings about a request that carries several tools at
// once (Anthropic's per-request limits), and a pack's report with its totals.
import { ANTHROPIC_MAX_OPTIONAL, ANTHROPIC_MAX_STRICT_TOOLS, ANTHROPIC_MAX_UNIONS } from './anthropic';
import { strictPlan } from './plan';
import type { StrictFinding, StrictLintOptions, StrictLives, StrictTarget } from './targets';
import { pointerKeys } from '../paths';
import type { CompiledPack, CompiledTool } from '../types';

/** What `target` refuses, ignores or needs rewritten in the tool, and where each rule lives afterwards. */
export function lintTool(tool: CompiledTool, target: StrictTarget, options: StrictLintOptions = {}): StrictFinding[] {
  return strictPlan(tool, target, options).findings;
}

/** A tool is refused outright in strict mode, as written, when any construct is refused or needs a rewrite. */
export function refusedOutright(findings: readonly StrictFinding[]): boolean {
  return findings.some((f) => f.action !== 'ignores');
}

/** Findings about a request that carries all these tools in strict mode at once (Anthropic's per-request limits). */
export function lintRequest(tools: readonly CompiledTool[], target: StrictTarget, options: StrictLintOptions = {}): StrictFinding[] {
  if (target !== 'anthropic-strict') return [];
  const lives: StrictLives = options.serverRunsCheck !== false ? 'checks' : 'nowhere';
  const strictPlans = tools.map((t) => strictPlan(t, target, { ...options, asWritten: false })).filter((p) => p.strict);
  const optional = strictPlans.reduce((n, p) => n + p.optional, 0);
  const unions = strictPlans.reduce((n, p) => n + p.unions, 0);
  const out: StrictFinding[] = [];
  const advice = 'A request must carry fewer of these tools in strict mode; each strict export fits on its own.';
  if (strictPlans.length > ANTHROPIC_MAX_STRICT_TOOLS) out.push({ path: '', construct: 'strict tools', action: 'refuses', lives, message: `Anthropic allows ${ANTHROPIC_MAX_STRICT_TOOLS} strict tools per request and these are ${strictPlans.length}. ${advice}` });
  if (optional > ANTHROPIC_MAX_OPTIONAL) out.push({ path: '', construct: 'optional parameters', action: 'refuses', lives, message: `Anthropic allows ${ANTHROPIC_MAX_OPTIONAL} optional parameters across the strict tools of one request and these have ${optional} (nested properties counted, conservatively). ${advice}` });
  if (unions > ANTHROPIC_MAX_UNIONS) out.push({ path: '', construct: 'union parameters', action: 'refuses', lives, message: `Anthropic allows ${ANTHROPIC_MAX_UNIONS} union-typed parameters across the strict tools of one request and these have ${unions}. ${advice}` });
  return out;
}

/** The argument a finding's schema pointer is about, as a field path ("start.timeZone", "attendees[]"; "" for the arguments object). */
export function findingField(path: string): string {
  const parts = pointerKeys(path);
  let field = '';
  for (let i = 0; i < parts.length; i++) {
    if (parts[i] === 'properties' && i + 1 < parts.length) field = field ? `${field}.${parts[++i]}` : parts[++i];
    else if (parts[i] === 'items') field = `${field}[]`;
    else if (['anyOf', 'oneOf', 'allOf', '$defs', 'definitions'].includes(parts[i])) i++;
    else break;
  }
  return field;
}

/** Counts for a report. */
export interface StrictCounts {
  refuses: number;
  ignores: number;
  rewrite: number;
  checks: number;
  gloss: number;
  nowhere: number;
}

export function countFindings(findings: readonly StrictFinding[]): StrictCounts {
  const c: StrictCounts = { refuses: 0, ignores: 0, rewrite: 0, checks: 0, gloss: 0, nowhere: 0 };
  for (const f of findings) {
    c[f.action]++;
    c[f.lives]++;
  }
  return c;
}

export interface StrictPackReport {
  target: StrictTarget;
  tools: { name: string; findings: StrictFinding[]; refused: boolean }[];
  request: StrictFinding[];
  counts: StrictCounts;
  refusedTools: string[];
}

/** Every tool of a pack linted for one target, with the request-level findings and the totals. */
export function strictReport(pack: CompiledPack, target: StrictTarget, options: StrictLintOptions = {}): StrictPackReport {
  const tools = pack.tools.map((t) => {
    const findings = lintTool(t, target, options);
    return { name: t.name, findings, refused: refusedOutright(findings) };
  });
  const request = lintRequest(pack.tools, target, options);
  return { target, tools, request, counts: countFindings([...tools.flatMap((t) => t.findings), ...request]), refusedTools: tools.filter((t) => t.refused).map((t) => t.name) };
}
