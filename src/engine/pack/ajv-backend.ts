// The AJV validator backend: Node, the tests, the CLI, the docs pages and a user's own tools compile packs
// with it. It also holds a pack file to its format, its keywords to theirs, each wire schema to the JSON
// Schema meta-schema and each x-example to its field, which the playground's shipped packs skip
// (precompiled-backend.ts) because they passed here at build time. The schemas it compiles into packs are
// a server's or a user's: their patterns run on the untrusted engine (pattern-engine.ts).
import type Ajv2020 from 'ajv/dist/2020';
import { dialectOf, type Dialect } from '../validate/dialect';
import { untrustedRegExp } from './pattern-engine';
import { whenToCompile } from './compile-later';
import { newAjv, toolKey } from './ajv-instance';
import { compilePackWith, type CompileOptions, type PackValidators, type ValidatorBackend } from './pack-compiler';
import { KEYWORD_SCHEMAS, PACK_FILE_SCHEMA } from './pack-schema';
import type { AjvError, CompiledPack, SchemaNode } from '../types';

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

/**
 * AJV 8 evaluates a $dynamicRef only within one schema resource (ajv-validator/ajv#1709); across resources
 * it resolves the wrong anchor or recurses without end on some values. Such a schema is refused when the
 * pack is built, with this reason, rather than failing on a call.
 */
function dynamicRefAcrossResources(schema: unknown): string | undefined {
  let ids = 0;
  let dynamic = false;
  const walk = (node: unknown, depth: number) => {
    if (node === null || typeof node !== 'object' || depth > 64) return;
    if (Array.isArray(node)) return node.forEach((n) => walk(n, depth + 1));
    for (const [k, v] of Object.entries(node)) {
      if (k === 'enum' || k === 'const' || k === 'default' || k === 'examples') continue;
      if (k === '$id' && typeof v === 'string') ids++;
      if (k === '$dynamicRef' || k === '$recursiveRef') dynamic = true;
      walk(v, depth + 1);
    }
  };
  walk(schema, 0);
  return dynamic && ids > 1 ? 'uses $dynamicRef across schema resources (several $id), which AJV 8 cannot evaluate soundly (ajv-validator/ajv#1709): keep the dynamic anchors in one resource, or use $ref' : undefined;
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
    // One AJV instance per draft the pack's tools declare (an instance reads one draft), made when first needed.
    const instances = new Map<Dialect, Ajv2020>();
    const ajvFor = (dialect: Dialect) => {
      let ajv = instances.get(dialect);
      if (!ajv) {
        ajv = newAjv(options.formats ?? (options.asIs ? 'annotate' : 'assert'), undefined, dialect, untrustedRegExp);
        for (const [uri, schema] of Object.entries(options.schemas ?? {})) {
          try {
            ajv.addSchema(schema as SchemaNode, uri);
          } catch {
            // A further schema written in another draft belongs to that draft's instance.
          }
        }
        instances.set(dialect, ajv);
      }
      return ajv;
    };
    const toolDialect = new Map<string, Dialect>();
    return {
      schemaProblems(wire) {
        const d = dialectOf(wire);
        if ('problem' in d) return [{ instancePath: '/$schema', message: d.problem }];
        const ajv = ajvFor(d.dialect);
        return ajv.validateSchema(wire) ? null : (ajv.errors ?? []);
      },
      addTool(name, wire) {
        const d = dialectOf(wire);
        if ('problem' in d) throw new Error(`$schema ${d.problem}`);
        const ajv = ajvFor(d.dialect);
        toolDialect.set(name, d.dialect);
        const key = toolKey(packId, name);
        // Not held to the meta-schema again: compilePackWith asked schemaProblems first (a tenth of a 10,000-tool listing's time).
        ajv.addSchema(wire, key, undefined, false);
        let compiled: Validate | undefined;
        // A user's own tools compile now, so a schema AJV cannot use is refused with the pack, not on a call.
        // Packs compile on first use: the docs build compiles every pack and runs only some tools.
        // A tool a walk vouches for (compile-later.ts) waits for its first call: its problems are found now all the same.
        const later = options.eager && options.firstUse && !options.schemas && whenToCompile(wire) === 'later';
        if (options.eager && !later) {
          const unsound = dynamicRefAcrossResources(wire);
          if (unsound) throw new Error(unsound);
          try {
            compiled = ajv.getSchema(key) as Validate;
            // Some schemas compile and then overflow on every value (AJV 8 with certain $dynamicRef scopes):
            // one run on an empty object finds them here rather than on a call.
            compiled({});
          } catch (err) {
            ajv.removeSchema(key);
            throw err;
          }
        }
        return (args: unknown): AjvError[] | null => {
          compiled ??= ajv.getSchema(key) as Validate;
          return compiled(args) ? null : ((compiled.errors ?? []) as AjvError[]);
        };
      },
      exampleProblems(name, pointer, value) {
        const check = ajvFor(toolDialect.get(name) ?? '2020-12').compile({ $ref: `${toolKey(packId, name)}#${pointer}` });
        return check(value) ? null : (check.errors ?? []);
      },
    };
  },
};

/** Compiles one pack file with AJV, every pack-file check included. */
export function compilePack(input: unknown, origin: string, options: CompileOptions = {}): CompiledPack {
  return compilePackWith(ajvBackend, input, origin, options);
}
