// The AJV validator backend: Node, the tests, the CLI, the docs pages and a user's own tools compile packs
// with it. It also holds a pack file to its format, its keywords to theirs, each wire schema to the JSON
// Schema meta-schema and each x-example to its field, which the playground's shipped packs skip
// (precompiled-backend.ts) because they passed here at build time.
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { STRICT_DATE_FORMATS } from './date-formats';
import { capFormats, cappedRegExp } from './input-cap';
import { compilePackWith, type CompileOptions, type PackValidators, type ValidatorBackend } from './pack-compiler';
import { KEYWORD_SCHEMAS, PACK_FILE_SCHEMA } from './pack-schema';
import type { AjvError, CompiledPack, SchemaNode } from './types';

/** What a standalone (generated) validator needs instead: code that names the same capped regexp engine and formats. */
export interface StandaloneCode {
  regExp: typeof cappedRegExp;
  formats: unknown;
}

/**
 * The one set of AJV options the engine validates with; `standalone` makes the instance able to emit code.
 * @internal Left out of the package's declarations (stripInternal), which then name no type of AJV's.
 */
export function newAjv(formats: 'assert' | 'annotate', standalone?: StandaloneCode) {
  // ownProperties: a key named __proto__, toString or constructor is only present when the caller sent it.
  const ajv = new Ajv2020({
    allErrors: true,
    strict: false,
    // NaN and Infinity are numbers to JavaScript but not to JSON: a server passing parsed values must not accept them.
    strictNumbers: true,
    allowUnionTypes: true,
    logger: false,
    ownProperties: true,
    validateFormats: formats === 'assert',
    code: standalone ? { regExp: standalone.regExp, source: true, esm: true, formats: standalone.formats as never } : { regExp: cappedRegExp },
  });
  addFormats(ajv);
  // RFC 3339 as written: ±hh:mm offsets only, and real days and times (date-formats.ts).
  for (const [name, def] of Object.entries(STRICT_DATE_FORMATS)) ajv.addFormat(name, def);
  // No pattern or format ever runs on a pasted megabyte (input-cap.ts).
  capFormats(ajv);
  return ajv;
}

type Validate = ReturnType<Ajv2020['compile']>;
let packFileValidator: Validate | undefined;
const keywordValidators = new Map<string, Validate>();

function keywordValidator(keyword: string): Validate {
  let v = keywordValidators.get(keyword);
  if (!v) {
    v = newAjv('assert').compile(KEYWORD_SCHEMAS[keyword]);
    keywordValidators.set(keyword, v);
  }
  return v;
}

function describePackError(e: { keyword: string; params: Record<string, any>; message?: string }): string {
  if (e.keyword === 'additionalProperties') return `unexpected key "${e.params.additionalProperty}"`;
  if (e.keyword === 'required') return `missing "${e.params.missingProperty}"`;
  return e.message ?? 'is invalid';
}

/** The key a tool's wire schema is registered under, in the AJV instance of its pack. */
export function toolKey(packId: string, name: string) {
  return `urn:actionable:${encodeURIComponent(packId)}:${encodeURIComponent(name)}`;
}

export const ajvBackend: ValidatorBackend = {
  packFileProblems(input) {
    packFileValidator ??= newAjv('assert').compile(PACK_FILE_SCHEMA);
    if (packFileValidator(input)) return [];
    return (packFileValidator.errors ?? []).map((e) => ({ path: e.instancePath, message: describePackError(e) }));
  },
  keywordProblems(keyword, value) {
    const v = keywordValidator(keyword);
    return v(value) ? [] : (v.errors ?? []);
  },
  forPack(packId: string, options: CompileOptions): PackValidators {
    const ajv = newAjv(options.formats ?? (options.asIs ? 'annotate' : 'assert'));
    for (const [uri, schema] of Object.entries(options.schemas ?? {})) ajv.addSchema(schema as SchemaNode, uri);
    return {
      schemaProblems: (wire) => (ajv.validateSchema(wire) ? null : (ajv.errors ?? [])),
      addTool(name, wire) {
        const key = toolKey(packId, name);
        ajv.addSchema(wire, key);
        // Compiled on first use: the docs build compiles every pack and runs only some tools.
        let compiled: Validate | undefined;
        return (args: unknown): AjvError[] | null => {
          compiled ??= ajv.getSchema(key) as Validate;
          return compiled(args) ? null : ((compiled.errors ?? []) as AjvError[]);
        };
      },
      exampleProblems(name, pointer, value) {
        const check = ajv.compile({ $ref: `${toolKey(packId, name)}#${pointer}` });
        return check(value) ? null : (check.errors ?? []);
      },
    };
  },
};

/** Compiles one pack file with AJV, every pack-file check included. */
export function compilePack(input: unknown, origin: string, options: CompileOptions = {}): CompiledPack {
  return compilePackWith(ajvBackend, input, origin, options);
}
