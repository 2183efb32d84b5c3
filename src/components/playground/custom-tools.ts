// Bring your own tools: the pasted definitions become a pack through the engine, and every problem is
// reported with where it is (a JSON pointer, and the range of the text it names).
import { PackError } from '../../engine/pack-compiler';
import { parseJsonText } from '../../engine/parse';
import { packFromToolDefinitions } from '../../engine/tools-import';
import type { CompiledPack } from '../../engine/types';
import { jsonSyntaxProblem, type DefinitionProblem } from './definition-problems';
import { rangeOfPointer } from './locate';

export { jsonSyntaxProblem, type DefinitionProblem };

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
