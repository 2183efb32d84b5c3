// Examples for every imported tool, checked by the engine itself: one valid call (the required fields, with
// values made from each field's facts), and faulty ones the site renders as bodies: a required field left
// out, a value past a bound, an argument the tool does not declare, and a call that fits none of the
// allowed combinations. Each faulty example's `expect` is the code the engine really gives it.
import { check } from '../engine/check';
import { brokenKeyword } from '../engine/pack/promises/enforce';
import type { CompiledPack, Json, JsonObject, SchemaNode, SpecReadRule, ToolSource } from '../engine/types';
import { exampleObject, exampleValue, type ExampleOptions } from '../engine/explain/schema-example';
import { mainType } from '../engine/schema';
import { COMBINATION_CODE } from './build';
import { patternExample } from './patterns';

/** The argument name the unknown-argument example sends: no tool declares it, and no field is near it. */
export const UNKNOWN_ARGUMENT = 'zz_undeclared';

/** A value that keeps the rules read from the vendor's description of the field (x-read-rules), when one is plain. */
function ruledSample(s: SchemaNode, rules: SpecReadRule[], depth: number): Json | undefined {
  const keeps = (v: Json) => rules.every((r) => !brokenKeyword(r.keywords, v));
  const candidates: Json[] = [];
  if ('x-example' in s) candidates.push(s['x-example']);
  if ('default' in s) candidates.push(s.default);
  for (const r of rules) {
    if (Array.isArray(r.keywords.enum)) candidates.push(...(r.keywords.enum as Json[]));
    if (r.example !== undefined) candidates.push(r.example);
  }
  // The schema with the rules' keywords in it: a bound read from the words moves the number or the length made.
  const merged: SchemaNode = { ...s };
  delete merged['x-read-rules'];
  delete merged['x-example'];
  for (const r of rules) Object.assign(merged, r.keywords);
  candidates.push(sampleValue(merged, depth + 1));
  return candidates.find(keeps);
}

/** How the importer makes a value: one for every field, from its facts and its rules; the engine has the last word. */
const FILL: ExampleOptions = { maxDepth: 12, fill: true, ruled: (s, depth) => ruledSample(s, s['x-read-rules'] as SpecReadRule[], depth), otherString: distinctString };

function sampleValue(s: SchemaNode | undefined, depth = 0): Json {
  return exampleValue(s, FILL, depth) as Json;
}

/** Another string the item schema takes, for a list that takes no repeats. */
function distinctString(items: SchemaNode, first: string, i: number): string {
  if (typeof items.pattern !== 'string') return `${first}${i + 1}`;
  for (let seed = i; seed < i + 8; seed++) {
    const v = patternExample(items.pattern, seed);
    if (v !== undefined && v !== first) return v;
  }
  return first;
}

function sampleObject(s: SchemaNode, depth: number, extraRequired: string[] = []): JsonObject {
  return exampleObject(s, FILL, depth, extraRequired);
}

export interface ExampleSet {
  /** Empty when no valid call could be made: the tool cannot be shipped. */
  valid: JsonObject[];
  invalid: { about: string; arguments: Json; expect: string }[];
  /** True when the tool's combination rule refuses no example: the rule must go, or the loader refuses the pack. */
  dropCombinationRule: boolean;
  /** What could not be made, for the report. */
  gaps: string[];
}

function code(pack: CompiledPack, tool: string, args: Json): string {
  const r = check(pack, { name: tool, arguments: args });
  return r.body ? String(r.body.error) : 'accepted';
}

type Sets = { required: string[]; props: string[] }[];

/** The valid call: the required fields, with each allowed combination tried in turn, then a repair from the body. */
function validCall(pack: CompiledPack, src: ToolSource, sets: Sets): { call?: JsonObject; set?: Sets[number]; failure?: string } {
  const tries: (Sets[number] | undefined)[] = sets.length ? [...sets.filter((s) => s.required.length > 0), ...sets.filter((s) => s.required.length === 0)] : [undefined];
  let first: JsonObject | undefined;
  for (const set of tries) {
    const call = sampleObject(src.arguments, 0, set?.required ?? []);
    first ??= call;
    if (code(pack, src.name, call) === 'accepted') return { call, set };
    const repaired = repairValid(pack, src, call);
    if (repaired) return { call: repaired, set };
  }
  return { failure: JSON.stringify(check(pack, { name: src.name, arguments: first ?? {} }).body) };
}

/** Wanted faulty examples: made in this order, each kept only when the engine refuses it. */
export function makeExamples(pack: CompiledPack, src: ToolSource, combination?: { sets: Sets }): ExampleSet {
  const gaps: string[] = [];
  const args = src.arguments;
  const props: Record<string, SchemaNode> = args.properties ?? {};
  const made = validCall(pack, src, combination?.sets ?? []);
  if (!made.call) return { valid: [], invalid: [], dropCombinationRule: false, gaps: [`a valid call: ${made.failure}`] };
  const valid = made.call;
  const invalid: ExampleSet['invalid'] = [];
  const add = (about: string, a: Json) => {
    const got = code(pack, src.name, a);
    if (got !== 'accepted') invalid.push({ about, arguments: a, expect: got });
    return got;
  };

  // A required field left out: a path parameter first, as a model most often forgets the id.
  const required: string[] = Array.isArray(args.required) ? args.required : [];
  const missing = required.find((r) => props[r]?.['x-in'] === 'path') ?? required[0];
  if (missing !== undefined && missing in valid) {
    const { [missing]: _gone, ...rest } = valid;
    add(`leaves out the required argument ${missing}`, rest);
  }

  // A value past a bound: a number first, else a string's length.
  const bound = findBound(props, valid);
  if (bound) add(bound.about, { ...valid, [bound.field]: bound.value });

  add(`sends ${UNKNOWN_ARGUMENT}, an argument the tool does not declare`, { ...valid, [UNKNOWN_ARGUMENT]: true });

  // A call that fits none of the allowed combinations, when the tool has that rule.
  let dropCombinationRule = false;
  if (src.checks?.some((c) => c.kind === 'rule' && c.code === COMBINATION_CODE)) {
    const used = made.set ?? combination!.sets[0];
    const tries: JsonObject[] = [];
    const withoutSet: JsonObject = { ...valid };
    for (const r of used.required) delete withoutSet[r];
    tries.push(withoutSet);
    for (const other of combination!.sets) {
      const extra = other.props.find((p) => !used.props.includes(p) && p in props);
      if (extra) tries.push({ ...valid, [extra]: sampleValue(props[extra]) });
      // Two branches' required fields at once, for "exactly one".
      const both: JsonObject = { ...valid };
      for (const r of other.required) if (!(r in both) && r in props) both[r] = sampleValue(props[r]);
      tries.push(both);
    }
    const hit = tries.find((t) => code(pack, src.name, t) === COMBINATION_CODE);
    if (hit) invalid.push({ about: 'sends arguments that fit none of the combinations the API takes', arguments: hit, expect: COMBINATION_CODE });
    else {
      dropCombinationRule = true;
      gaps.push('a call the combination rule refuses: the rule was left out');
    }
  }
  return { valid: [valid], invalid, dropCombinationRule, gaps };
}

/** Drops optional fields the first try added through nested defaults, then tries each branch's first value. */
function repairValid(pack: CompiledPack, src: ToolSource, first: JsonObject): JsonObject | undefined {
  const r = check(pack, { name: src.name, arguments: first });
  const body = r.body as Record<string, any> | null;
  if (!body) return first;
  const faults: { field?: string; did_you_mean?: Json[] }[] = Array.isArray(body.errors) ? body.errors : [body];
  const fixed: JsonObject = JSON.parse(JSON.stringify(first));
  let changed = false;
  for (const f of faults) {
    if (typeof f.field !== 'string' || !Array.isArray(f.did_you_mean) || !f.did_you_mean.length) continue;
    const path = f.field.split('.');
    let cur: any = fixed;
    for (let i = 0; i < path.length - 1 && cur && typeof cur === 'object'; i++) cur = cur[path[i]];
    if (cur && typeof cur === 'object') {
      cur[path[path.length - 1]] = f.did_you_mean[0];
      changed = true;
    }
  }
  return changed && code(pack, src.name, fixed) === 'accepted' ? fixed : undefined;
}

function findBound(props: Record<string, SchemaNode>, valid: JsonObject): { field: string; value: Json; about: string } | undefined {
  const names = Object.keys(props).sort((a, b) => Number(b in valid) - Number(a in valid));
  for (const name of names) {
    const s = props[name];
    const t = mainType(s);
    if ((t === 'integer' || t === 'number') && !s.enum && !('const' in s)) {
      if (typeof s.maximum === 'number' && Number.isSafeInteger(Math.floor(s.maximum) + 1)) {
        const v = t === 'integer' ? Math.floor(s.maximum) + 1 : s.maximum + 1;
        return { field: name, value: v, about: `sends ${v} for ${name}, above its maximum of ${s.maximum}` };
      }
      if (typeof s.minimum === 'number' && Number.isSafeInteger(Math.ceil(s.minimum) - 1)) {
        const v = t === 'integer' ? Math.ceil(s.minimum) - 1 : s.minimum - 1;
        return { field: name, value: v, about: `sends ${v} for ${name}, below its minimum of ${s.minimum}` };
      }
    }
  }
  for (const name of names) {
    const s = props[name];
    if (mainType(s) !== 'string' || s.enum || s['x-value-set'] || s.pattern || s.format) continue;
    if (typeof s.maxLength === 'number' && s.maxLength <= 64) {
      return { field: name, value: 'x'.repeat(s.maxLength + 1), about: `sends ${s.maxLength + 1} characters for ${name}, over its limit of ${s.maxLength}` };
    }
    if (typeof s.minLength === 'number' && s.minLength >= 1) {
      return { field: name, value: '', about: `sends an empty string for ${name}, which takes at least ${s.minLength} character${s.minLength === 1 ? '' : 's'}` };
    }
  }
  return undefined;
}
