// Anthropic strict tool use's rules: the keywords, formats and patterns it takes, and its per-request limits.
// [ANT-…] are the sources in targets.ts.
import { ASSERTIONS } from './enforced';
import type { Verdict } from './targets';

// [ANT-SO] Supported: basic types, enum (strings, numbers, bools or nulls only), const, anyOf and allOf
// (allOf with $ref not supported), local $ref/$defs/definitions, `default`, required, additionalProperties
// (must be false), string formats (below), array minItems of 0 or 1 only; regex patterns without
// backreferences, lookaround, word boundaries or "complex {n,m} quantifiers with large ranges". Not
// supported ("will result in a 400"): recursive schemas, complex enum values, external $ref, numerical
// constraints, string constraints (minLength, maxLength), array constraints beyond minItems 0 or 1,
// additionalProperties other than false.
// Users disagree on two points: a public probe (agentjido/req_llm#302) confirms `minimum` is refused, but
// several report minLength, maxLength and pattern accepted live in 2026 (pydantic-ai#7315 discusses the
// same split for OpenAI). The documented rule is kept: they are refused here.
// Keywords the docs do not mention at all (propertyNames, maxProperties, oneOf, not, if…) are treated as
// refused; public reports of 400s naming them exist (netclaw-dev/netclaw#1133 lists the name rule; the
// keyword reports are in tool-schema sanitizers across many repositories).
const ANTHROPIC_FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'uri', 'ipv4', 'ipv6', 'uuid']);
const ANTHROPIC_KEEP = new Set(['format', 'pattern', 'minItems', 'default']);
// [ANT-SO] "Limits": per request, across all strict tools: at most 20 strict tools, 24 optional parameters
// and 16 parameters with union types (anyOf or a type array). Whether a nested property counts as a
// parameter is not documented: counted conservatively, every property at any depth.
export const ANTHROPIC_MAX_STRICT_TOOLS = 20;
export const ANTHROPIC_MAX_OPTIONAL = 24;
export const ANTHROPIC_MAX_UNIONS = 16;

function anthropicRegexProblem(pattern: string): string | undefined {
  // [ANT-SO] regex features not supported.
  if (/\\[1-9]|\\k</.test(pattern)) return 'a backreference';
  if (/\(\?<?[=!]/.test(pattern)) return 'a lookahead or lookbehind';
  if (/(^|[^\\])(\\\\)*\\[bB]/.test(pattern)) return 'a word boundary';
  // "simple {n,m} cases" are supported, "complex {n,m} quantifiers with large ranges" are not, and how large
  // is too large is not documented: limit not documented, so every counted range ({n,m} with m != n, {n,})
  // is treated as refused.
  for (const m of pattern.matchAll(/(^|[^\\])\{(\d+),(\d*)\}/g)) if (m[3] === '' || m[3] !== m[2]) return `a counted range {${m[2]},${m[3]}} (Anthropic refuses "complex {n,m} quantifiers with large ranges" without saying how large: limit not documented)`;
  return undefined;
}

/** What Anthropic strict tool use does with `key`. */
export function anthropicVerdict(key: string, value: unknown): Verdict {
  const annotation = !ASSERTIONS.has(key);
  if (key === 'format') return ANTHROPIC_FORMATS.has(value as string) ? { kind: 'keep' } : { kind: 'refused', why: `Anthropic strict tool use takes only the formats ${[...ANTHROPIC_FORMATS].join(', ')}, not ${JSON.stringify(value)}` };
  if (key === 'pattern') {
    const problem = typeof value === 'string' ? anthropicRegexProblem(value) : 'a pattern that is not a string';
    return problem ? { kind: 'refused', why: `Anthropic refuses this pattern: it has ${problem}` } : { kind: 'keep' };
  }
  if (key === 'minItems') return value === 0 || value === 1 ? { kind: 'keep' } : { kind: 'clamp', why: `Anthropic takes minItems 0 or 1 only ("Array minItems (only values 0 and 1 supported)"); the strict export sends minItems 1` };
  if (ANTHROPIC_KEEP.has(key)) return { kind: 'keep' };
  if (['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'].includes(key)) return { kind: 'refused', why: `Anthropic refuses numerical constraints such as ${key} (documented; a user report agrees: agentjido/req_llm#302)` };
  if (key === 'minLength' || key === 'maxLength') return { kind: 'refused', why: `Anthropic's docs refuse string constraints (minLength, maxLength); some users report them accepted live in 2026. Treated as refused` };
  if (['maxItems', 'uniqueItems', 'contains', 'minContains', 'maxContains', 'prefixItems'].includes(key)) return { kind: 'refused', why: `Anthropic refuses array constraints beyond minItems 0 or 1, such as ${key}` };
  return { kind: 'refused', why: annotation ? `${key} is not among the features Anthropic lists as supported` : `${key} is not in Anthropic's supported subset` };
}
