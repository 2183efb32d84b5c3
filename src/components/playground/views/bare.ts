// The comparison the site exists to make: what a typical validator says for the same call. AJV with its
// defaults (draft 2020-12, allErrors, formats) run on the arguments as sent, nothing absorbed, with
// `ajv.errorsText()` as the message most servers pass on.
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { parseCall } from '../../../sandbox/formats';
import type { CompiledPack, SchemaNode } from '../../../engine/types';

export type BareError =
  | { kind: 'errors'; text: string; errors: ErrorObject[] }
  | { kind: 'valid'; text: string }
  | { kind: 'parse'; text: string }
  | { kind: 'no-tool'; text: string };

type Compiled = { ajv: Ajv2020; validate: ValidateFunction };
const validators = new WeakMap<SchemaNode, Compiled | Error>();

function validatorFor(schema: SchemaNode): Compiled | Error {
  let v = validators.get(schema);
  if (!v) {
    try {
      // A fresh instance per schema: two tools may share an $id, which one instance refuses.
      const ajv = new Ajv2020({ allErrors: true, strict: false });
      addFormats(ajv);
      v = { ajv, validate: ajv.compile(schema) };
    } catch (err) {
      v = err instanceof Error ? err : new Error(String(err));
    }
    validators.set(schema, v);
  }
  return v;
}

/** What a plain JSON.parse says about text that is not JSON, in this browser's words. */
function jsonParseMessage(text: string): string {
  try {
    JSON.parse(text);
    return 'SyntaxError: the text is not a tool call';
  } catch (err) {
    return `${(err as Error).name}: ${(err as Error).message}`;
  }
}

export function bareError(pack: CompiledPack, text: string, toolOption?: string): BareError {
  const parsed = parseCall(text);
  if (!parsed.ok) {
    // Python-style text is not JSON, so a JSON server fails at its first byte; say so in its own words.
    return { kind: 'parse', text: jsonParseMessage(text) };
  }
  const name = parsed.name ?? toolOption ?? null;
  const tool = name === null ? undefined : pack.tool(name);
  if (!tool) return { kind: 'no-tool', text: name === null ? 'Missing tool name' : `Unknown tool: ${name}` };
  const compiled = validatorFor(tool.wireSchema);
  if (compiled instanceof Error) return { kind: 'parse', text: `${compiled.name}: ${compiled.message}` };
  if (compiled.validate(parsed.args)) return { kind: 'valid', text: 'No errors: AJV accepts these arguments.' };
  const errors = [...(compiled.validate.errors ?? [])];
  return { kind: 'errors', text: compiled.ajv.errorsText(errors), errors };
}
