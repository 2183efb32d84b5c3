// Bring your own tools: the pasted definitions become a pack through the sandbox (src/sandbox/ajv.ts), and
// every problem it reports as data is marked where it is (a JSON pointer, and the range of the text it names).
import type { CompiledPack, Json } from '../../../engine/types';
import { compilePackSource, compileToolDefinitions } from '../../../sandbox/ajv';
import { parseJsonText } from '../../../sandbox/formats';
import { jsonSyntaxProblem, offsetOfLineColumn, type DefinitionProblem } from '../editor/definition-problems';
import { looksLikeJson } from '../../../document-text';
import { rangeOfPointer } from '../editor/pointer-range';

export { jsonSyntaxProblem, type DefinitionProblem };

export type CustomPack =
  /** `refused`: tools that could not be compiled, left out while the others load, each marked where it is. */
  | { ok: true; pack: CompiledPack; refused?: DefinitionProblem[] }
  | { ok: false; summary: string; problems: DefinitionProblem[] }
  /** An API document (OpenAPI, Swagger, Discovery): the importer makes the pack, in a worker (spec-import.ts). */
  | { ok: 'document'; format: string };

/** What API document a value is, in words, or null when it is none the importer reads. The importer decides the rest. */
export function documentFormat(value: Json): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  if (typeof value.openapi === 'string') return `OpenAPI ${value.openapi}`;
  if (value.swagger === '2.0') return 'Swagger 2.0';
  if (typeof value.discoveryVersion === 'string') return 'Google Discovery';
  return null;
}

/** The pack the importer made from a document, compiled with every pack-file check, like a shipped pack. */
export async function compileImportedPack(source: unknown): Promise<CustomPack> {
  const compiled = await compilePackSource(source, 'your API document');
  if (compiled.ok) {
    if (compiled.pack.tools.length === 0) return { ok: false, summary: 'The document has no operation the importer could make a tool of.', problems: [] };
    return { ok: true, pack: compiled.pack };
  }
  const problems = compiled.error !== undefined ? [{ where: 'the document', message: compiled.error }] : compiled.problems.slice(0, 20).map((p) => ({ where: p.path || '/', message: p.message }));
  return { ok: false, summary: 'The imported pack could not be compiled.', problems };
}

/** Reads YAML (parseYamlText in src/yaml-document.ts), which the page loads only once pasted text does not open as JSON. */
export type YamlReader = (text: string) => { ok: true; value: unknown } | { ok: false; message: string; line: number; column: number };

/** The pasted text as a value: JSON, or YAML when it does not open as JSON; a syntax error is a problem at its line and column. */
export function readPastedTools(text: string, parseYaml?: YamlReader): { ok: true; value: Json } | { ok: false; pack: CustomPack } {
  if (parseYaml && !looksLikeJson(text)) {
    const read = parseYaml(text);
    if (read.ok) return { ok: true, value: read.value as Json };
    const start = Math.min(offsetOfLineColumn(text, read.line, read.column), Math.max(0, text.length - 1));
    const message = read.message.replace(/^is not valid YAML at line \d+, column \d+: /, '');
    return { ok: false, pack: { ok: false, summary: 'The definitions are neither JSON nor valid YAML.', problems: [{ where: `line ${read.line}, column ${read.column}`, message, range: { start, end: start + 1 } }] } };
  }
  const parsed = parseJsonText(text, '');
  if (!parsed.ok) return { ok: false, pack: { ok: false, summary: 'The definitions are not valid JSON.', problems: [jsonSyntaxProblem(text, parsed.fault, 'the definitions')] } };
  return parsed;
}

export function compileCustomTools(text: string, parseYaml?: YamlReader): CustomPack {
  if (text.trim() === '') {
    return { ok: false, summary: 'No tool definitions yet.', problems: [{ where: 'the definitions', message: 'are empty: paste an array of OpenAI, Anthropic or MCP tool definitions' }] };
  }
  const parsed = readPastedTools(text, parseYaml);
  if (!parsed.ok) return parsed.pack;
  const format = documentFormat(parsed.value);
  if (format) return { ok: 'document', format };
  const compiled = compileToolDefinitions(parsed.value);
  if (compiled.ok) {
    if (!compiled.refused.length) return { ok: true, pack: compiled.pack };
    const refused = compiled.refused.map((r) => {
      const at = rangeOfPointer(text, r.pointer);
      return { where: at?.pointer ?? (r.pointer || '/'), message: `${r.tool}: ${plainer(at?.pointer ?? r.pointer, r.reason)}`, range: at?.range };
    });
    return { ok: true, pack: compiled.pack, refused };
  }
  if (compiled.error !== undefined) return { ok: false, summary: 'The definitions could not be read.', problems: [{ where: 'the definitions', message: compiled.error }] };
  return {
    ok: false,
    summary: `The definitions have ${new Set(compiled.problems.map((p) => p.path)).size === 1 ? 'a problem' : 'problems'}; each is marked where it is.`,
    problems: dedupe(
      compiled.problems.map((p) => {
        const at = rangeOfPointer(text, p.path);
        return { where: at?.pointer ?? (p.path || '/'), message: plainer(at?.pointer ?? p.path, p.message), range: at?.range };
      }),
    ),
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
