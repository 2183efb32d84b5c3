// Bring your own tools: the pasted definitions become a pack through the engine, and every problem is
// reported with where it is (a JSON pointer, and the range of the text it names).
import { PackError } from '../../engine/pack-compiler';
import { parseJsonText } from '../../engine/parse';
import { packFromToolDefinitions } from '../../engine/tools-import';
import type { CompiledPack, Fault } from '../../engine/types';
import { offsetOfLineColumn } from './diagnostics';
import { rangeOfPointer, type TextRange } from './locate';

export interface DefinitionProblem {
  /** Where, in words a person reads: a JSON pointer, or a line and column. */
  where: string;
  message: string;
  range?: TextRange;
}

export type CustomPack = { ok: true; pack: CompiledPack } | { ok: false; summary: string; problems: DefinitionProblem[] };

export function compileCustomTools(text: string): CustomPack {
  if (text.trim() === '') {
    return { ok: false, summary: 'No tool definitions yet.', problems: [{ where: 'the definitions', message: 'are empty: paste an array of OpenAI, Anthropic or MCP tool definitions' }] };
  }
  const parsed = parseJsonText(text, '');
  if (!parsed.ok) return { ok: false, summary: 'The definitions are not valid JSON.', problems: [jsonSyntaxProblem(text, parsed.fault, 'the definitions')] };
  try {
    return { ok: true, pack: packFromToolDefinitions(parsed.value) };
  } catch (err) {
    if (err instanceof PackError) {
      return {
        ok: false,
        summary: `The definitions have ${new Set(err.problems.map((p) => p.path)).size === 1 ? 'a problem' : 'problems'}; each is marked where it is.`,
        problems: dedupe(
          err.problems.map((p) => {
            const at = rangeOfPointer(text, p.path);
            return { where: at?.pointer ?? (p.path || '/'), message: plainer(at?.pointer ?? p.path, p.message), range: at?.range };
          }),
        ),
      };
    }
    return { ok: false, summary: 'The definitions could not be read.', problems: [{ where: 'the definitions', message: err instanceof Error ? err.message : String(err) }] };
  }
}

/** A JSON syntax error as a problem: its line and column, what was expected there, and a one-character range. */
export function jsonSyntaxProblem(text: string, fault: Fault, whole: string): DefinitionProblem {
  const { line, column } = (fault.extra ?? {}) as { line?: number; column?: number };
  const offset = line !== undefined && column !== undefined ? offsetOfLineColumn(text, line, column) : 0;
  const start = Math.min(offset, Math.max(0, text.length - 1));
  return {
    where: line !== undefined ? `line ${line}, column ${column}` : whole,
    message: fault.message.replace(/^is not valid JSON at line \d+, column \d+: /, '').replace(/^is empty at line \d+, column \d+: /, ''),
    range: { start, end: start + 1 },
  };
}

/** AJV's meta-schema reports one bad keyword several times over (enum, type, anyOf): keep the first per place. */
function dedupe(problems: DefinitionProblem[]): DefinitionProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    if (seen.has(p.where)) return false;
    seen.add(p.where);
    return true;
  });
}

const SCHEMA_TYPES = 'string, number, integer, boolean, object, array, null';

/** The meta-schema's words for a bad `type` do not say what is allowed; the list is short, so say it. */
function plainer(pointer: string, message: string): string {
  if (/\/type$/.test(pointer) && /must be equal to one of the allowed values$/.test(message)) return `${message}: ${SCHEMA_TYPES}`;
  return message;
}
