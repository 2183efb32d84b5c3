// Existence on every id, read from the packs themselves. A field that holds ids of a record kind of the
// pack's state declares it with `x-record`; from that declaration, on every tool of every pack: the field
// has an exists check on that kind and a resolving call (x-resolve-with) that is a tool of the pack able to
// list or search that kind; every exists check stops the pack's own example with a not_found that names
// the resolving call, and lets another through; and a record hidden from the caller, or placed elsewhere,
// reads the same on every tool. No tool or field name is written here.
import { describe, expect, test } from 'vitest';
import { check, checkExampleOptions, serializeBody, type CompiledCheck, type CompiledPack, type CompiledTool, type ExistsCheckSource, type FieldInfo, type Json } from '../src/engine';
import { packs } from '../src/packs';

const CALL = /^([A-Za-z0-9_-]{1,64})\((.*)\)$/;

interface IdField {
  tool: CompiledTool;
  field: FieldInfo;
  kind: string;
}

function idFields(pack: CompiledPack): IdField[] {
  return pack.tools.flatMap((tool) =>
    [...tool.fields.values()].filter((f) => typeof f.schema['x-record'] === 'string').map((field) => ({ tool, field, kind: String(field.schema['x-record']) })),
  );
}

const existsChecks = (tool: CompiledTool) => tool.checks.filter((c) => c.kind === 'exists');
const sourceOf = (c: CompiledCheck) => c.source as ExistsCheckSource;

/** Every call a tool's own examples make, with the options each runs with. */
function exampleRuns(pack: CompiledPack, tool: CompiledTool) {
  const ex = tool.source.examples ?? {};
  return [
    ...(ex.valid ?? []).map((args) => ({ args: args as Json, options: {} })),
    ...(ex.invalid ?? []).map((e) => ({ args: e.arguments, options: {} })),
    ...(ex.checks ?? []).map((e) => ({ args: e.arguments, options: checkExampleOptions(pack, e) })),
  ].map((r) => ({ ...r, result: check(pack, { name: tool.name, arguments: r.args }, r.options) }));
}

/** The strings an expression mentions, to find `$records.<kind>[` lookups. */
function texts(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) texts(x, out);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) texts(x, out);
  return out;
}

for (const pack of packs) {
  describe(`${pack.id}: every id names its records, is checked, and says where valid ids come from`, () => {
    const ids = idFields(pack);
    const kinds = Object.keys(pack.state?.records ?? {});

    test('the pack declares its id fields', () => {
      expect(ids.length).toBeGreaterThan(0);
    });

    test('each id field names a kind of the state and a resolving tool of the pack that does not itself need such an id', () => {
      for (const { tool, field, kind } of ids) {
        const where = `${tool.name}.${field.path}`;
        expect(kinds, where).toContain(kind);
        const m = CALL.exec(field.resolveWith ?? '');
        expect(m, `${where} has no x-resolve-with`).not.toBeNull();
        const resolver = pack.tool(m![1]);
        expect(resolver, `${where}: x-resolve-with names ${m![1]}, which is not a tool of ${pack.id}`).toBeDefined();
        const needs = [...resolver!.fields.values()].filter((f) => f.required && f.schema['x-record'] === kind).map((f) => f.path);
        expect(needs, `${where}: ${resolver!.name} cannot find ${kind} if it needs one first`).toEqual([]);
        // The arguments the call names are the resolver's own.
        for (const arg of m![2].split(',').map((a) => a.trim()).filter(Boolean)) expect(resolver!.fields.has(arg), `${where}: ${resolver!.name} has no argument ${arg}`).toBe(true);
      }
    });

    test('each id argument, on every tool, has an exists check on its kind', () => {
      const missing = ids
        .filter(({ field }) => !field.path.includes('[]'))
        .filter(({ tool, field, kind }) => !existsChecks(tool).some((c) => sourceOf(c).argument === field.path && sourceOf(c).record === kind))
        .map(({ tool, field }) => `${tool.name}.${field.path}`);
      expect(missing).toEqual([]);
    });

    test('each exists check is on an argument that declares the kind it looks up', () => {
      for (const tool of pack.tools) {
        for (const c of existsChecks(tool)) {
          const s = sourceOf(c);
          expect(tool.fields.get(s.argument)?.schema['x-record'], `${tool.name} ${c.id}`).toBe(s.record);
        }
      }
    });

    test('each exists check stops a pack example with a not_found that names the resolving call, and passes another', () => {
      let seen = 0;
      for (const tool of pack.tools) {
        const runs = existsChecks(tool).length ? exampleRuns(pack, tool) : [];
        for (const c of existsChecks(tool)) {
          const s = sourceOf(c);
          const field = tool.fields.get(s.argument)!;
          const stopped = runs.filter((r) => r.result.log.check === c.id);
          expect(stopped.length, `${tool.name} ${c.id}: no example stops it`).toBeGreaterThan(0);
          for (const r of stopped) {
            const sent = (r.args as Record<string, Json>)[s.argument.split('.')[0]];
            const received = s.argument.includes('.') ? s.argument.split('.').slice(1).reduce<Json>((v, k) => (v as Record<string, Json>)[k], sent) : sent;
            expect(serializeBody(r.result.body!), `${tool.name} ${c.id}`).toBe(
              JSON.stringify({
                error: 'not_found',
                field: s.argument,
                // The resolving call is next_call; the message does not repeat it.
                message: `matches no ${c.noun}`,
                received,
                next_call: field.resolveWith,
                retryable: false,
              }),
            );
            seen++;
          }
          expect(runs.some((r) => r.result.checks.some((step) => step.id === c.id && step.outcome === 'passed')), `${tool.name} ${c.id}: no example gets past it`).toBe(true);
        }
      }
      expect(seen).toBeGreaterThanOrEqual(ids.filter(({ field }) => !field.path.includes('[]')).length);
    });

    test('a record kind is hidden, and placed, the same way on every tool that looks it up', () => {
      const byKind = new Map<string, { where: string; visible?: Json; place?: Json }[]>();
      for (const tool of pack.tools) {
        for (const c of existsChecks(tool)) {
          const s = sourceOf(c);
          const list = byKind.get(s.record) ?? [];
          list.push({ where: `${tool.name} ${c.id}`, visible: s.visible, place: s.where });
          byKind.set(s.record, list);
        }
      }
      for (const [kind, list] of byKind) {
        for (const x of list) {
          expect(JSON.stringify(x.visible ?? null), `${kind}: visible at ${x.where}`).toBe(JSON.stringify(list[0].visible ?? null));
          expect(JSON.stringify(x.place ?? null), `${kind}: where at ${x.where}`).toBe(JSON.stringify(list[0].place ?? null));
        }
      }
    });

    test('every record kind of the state is named by an id field, or is a table a rule reads by a computed key', () => {
      const named = new Set(ids.map((i) => i.kind));
      const lookups = new Set(pack.tools.flatMap((t) => texts(t.checks.map((c) => c.source))).flatMap((x) => [...x.matchAll(/\$records\.([A-Za-z0-9_-]+)\[/g)].map((m) => m[1])));
      for (const kind of kinds) expect(named.has(kind) || lookups.has(kind), `${pack.id}: the record kind ${kind} is neither named by a field nor read as a table`).toBe(true);
    });

    test('no field holds ids of a named kind without declaring it', () => {
      const named = new Set(ids.map((i) => i.kind));
      const records = pack.state?.records ?? {};
      const kindOf = (v: unknown) => (typeof v === 'string' ? [...named].find((k) => Object.prototype.hasOwnProperty.call(records[k] ?? {}, v)) : undefined);
      for (const tool of pack.tools) {
        const valid = (tool.source.examples?.valid ?? []) as Record<string, Json>[];
        for (const field of tool.fields.values()) {
          if (field.path.includes('[]')) continue;
          const values = [field.example, ...valid.map((v) => field.path.split('.').reduce<Json | undefined>((o, k) => (o && typeof o === 'object' && !Array.isArray(o) ? (o as Record<string, Json>)[k] : undefined), v))];
          const kind = values.map(kindOf).find(Boolean);
          if (kind) expect(field.schema['x-record'], `${tool.name}.${field.path} holds ${kind} ids`).toBe(kind);
        }
      }
    });

    test('a field that points to a resolving call declares the kind it names (only an array item, which no exists check reaches, may not)', () => {
      for (const tool of pack.tools) {
        for (const field of tool.fields.values()) {
          if (field.resolveWith && !field.path.includes('[]')) expect(field.schema['x-record'], `${tool.name}.${field.path}`).toBeDefined();
        }
      }
    });
  });
}
