// The playground validates shipped packs with generated code (src/generated/validators/, npm run precompile)
// instead of AJV's compiler. These tests hold the committed modules to what the generator writes now, and
// the generated validators to the AJV backend: same bodies, same verdicts, same corrections, same errors.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { generateAll } from '../src/cli/precompile-validators';
import { check, checkExampleOptions, loadPack, serializeBody, type CheckOptions, type CompiledPack, type Json } from '../src/engine';
import { compilePackWith } from '../src/engine/pack/pack-compiler';
import { precompiledBackend, type StandaloneValidate } from '../src/engine/pack/precompiled-backend';
import { REGEX_INPUT_MAX } from '../src/engine/validate/input-cap';
import { PACK_FILES } from '../src/packs';
import { fullFormats } from 'ajv-formats/dist/formats';

/** ajv-formats' own test for a format, without the cap. */
function formatTest(name: string): (s: string) => boolean {
  const def = (fullFormats as Record<string, unknown>)[name] as RegExp | ((s: string) => boolean) | { validate: RegExp | ((s: string) => boolean) };
  const v = typeof def === 'object' && !(def instanceof RegExp) ? def.validate : def;
  return v instanceof RegExp ? (s) => v.test(s) : v;
}

const generated = generateAll();
/** Long values across all packs that only the cap refuses (their pattern or format alone would pass them). */
let cappedOnly = 0;

describe('the committed validator modules', () => {
  test('one per shipped pack', () => {
    expect([...generated.keys()].map((p) => p.replace(/^.*\//, '').replace(/\.js$/, '')).sort()).toEqual(
      Object.keys(PACK_FILES).map((p) => p.replace(/^.*\//, '').replace(/\.json$/, '')).sort(),
    );
  });
  for (const [path, source] of generated) {
    test(`${path} is what the generator writes now`, () => {
      let committed: string;
      try {
        committed = readFileSync(path, 'utf8');
      } catch {
        throw new Error(`${path} is missing: run npm run precompile`);
      }
      if (committed !== source) throw new Error(`${path} is stale: run npm run precompile`);
    });
  }
});

/** Every call a pack's examples make, with the options each runs with. */
function exampleCalls(pack: CompiledPack): { label: string; tool: string; args: Json; options: CheckOptions }[] {
  const calls: { label: string; tool: string; args: Json; options: CheckOptions }[] = [];
  for (const tool of pack.source.tools) {
    const ex = tool.examples ?? {};
    (ex.valid ?? []).forEach((args, i) => calls.push({ label: `${tool.name} valid/${i}`, tool: tool.name, args, options: {} }));
    (ex.invalid ?? []).forEach((e, i) => calls.push({ label: `${tool.name} invalid/${i}`, tool: tool.name, args: e.arguments, options: {} }));
    (ex.checks ?? []).forEach((e, i) => calls.push({ label: `${tool.name} checks/${i}`, tool: tool.name, args: e.arguments, options: checkExampleOptions(pack, e) }));
  }
  return calls;
}

for (const [file, data] of Object.entries(PACK_FILES)) {
  const id = file.replace(/^.*\//, '').replace(/\.json$/, '');
  describe(`${id}: generated validators against the AJV backend`, async () => {
    const withAjv = loadPack(file, data);
    const mod = (await import(`../src/generated/validators/${id}.js`)) as { validators: Record<string, StandaloneValidate> };
    const precompiled = compilePackWith(precompiledBackend(mod.validators), data, file);

    test('a validator for every tool, and no other', () => {
      expect(Object.keys(mod.validators).sort()).toEqual(withAjv.tools.map((t) => t.name).sort());
      expect(precompiled.tools.map((t) => t.name)).toEqual(withAjv.tools.map((t) => t.name));
    });

    test('every example: the same bytes, verdict, corrections and validator errors', () => {
      const calls = exampleCalls(withAjv);
      expect(calls.length).toBeGreaterThan(withAjv.tools.length);
      let rejected = 0;
      for (const c of calls) {
        const input = { name: c.tool, arguments: c.args };
        const a = check(withAjv, input, c.options);
        const b = check(precompiled, input, c.options);
        expect(b.ok, c.label).toBe(a.ok);
        expect(b.body === null ? null : serializeBody(b.body), c.label).toBe(a.body === null ? null : serializeBody(a.body));
        expect(b.corrections, c.label).toEqual(a.corrections);
        expect(precompiled.tool(c.tool)!.validate(c.args), c.label).toEqual(withAjv.tool(c.tool)!.validate(c.args));
        if (!a.ok) rejected++;
      }
      // Both verdicts occur, so the comparison covers the error path and the accepting one.
      expect(rejected).toBeGreaterThan(0);
      expect(rejected).toBeLessThan(calls.length);
    });

    test('the same length cap on patterns and formats (input-cap.ts)', () => {
      let capped = 0;
      let compared = 0;
      for (const tool of withAjv.tools) {
        const valid = tool.source.examples?.valid?.[0] as Record<string, Json> | undefined;
        if (!valid) continue;
        for (const f of tool.fields.values()) {
          if (f.path.includes('.') || f.path.includes('[') || (typeof f.schema.pattern !== 'string' && typeof f.schema.format !== 'string')) continue;
          if (typeof valid[f.name] !== 'string') continue;
          // A value that passes, made too long for any regular expression to see.
          const long = String(valid[f.name]).padEnd(REGEX_INPUT_MAX + 1, String(valid[f.name]).slice(-1));
          const args = { ...valid, [f.name]: long };
          const errors = withAjv.tool(tool.name)!.validate(args);
          expect(errors, `${tool.name}.${f.path}`).not.toBeNull();
          expect(precompiled.tool(tool.name)!.validate(args), `${tool.name}.${f.path}`).toEqual(errors);
          // Counted only where the field's own test would pass the long value, so only the cap refuses it.
          const own = typeof f.schema.pattern === 'string' ? new RegExp(f.schema.pattern, 'u').test(long) : formatTest(f.schema.format)(long);
          if (own && errors!.some((e) => e.instancePath === `/${f.name}` && (e.keyword === 'pattern' || e.keyword === 'format'))) capped++;
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(0);
      cappedOnly += capped;
    });
  });
}

test('the cap, not the pattern or format, refused some of those long values', () => {
  expect(cappedOnly).toBeGreaterThan(0);
});
