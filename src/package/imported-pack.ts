// An imported pack (content/packs/imported/<id>.json) as the CLI, the MCP proxy and `actionable-errors/packs/<id>`
// serve it. Its tools compile one at a time, when something first reads one past its name (check() does so
// only for the tool a call names; an export or tools/list compiles them all), each tool's schema handed to
// AJV then and its validator compiled on its first call: a pack of 1,223 tools starts in the time of one.
// This is what the playground does a part at a time (src/imported/lazy-pack.ts), done synchronously here,
// since the whole pack's JSON is in memory, so a pack module stays synchronous for require().
// The pack-file checks (format, keywords, examples, the meta-schema) are left out: every imported tool passed
// them with the AJV backend when the importer wrote it (src/importer/index.ts compiles each one), and
// tests/importer/fresh.test.ts holds the committed packs to what the importer writes.
import { newAjv, toolKey } from '../engine/pack/ajv-instance';
import { untrustedRegExp } from '../engine/pack/pattern-engine';
import { dialectOf, type Dialect } from '../engine/validate/dialect';
import { compilePackWith, type ValidatorBackend } from '../engine/pack/pack-compiler';
// An imported pack's examples show its ids' shapes: read them as the site and check() do (promises/).
import '../engine/pack/promises/reader-default';
import type { AjvError, CompiledPack, CompiledTool, PackSource } from '../engine/types';
import { registerRegistries, type ShippedRegistry } from './shipped-pack';

type Ajv = ReturnType<typeof newAjv>;
type Validate = ReturnType<Ajv['compile']>;

/**
 * AJV with the engine's options, one instance per draft, made when first needed; nothing is done for a tool until
 * its first call. No pack-file check: for packs already checked when written (the site compiles the imported ones with it).
 */
export function lazyAjvBackend(): ValidatorBackend {
  const instances = new Map<Dialect, Ajv>();
  return {
    forPack(packId, options) {
      return {
        addTool(name, wire) {
          const d = dialectOf(wire);
          if ('problem' in d) throw new Error(`$schema ${d.problem}`);
          let compiled: Validate | undefined;
          return (args: unknown): AjvError[] | null => {
            if (!compiled) {
              let ajv = instances.get(d.dialect);
              if (!ajv) instances.set(d.dialect, (ajv = newAjv(options.formats ?? 'assert', undefined, d.dialect, untrustedRegExp)));
              const key = toolKey(packId, name);
              // Not checked against the meta-schema again (see above): that alone costs more than the compile.
              if (!ajv.getSchema(key)) ajv.addSchema(wire, key, undefined, false);
              compiled = ajv.getSchema(key) as Validate;
            }
            return compiled(args) ? null : ((compiled.errors ?? []) as AjvError[]);
          };
        },
      };
    },
  };
}

const TOOL_KEYS = ['summary', 'operation', 'source', 'wireSchema', 'modelSchema', 'fields', 'validate', 'checks', 'effects'] as const;

export function importedPack(data: unknown, registries: readonly ShippedRegistry[]): CompiledPack {
  registerRegistries(registries);
  const source = data as PackSource;
  const origin = `content/packs/imported/${source.id}.json`;
  const backend = lazyAjvBackend();
  const shell = compilePackWith(backend, { ...source, tools: [] }, origin);
  const tools = source.tools.map((toolSource) => {
    const tool = { name: toolSource.name, resource: toolSource.resource } as CompiledTool;
    let done = false;
    // The first read of anything but the name compiles the tool and puts its fields on this same object.
    const compile = () => {
      if (done) return;
      done = true;
      const [compiled] = compilePackWith(backend, { ...source, tools: [toolSource] }, origin).tools;
      for (const key of TOOL_KEYS) Object.defineProperty(tool, key, { value: compiled[key as keyof CompiledTool], writable: true, enumerable: true, configurable: true });
      Object.assign(tool, compiled, { name: tool.name });
    };
    for (const key of TOOL_KEYS) {
      Object.defineProperty(tool, key, {
        get() {
          compile();
          return (tool as unknown as Record<string, unknown>)[key];
        },
        enumerable: true,
        configurable: true,
      });
    }
    return tool;
  });
  const byName = new Map(tools.map((t) => [t.name, t]));
  return { ...shell, tools, tool: (name) => byName.get(name), source };
}
