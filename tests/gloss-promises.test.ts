// A constraint is checked; a gloss is only read. So a gloss that says a value is refused, required, needed
// or must be something has to be backed by a declaration that enforces it, or be marked `x-vendor-only`
// (what only the vendor can know, such as when a sync token expires). The test reads every gloss of every
// pack and finds its enforcer:
// - a promise whose clause names other arguments of the tool ("end must use date too") is cross-field: a
//   rule must read the field and one of those arguments, or the two must be declared in conflict;
// - any other promise is about the field's own value: a keyword that refuses a value for its form (enum,
//   pattern, format, value set, properties, on the field or its items), a bound or length where the clause
//   states a number, `type` where it names a JSON type, the parent's `required` where it says required or
//   needed, or a rule that reads the field.
import { describe, expect, test } from 'vitest';
import type { CompiledPack, CompiledTool, ExistsCheckSource, FieldInfo, RuleCheckSource } from '../src/engine';
import { readFileSync } from 'node:fs';
import { overlaidPackIds } from '../src/cli/overlays';
import { compilePackWith } from '../src/engine/pack/pack-compiler';
import { lazyAjvBackend } from '../src/package/imported-pack';
import { packs as curatedPacks } from '../src/packs';

// The curated packs, and the imported packs an overlay gives glosses to (content/packs/overlays/). Only their
// fields and declared rules are read, so the imported ones are compiled as the site compiles them: each
// validator on first use (never, here), without the pack-file checks the importer already ran.
const overlaid = overlaidPackIds().map((id) => compilePackWith(lazyAjvBackend(), JSON.parse(readFileSync(`content/packs/imported/${id}.json`, 'utf8')), `content/packs/imported/${id}.json`));
const packs = [...curatedPacks, ...overlaid];

const PROMISE = /\b(refused|refuses|rejected|rejects|required|requires|needed|needs|must|not accepted)\b/i;
const NEEDS = /\b(required|requires|needed|needs)\b/i;
const JSON_TYPES = /\b(string|strings|number|numbers|integer|integers|array|arrays|object|objects|true|false|boolean)\b/i;
/** Keywords that refuse a value for its form, on the field or on its items. */
const SHAPE_KEYWORDS = ['enum', 'const', 'pattern', 'format', 'x-value-set', 'additionalProperties', 'propertyNames'];
/** Keywords that refuse a value for its size: they hold a promise only when it states a number. */
const BOUND_KEYWORDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'maxLength', 'minItems', 'maxItems', 'uniqueItems', 'maxProperties', 'minProperties'];

interface Promise {
  pack: CompiledPack;
  tool: CompiledTool;
  field: FieldInfo;
  /** The clauses of the gloss that promise something. */
  clauses: string[];
}

function promises(): Promise[] {
  const out: Promise[] = [];
  for (const pack of packs) {
    for (const tool of pack.tools) {
      for (const field of tool.fields.values()) {
        if (!field.gloss) continue;
        const clauses = field.gloss.split(/[;:]\s+/).filter((c) => PROMISE.test(c));
        if (clauses.length) out.push({ pack, tool, field, clauses });
      }
    }
  }
  return out;
}

const related = (a: string, b: string) => a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`) || a.startsWith(`${b}[]`) || b.startsWith(`${a}[]`);

/** Other arguments of the tool a clause names as words (not inside quotes or a dotted path such as data.charge). */
function mentioned(tool: CompiledTool, field: FieldInfo, clause: string): string[] {
  const out: string[] = [];
  for (const other of tool.fields.values()) {
    if (related(other.path, field.path) || other.name === field.name) continue;
    for (const name of new Set([other.path, other.name])) {
      const re = new RegExp(`(?<![\\w."'\\[])${name.replace(/[.[\]]/g, (c) => `\\${c}`)}(?![\\w"'\\]])`);
      if (re.test(clause)) out.push(other.path);
    }
  }
  return [...new Set(out)];
}

/** The argument paths a rule reads, with a record bound by an exists check read as its argument. */
function readsOf(tool: CompiledTool, rule: RuleCheckSource): string[] {
  const bound = new Map(tool.checks.filter((c) => c.kind === 'exists').map((c) => [c.binding!, (c.source as ExistsCheckSource).argument]));
  const paths: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string' && v.startsWith('$')) {
      for (const m of v.matchAll(/\$([A-Za-z_][A-Za-z0-9_]*)((?:\.[A-Za-z0-9_-]+)*)/g)) {
        if (m[1] === 'args') paths.push(m[2].slice(1));
        else if (bound.has(m[1])) paths.push(bound.get(m[1])!);
      }
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk([rule.when, rule.let ?? {}]);
  if (rule.field) paths.push(rule.field);
  return paths;
}

function rules(tool: CompiledTool): RuleCheckSource[] {
  return tool.checks.filter((c) => c.kind === 'rule').map((c) => c.source as RuleCheckSource);
}

function parentRequires(tool: CompiledTool, field: FieldInfo): boolean {
  const parent = field.path.includes('.') ? tool.fields.get(field.path.slice(0, field.path.lastIndexOf('.'))) : undefined;
  const schema = parent ? parent.schema : tool.source.arguments;
  const branches = [schema, ...(Array.isArray(schema.anyOf) ? schema.anyOf : []), ...(Array.isArray(schema.oneOf) ? schema.oneOf : [])];
  return field.required || branches.some((b) => Array.isArray(b?.required) && b.required.includes(field.name));
}

/** What could enforce one promising clause, in words; empty when nothing does. */
function enforcers(tool: CompiledTool, field: FieldInfo, clause: string): string[] {
  const others = mentioned(tool, field, clause);
  const out: string[] = [];
  if (others.length) {
    for (const r of rules(tool)) {
      const reads = readsOf(tool, r);
      if (reads.some((p) => related(p, field.path)) && reads.some((p) => others.some((o) => related(p, o)))) out.push(`rule ${r.code}`);
    }
    // A conflict is declared between siblings only, so it can hold a promise about siblings only.
    const siblings = others.every((o) => o.split('.').slice(0, -1).join('.') === field.path.split('.').slice(0, -1).join('.'));
    const names = [field.name, ...others.map((o) => tool.fields.get(o)!.name)];
    if (siblings && [field, ...others.map((o) => tool.fields.get(o)!)].some((f) => f.conflicts && names.some((n) => n !== f.name && f.conflicts!.with.includes(n)))) out.push('x-conflicts');
    return [...new Set(out)];
  }
  for (const r of rules(tool)) if (readsOf(tool, r).some((p) => related(p, field.path))) out.push(`rule ${r.code}`);
  if (NEEDS.test(clause) && parentRequires(tool, field)) out.push('required');
  const s = field.schema;
  const items = s.items && typeof s.items === 'object' ? s.items : {};
  out.push(...SHAPE_KEYWORDS.filter((k) => k in s || k in items));
  if (/\d/.test(clause)) out.push(...BOUND_KEYWORDS.filter((k) => k in s));
  if (JSON_TYPES.test(clause) && s.type !== undefined) out.push('type');
  return [...new Set(out)];
}

const found = promises();

describe('glosses that promise what a check must enforce', () => {
  test('the promises are found', () => {
    expect(found.length).toBeGreaterThanOrEqual(20);
    for (const pack of curatedPacks) expect(found.some((p) => p.pack === pack), pack.id).toBe(true);
    expect(overlaid.length).toBe(overlaidPackIds().length);
    expect(overlaid.length).toBeGreaterThan(0);
  });

  test('every promise is enforced by a declaration, or marked as known only to the vendor', () => {
    const unenforced: string[] = [];
    for (const { pack, tool, field, clauses } of found) {
      if (typeof field.schema['x-vendor-only'] === 'string') continue;
      for (const clause of clauses) if (!enforcers(tool, field, clause).length) unenforced.push(`${pack.id}.${tool.name}.${field.path}: "${clause}"`);
    }
    expect(unenforced).toEqual([]);
  });

  test('x-vendor-only marks only glosses that promise something', () => {
    for (const pack of packs) {
      for (const tool of pack.tools) {
        for (const field of tool.fields.values()) {
          if (field.schema['x-vendor-only'] === undefined) continue;
          expect(found.some((p) => p.field === field), `${pack.id}.${tool.name}.${field.path}`).toBe(true);
        }
      }
    }
  });

  test('the cross-field promises of the calendar are each held by their rule', () => {
    const calendar = packs.find((p) => p.id === 'google-calendar')!;
    const of = (tool: string, path: string) => {
      const t = calendar.tool(tool)!;
      const f = t.fields.get(path)!;
      return found.find((p) => p.field === f)!.clauses.map((c) => enforcers(t, f, c));
    };
    expect(of('events_insert', 'end.dateTime')).toEqual([['rule mixed_all_day_and_timed', 'rule time_range_empty', 'rule slot_taken']]);
    expect(of('events_insert', 'start.date')).toEqual([
      ['rule mixed_all_day_and_timed', 'rule time_range_empty'],
      ['rule mixed_all_day_and_timed', 'rule time_range_empty'],
    ]);
    expect(of('events_patch', 'start')).toEqual([['rule mixed_all_day_and_timed', 'rule time_range_empty', 'rule recurrence_needs_time_zone']]);
    expect(of('events_insert', 'recurrence')).toEqual([['rule recurrence_needs_time_zone']]);
    expect(of('events_insert', 'start.timeZone').at(-1)).toEqual(['rule recurrence_needs_time_zone']);
    expect(of('events_list', 'orderBy')).toEqual([['rule order_by_requires_single_events']]);
    expect(of('events_move', 'eventId')).toEqual([['rule event_type_not_movable']]);
  });

  test('a gloss whose promise nothing enforces is found', () => {
    // end.dateTime as events_insert had it before its rules: a format, and nothing that compares with start.
    const calendar = packs.find((p) => p.id === 'google-calendar')!;
    const t = calendar.tool('events_insert')!;
    const bare = { ...t, checks: t.checks.filter((c) => c.kind !== 'rule') } as CompiledTool;
    expect(enforcers(bare, t.fields.get('end.dateTime')!, 'It must be later than the start')).toEqual([]);
    expect(enforcers(bare, t.fields.get('start.date')!, 'a date start with a dateTime end is refused')).toEqual([]);
    // A conflict between start.dateTime and start.date says nothing about end.
    // (start itself is the field's own object, not another argument.)
    expect(mentioned(t, t.fields.get('start.date')!, 'a date start with a dateTime end is refused')).toEqual(['start.dateTime', 'end', 'end.dateTime']);
  });
});
