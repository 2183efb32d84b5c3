// A tools document (OpenAPI, Swagger, Discovery, or tool definitions) written in YAML, read with the `yaml`
// package: for `--tools FILE` (src/cli/bin.ts) and the playground's Your tools (custom-tools.ts, the import
// worker). Import this module only when looksLikeJson() says no, so JSON readers never load the parser.
import { isScalar, parseDocument } from 'yaml';

export type YamlRead = { ok: true; value: unknown } | { ok: false; message: string; line: number; column: number };

/** Reads YAML into plain JSON values; a syntax error comes back with its line and column (1-based), never thrown. */
export function parseYamlText(text: string): YamlRead {
  let doc;
  try {
    // uniqueKeys: a repeated key is an error, as a JSON reader would not be told which one wins.
    doc = parseDocument(text, { prettyErrors: true, uniqueKeys: true, logLevel: 'error' });
  } catch (err) {
    return { ok: false, message: `is not valid YAML: ${firstLine(err)}`, line: 1, column: 1 };
  }
  const error = doc.errors[0];
  if (error) {
    const at = error.linePos?.[0] ?? { line: 1, col: 1 };
    return { ok: false, message: `is not valid YAML at line ${at.line}, column ${at.col}: ${reason(error.message)}`, line: at.line, column: at.col };
  }
  let value: unknown;
  try {
    // A document of aliases to aliases can grow without bound; the library stops it at this count.
    value = doc.toJS({ maxAliasCount: 1000 });
  } catch (err) {
    return { ok: false, message: `is not valid YAML: ${firstLine(err)}`, line: 1, column: 1 };
  }
  if (typeof value !== 'object' || value === null) {
    return { ok: false, message: 'is neither JSON nor a YAML mapping or list: a tools document is an object or an array', line: 1, column: 1 };
  }
  // `swagger: 2.0` and `openapi: 3.1` are versions, which YAML reads as numbers (2, 3.1): keep them as written.
  if (!Array.isArray(value)) {
    for (const key of ['openapi', 'swagger']) {
      const node = doc.get(key, true);
      if (isScalar(node) && typeof node.value === 'number') (value as Record<string, unknown>)[key] = node.source ?? String(node.value);
    }
  }
  return { ok: true, value };
}

/** The library's message without its place (said apart) and its excerpt of the text. */
function reason(message: string): string {
  return message.replace(/ at line \d+, column \d+:[\s\S]*$/, '').trim();
}

function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0];
}
