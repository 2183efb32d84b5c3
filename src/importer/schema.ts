// Vendor schemas (OpenAPI 3.0 and 3.1, Swagger 2, Google Discovery) into pack schemas (JSON Schema 2020-12
// plus the pack keywords). Facts carry over: types, required, enums, bounds, patterns, formats, defaults.
// Descriptions, titles, examples and vendor extensions do not: each field gets a description made here
// from its facts. What this module decides on its own, it reports:
// - a schema that contains itself is expanded once and then cut, with `x-cut`; so is one nested deeper
//   than MAX_DEPTH (the tool stays finite, and the cut part is an open object or list);
// - `allOf` is merged into one object, because the pack compiler closes every object that declares
//   properties, and two closed branches would refuse each other's fields;
// - an `anyOf`/`oneOf` with an `""` branch (Stripe: "or empty string" to clear a value) becomes its other
//   branch; a `null` branch becomes a nullable type;
// - read-only fields are dropped (a server ignores them in a request); deprecated ones keep `deprecated`;
// - an enum too large to list gets a rule with examples, or a registry value set when it is one;
// - Discovery's string bounds ("1") and string defaults become numbers and booleans.
import { enumIsListable, typesOf } from '../engine/schema';
import { numberExample } from '../engine/explain/schema-example';
import type { Json, SchemaNode } from '../engine/types';
import { VALUE_SET_NAMES, valueSet } from '../engine/shared/value-sets';
import { applyColonlessOffset, applyDateAccepted, applyZonedDateTime, zonedCondition, type DocumentDateForms } from './date-forms';
import type { FieldRole } from './operation-words';
import { patternExample, patternRule } from './patterns';
import { recognise, type DocumentEvidence } from './recognise';
import { readSpecRules } from './spec-rules';
import type { ImportReport } from './types';
import { fieldDescription, isShortValue, largeEnumRule } from './words';
import type { InlineBudget } from './inline-budget';

/** A schema is expanded at most once inside itself; the next occurrence on the same path is cut. */
export const RECURSION_EXPANSIONS = 1;
/** Objects and lists nested deeper than this are cut. */
export const MAX_DEPTH = 10;

/** String formats AJV asserts (ajv-formats plus the engine's strict dates), with one example each. */
const STRING_FORMATS: Record<string, string> = {
  'date-time': '2026-03-11T09:00:00Z',
  date: '2026-03-11',
  time: '09:00:00Z',
  duration: 'P3DT4H',
  email: 'ada@example.com',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  uri: 'https://example.com/',
  url: 'https://example.com/',
  'uri-reference': '/path?q=1',
  'uri-template': 'https://example.com/{id}',
  uuid: '3f2b8c1e-6d4a-4f7b-9a1c-2e5d8b7f0a9c',
  regex: '^[a-z]+$',
  'json-pointer': '/a/b',
  'relative-json-pointer': '0/a',
  byte: 'aGVsbG8=',
  password: 'example',
  binary: 'example',
};
/** Number formats AJV asserts. */
const NUMBER_FORMATS = new Set(['int32', 'int64', 'float', 'double']);

/** Keys whose names are JSON Schema keywords this converter copies or rebuilds; anything else is left out. */
const SCALAR_KEYWORDS = ['minLength', 'maxLength', 'minItems', 'maxItems', 'uniqueItems', 'minProperties', 'maxProperties', 'multipleOf'];

export interface ConvertEnv {
  report: ImportReport;
  /** The schema nodes inlined so far, against the compile budgets (inline-budget.ts); none in a test of one schema. */
  budget?: InlineBudget;
  documentEvidence: DocumentEvidence;
  /** Discovery: the schema a `$ref` names; OpenAPI documents are dereferenced before conversion. */
  resolveRef?: (ref: string) => unknown;
  /** A dereferenced schema's component name, for the report of a cut. */
  refName?: (node: object) => string | undefined;
  /** Discovery: the method whose `annotations.required` lists the body's required fields. */
  discoveryMethod?: string;
  /** The date-time forms the document's own examples use beyond RFC 3339 (date-forms.ts). */
  dateForms?: DocumentDateForms;
  /** What a top-level argument of the operation identifies, for its description (operation-words.ts). */
  fieldRole?: (name: string, location: string) => FieldRole | undefined;
  /** The description of the operation's response field of this name: the same field of the resource acted on. */
  responseField?: (name: string) => string | undefined;
  /** Where a vendor schema node is in its document (spec-pointers.ts), for the rules read from its description. */
  pointerOf?: (node: unknown) => string | undefined;
}

export interface ConvertContext {
  tool: string;
  /** The field path (`address.country`, `items[]`), for the report and for inferences. */
  field: string;
  /** The path of this schema in $args, or undefined once inside an array (a unit's currency cannot point there). */
  argsPath?: string;
  stack: object[];
  depth: number;
}

const DROP = null;

/** Where normalize keeps the titles of const branches it turned into an enum, one per value. */
const CONST_TITLES = 'x-const-titles';

/**
 * The vendor's names for the values of a number enum (oneOf of const with a title, x-enum-varnames,
 * x-enumNames), as value aliases: a model sends GUILD_TEXT where the field takes 0, and did_you_mean can
 * say 0. Only names of number values, and only names that are names (a word, not a sentence); a name
 * given to two values is dropped, since it would point at neither.
 */
function enumNameAliases(node: Record<string, any>): Record<string, Json> | undefined {
  const names = [node[CONST_TITLES], node['x-enum-varnames'], node['x-enumNames']].find((n) => Array.isArray(n) && n.length === node.enum.length) as unknown[] | undefined;
  if (!names) return undefined;
  const out = new Map<string, Json>();
  const dropped = new Set<string>();
  node.enum.forEach((v: unknown, i: number) => {
    const name = names[i];
    if (typeof v !== 'number' || typeof name !== 'string' || !/^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(name)) return;
    const key = name.toLowerCase();
    if (out.has(key) && out.get(key) !== v) dropped.add(key);
    out.set(key, v);
  });
  for (const k of dropped) out.delete(k);
  if (out.size === 0) return undefined;
  // Keyed as the vendor writes them (the engine matches keys in any case).
  const cased: Record<string, Json> = {};
  node.enum.forEach((v: unknown, i: number) => {
    const name = names[i];
    if (typeof name === 'string' && out.get(name.toLowerCase()) === v && !(name in cased)) cased[name] = v as Json;
  });
  return cased;
}

function isObj(v: unknown): v is Record<string, any> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function toNumber(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(v.trim())) {
    const n = Number(v);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

/** A vendor schema's own example values (and its parameter's), read for a date form only: never copied. */
function exampleValues(node: Record<string, any>): unknown[] {
  const out: unknown[] = [];
  if ('example' in node) out.push(node.example);
  if (Array.isArray(node.examples)) out.push(...node.examples);
  if (Array.isArray(node['x-parameter-examples'])) out.push(...node['x-parameter-examples']);
  if ('x-example' in node) out.push(node['x-example']);
  return out;
}

/** The vendor's description, for evidence only. */
function vendorDescription(node: unknown): string {
  return isObj(node) && typeof node.description === 'string' ? node.description : '';
}

function resolve(env: ConvertEnv, node: unknown): unknown {
  let cur = node;
  for (let i = 0; i < 8 && isObj(cur) && typeof cur.$ref === 'string' && env.resolveRef; i++) {
    const target = env.resolveRef(cur.$ref);
    if (target === undefined) break;
    cur = target;
  }
  return cur;
}

function isEmptyStringBranch(b: unknown): boolean {
  return isObj(b) && Array.isArray(b.enum) && b.enum.length === 1 && b.enum[0] === '' && (b.type === undefined || b.type === 'string');
}

function isNullBranch(b: unknown): boolean {
  return isObj(b) && (b.type === 'null' || (Array.isArray(b.enum) && b.enum.length === 1 && b.enum[0] === null && b.type === undefined));
}

/** Merges `b` into a copy of `a` (allOf): properties and required are joined; elsewhere `a` wins. */
function mergeRaw(a: Record<string, any>, b: Record<string, any>): Record<string, any> {
  const out: Record<string, any> = { ...a };
  for (const [k, v] of Object.entries(b)) {
    if (k === 'properties' && isObj(v)) {
      const props: Record<string, any> = { ...(isObj(out.properties) ? out.properties : {}) };
      for (const [name, sub] of Object.entries(v)) props[name] = name in props && props[name] !== sub ? { allOf: [props[name], sub] } : sub;
      out.properties = props;
    } else if (k === 'required' && Array.isArray(v)) {
      out.required = [...new Set([...(Array.isArray(out.required) ? out.required : []), ...v])];
    } else if (k === 'description' || k === 'title') {
      if (out[k] === undefined) out[k] = v;
    } else if (!(k in out)) {
      out[k] = v;
    }
  }
  return out;
}

interface Normalized {
  node: Record<string, any>;
  nullable: boolean;
}

/** allOf merged, "or empty string" and null branches folded away; bounded, so a hostile document ends. */
function normalize(env: ConvertEnv, node: Record<string, any>): Normalized {
  let cur: Record<string, any> = node;
  let nullable = cur.nullable === true || cur['x-nullable'] === true;
  for (let round = 0; round < 6; round++) {
    let changed = false;
    if (Array.isArray(cur.allOf)) {
      const { allOf, ...rest } = cur;
      let merged: Record<string, any> = rest;
      for (const branch of allOf) {
        const b = resolve(env, branch);
        if (isObj(b)) merged = mergeRaw(merged, b);
      }
      cur = merged;
      changed = true;
    }
    for (const key of ['anyOf', 'oneOf'] as const) {
      if (!Array.isArray(cur[key])) continue;
      const branches = cur[key].map((b: unknown) => resolve(env, b));
      // Branches that are each one constant (Discord's integer enums, with a title per value) are an enum.
      const consts = branches.filter((b: unknown) => isObj(b) && 'const' in b && !b.properties && !b.items);
      if (consts.length === branches.length && consts.length > 0) {
        const { [key]: _branches, ...rest } = cur;
        const types = [...new Set(consts.map((b: any) => b.type).filter((t: unknown) => typeof t === 'string'))];
        // Their titles are the values' names (GUILD_TEXT for 0): kept beside the enum, as x-enum-varnames would be.
        const titles = consts.map((b: any) => (typeof b.title === 'string' ? b.title : null));
        cur = { ...rest, enum: consts.map((b: any) => b.const), ...(titles.some((t: unknown) => t !== null) ? { [CONST_TITLES]: titles } : {}), ...(rest.type === undefined && types.length === 1 ? { type: types[0] } : {}) };
        changed = true;
        continue;
      }
      const kept = branches.filter((b: unknown) => !isEmptyStringBranch(b) && !isNullBranch(b));
      if (kept.length === branches.length) continue;
      if (branches.some(isEmptyStringBranch)) env.report.emptyStringUnions++;
      if (branches.some(isNullBranch)) nullable = true;
      const { [key]: _dropped, ...rest } = cur;
      if (kept.length === 1 && isObj(kept[0])) cur = mergeRaw(rest, kept[0]);
      else if (kept.length === 0) cur = { ...rest, type: rest.type ?? 'string' };
      else cur = { ...rest, [key]: kept };
      if (cur.nullable === true) nullable = true;
      changed = true;
    }
    if (!changed) break;
  }
  return { node: cur, nullable };
}

const JSON_TYPES = ['string', 'integer', 'number', 'boolean', 'object', 'array', 'null'];

/**
 * The JSON types a vendor's node declares (typesOf), with OpenAPI 2's `file` read as a string and a
 * nullable node's null added; undefined when it declares none a JSON schema has.
 */
function declaredTypes(node: SchemaNode, nullable: boolean): string[] | undefined {
  const types = typesOf(node).map((t) => (t === 'file' ? 'string' : t)).filter((t) => JSON_TYPES.includes(t));
  if (types.length === 0) return undefined;
  if (nullable && !types.includes('null')) types.push('null');
  return [...new Set(types)];
}

function typeValue(types: string[]): string | string[] {
  return types.length === 1 ? types[0] : types;
}

/** A default coerced to the field's type (Discovery writes "250" and "true"); undefined when it does not fit. */
function coerceDefault(value: unknown, types: string[] | undefined, enumValues?: unknown[]): Json | undefined {
  if (value === undefined) return undefined;
  let v: unknown = value;
  const main = types?.find((t) => t !== 'null');
  if (typeof v === 'string' && (main === 'integer' || main === 'number')) v = toNumber(v);
  else if (typeof v === 'string' && main === 'boolean') v = v === 'true' ? true : v === 'false' ? false : undefined;
  if (v === undefined) return undefined;
  if (main === 'integer' && !(typeof v === 'number' && Number.isInteger(v))) return undefined;
  if (main === 'number' && typeof v !== 'number') return undefined;
  if (main === 'string' && typeof v !== 'string') return undefined;
  if (main === 'boolean' && typeof v !== 'boolean') return undefined;
  if (enumValues && !enumValues.some((e) => JSON.stringify(e) === JSON.stringify(v))) return undefined;
  if (!isShortValue(v)) return undefined;
  return v as Json;
}

function cut(env: ConvertEnv, ctx: ConvertContext, node: Record<string, any>, reason: 'recursion' | 'depth'): SchemaNode {
  const name = env.refName?.(node);
  env.report.cuts.push({ tool: ctx.tool, field: ctx.field || '(arguments)', reason, ...(name ? { schema: name } : {}) });
  const t = node.type === 'array' || (node.type === undefined && node.items) ? 'array' : 'object';
  return { type: t, 'x-cut': reason };
}

/** Converts one vendor schema. Returns null for a read-only field, which a request does not send. */
export function convertSchema(env: ConvertEnv, raw: unknown, ctx: ConvertContext): SchemaNode | null {
  if (raw === true || raw === undefined || raw === null) return {};
  if (raw === false) return { not: {} };
  const resolved = resolve(env, raw);
  if (!isObj(resolved)) return {};
  if (resolved.readOnly === true) {
    env.report.readOnlyDropped++;
    return DROP;
  }
  const seen = ctx.stack.filter((n) => n === resolved).length;
  if (seen >= RECURSION_EXPANSIONS) return cut(env, ctx, resolved, 'recursion');
  if (ctx.depth > MAX_DEPTH) return cut(env, ctx, resolved, 'depth');
  env.budget?.take(ctx.field);
  ctx.stack.push(resolved);
  try {
    return convertNode(env, resolved, ctx);
  } finally {
    ctx.stack.pop();
  }
}

function child(ctx: ConvertContext, field: string, argsPath: string | undefined): ConvertContext {
  return { tool: ctx.tool, field, argsPath, stack: ctx.stack, depth: ctx.depth + 1 };
}

function convertNode(env: ConvertEnv, original: Record<string, any>, ctx: ConvertContext): SchemaNode {
  const { node, nullable } = normalize(env, original);
  const out: SchemaNode = {};
  let types = declaredTypes(node, nullable);
  if (!types && (node.properties || node.additionalProperties)) types = nullable ? ['object', 'null'] : ['object'];
  if (!types && node.items) types = nullable ? ['array', 'null'] : ['array'];
  if (types) out.type = typeValue(types);
  const main = types?.find((t) => t !== 'null');

  if (node.type === 'file') out.format = 'binary';
  if ('const' in node) out.const = node.const;
  if (Array.isArray(node.enum) && node.enum.length > 0) {
    const values = [...new Map(node.enum.map((v: unknown) => [JSON.stringify(v), v])).values()] as Json[];
    if (types?.includes('null') && !values.includes(null)) values.push(null);
    out.enum = values;
    const aliases = enumNameAliases(node);
    if (aliases) out['x-value-aliases'] = aliases;
  }
  // Bounds: numbers, whatever the dialect wrote (Discovery: "1"; OpenAPI 3.0: exclusiveMinimum: true).
  const min = toNumber(node.minimum);
  const max = toNumber(node.maximum);
  if (min !== undefined) out.minimum = min;
  if (max !== undefined) out.maximum = max;
  if (node.exclusiveMinimum === true && min !== undefined) {
    delete out.minimum;
    out.exclusiveMinimum = min;
  } else if (toNumber(node.exclusiveMinimum) !== undefined) out.exclusiveMinimum = toNumber(node.exclusiveMinimum);
  if (node.exclusiveMaximum === true && max !== undefined) {
    delete out.maximum;
    out.exclusiveMaximum = max;
  } else if (toNumber(node.exclusiveMaximum) !== undefined) out.exclusiveMaximum = toNumber(node.exclusiveMaximum);
  for (const k of SCALAR_KEYWORDS) {
    if (k === 'uniqueItems') {
      if (node.uniqueItems === true) out.uniqueItems = true;
      continue;
    }
    const n = toNumber(node[k]);
    if (n !== undefined && n >= 0 && (k !== 'multipleOf' || n > 0)) out[k] = n;
  }

  // Formats: kept where a validator here asserts them; a vendor's own format is described, not asserted.
  let vendorFormat: string | undefined;
  if (typeof node.format === 'string' && out.format === undefined) {
    const f = node.format;
    if (main === 'string' && f in STRING_FORMATS) out.format = f;
    else if ((main === 'integer' || main === 'number') && NUMBER_FORMATS.has(f)) out.format = f;
    else {
      vendorFormat = f;
      env.report.formatsDescribed[f] = (env.report.formatsDescribed[f] ?? 0) + 1;
    }
  }
  if (typeof node.pattern === 'string' && (main === 'string' || main === undefined)) out.pattern = node.pattern;
  if (env.dateForms && applyColonlessOffset(out, env.dateForms)) env.report.dateForms.colonlessOffset++;
  if (applyDateAccepted(out, exampleValues(node))) env.report.dateForms.dateAccepted++;

  // Arrays.
  if (main === 'array' || node.items !== undefined) {
    const items = Array.isArray(node.items) ? node.items[0] : node.items;
    if (items !== undefined) {
      const converted = convertSchema(env, items, child(ctx, `${ctx.field}[]`, undefined));
      out.items = converted ?? {};
    }
  }

  // Objects.
  if (isObj(node.properties)) {
    const props: [string, SchemaNode][] = [];
    const names = Object.keys(node.properties);
    let zoned = false;
    for (const [name, sub] of Object.entries(node.properties)) {
      const field = ctx.field ? `${ctx.field}.${name}` : name;
      const argsPath = ctx.argsPath === undefined ? undefined : ctx.argsPath ? `${ctx.argsPath}.${name}` : name;
      const converted = convertSchema(env, sub, child(ctx, field, argsPath));
      if (converted === DROP) continue;
      if (name === 'dateTime' && applyZonedDateTime(converted, resolve(env, node.properties.timeZone))) zoned = true;
      finishField(env, { tool: ctx.tool, field, name, node: converted, raw: resolve(env, sub), siblings: names, parentArgsPath: ctx.argsPath });
      props.push([name, converted]);
    }
    out.properties = Object.fromEntries(props);
    const kept = new Set(props.map(([n]) => n));
    const required = new Set<string>(Array.isArray(node.required) ? node.required.filter((r: unknown) => typeof r === 'string') : []);
    // Discovery lists the body fields a method requires in annotations.required.
    if (env.discoveryMethod) {
      for (const [name, sub] of Object.entries<any>(node.properties)) {
        const s = resolve(env, sub) as any;
        const annotated = (isObj(sub) && sub.annotations?.required) || (isObj(s) && s.annotations?.required);
        if (Array.isArray(annotated) && annotated.includes(env.discoveryMethod)) required.add(name);
      }
    }
    const req = [...required].filter((r) => kept.has(r));
    if (req.length) out.required = req;
    if (zoned) {
      Object.assign(out, zonedCondition());
      env.report.dateForms.zonedDateTime++;
    }
  }
  // A schema that only requires fields (a branch of a oneOf over the parent's fields) keeps that list.
  if (!isObj(node.properties) && Array.isArray(node.required)) {
    const req = node.required.filter((r: unknown) => typeof r === 'string');
    if (req.length) out.required = req;
  }
  if (node.additionalProperties !== undefined && node.additionalProperties !== true) {
    if (node.additionalProperties === false) out.additionalProperties = false;
    else {
      const converted = convertSchema(env, node.additionalProperties, child(ctx, `${ctx.field}.*`, undefined));
      if (converted && Object.keys(converted).length) out.additionalProperties = converted;
    }
  }
  if (isObj(node.patternProperties)) {
    const pp: [string, SchemaNode][] = [];
    for (const [p, sub] of Object.entries(node.patternProperties)) {
      try {
        new RegExp(p, 'u');
      } catch {
        continue;
      }
      pp.push([p, convertSchema(env, sub, child(ctx, `${ctx.field}.*`, undefined)) ?? {}]);
    }
    if (pp.length) out.patternProperties = Object.fromEntries(pp);
  }

  // Combinators left after normalizing: kept nested, or hoisted when the object has fields of its own.
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (!Array.isArray(node[key])) continue;
    const branches = node[key].map((b: unknown) => convertSchema(env, b, child(ctx, ctx.field, ctx.argsPath))).filter((b: SchemaNode | null): b is SchemaNode => b !== null);
    if (!branches.length) continue;
    if (out.properties && branches.every(isObjectBranch)) {
      const h = hoistBranches(out, branches);
      out.properties = h.properties;
      if (h.required.length) out.required = h.required;
      else delete out.required;
      // Nested, the combination stays a schema rule: the branches' required sets (exactness of oneOf is not kept).
      if (h.sets.every((s) => s.required.length > 0)) out.anyOf = h.sets.map((s) => ({ required: s.required }));
    } else {
      out[key] = branches;
    }
  }
  if (node.not !== undefined && isObj(node.not)) {
    const n = convertSchema(env, node.not, child(ctx, ctx.field, undefined));
    if (n && Object.keys(n).length) out.not = n;
  }

  const def = coerceDefault(node.default, types, out.enum);
  if (def !== undefined) out.default = def;
  if (node.deprecated === true) {
    out.deprecated = true;
    env.report.deprecatedMarked++;
  }
  if (vendorFormat) Object.defineProperty(out, 'vendorFormat', { value: vendorFormat, enumerable: false });
  if (main === 'object' && out.properties === undefined && out.additionalProperties === undefined && !out.anyOf && !out.oneOf) {
    // An object with no declared fields is a free-form map: left open, as the pack format says.
  }
  return out;
}

function isObjectBranch(b: SchemaNode): boolean {
  return (b.type === 'object' || (b.type === undefined && b.properties !== undefined) || (b.type === undefined && b.required !== undefined)) && !b.anyOf && !b.oneOf;
}

/**
 * Object branches of a oneOf/anyOf folded into one object: every branch's fields become optional fields of
 * the object, and each branch is described by the fields it requires and the fields it declares.
 */
export function hoistBranches(base: SchemaNode, branches: SchemaNode[]): { properties: Record<string, SchemaNode>; required: string[]; sets: { required: string[]; props: string[] }[] } {
  const properties: Record<string, SchemaNode> = { ...(base.properties ?? {}) };
  const baseRequired: string[] = Array.isArray(base.required) ? base.required : [];
  const sets: { required: string[]; props: string[] }[] = [];
  for (const b of branches) {
    const own = Object.keys(b.properties ?? {});
    for (const name of own) {
      const sub = b.properties[name];
      if (!(name in properties)) properties[name] = sub;
      else if (JSON.stringify(properties[name]) !== JSON.stringify(sub)) {
        const prev = properties[name];
        const options = Array.isArray(prev.anyOf) && prev['x-merged'] ? prev.anyOf : [prev];
        if (!options.some((o: SchemaNode) => JSON.stringify(o) === JSON.stringify(sub))) options.push(sub);
        properties[name] = { anyOf: options, description: sub.description ?? prev.description };
        Object.defineProperty(properties[name], 'x-merged', { value: true, enumerable: false });
      }
    }
    const req: string[] = Array.isArray(b.required) ? b.required : [];
    sets.push({ required: [...new Set([...baseRequired, ...req])], props: [...new Set([...Object.keys(base.properties ?? {}), ...own])] });
  }
  // A field every branch requires is simply required.
  const common = sets.length ? sets[0].required.filter((r) => sets.every((s) => s.required.includes(r))) : [];
  const required = [...new Set([...baseRequired, ...common])].filter((r) => r in properties);
  return { properties, required, sets };
}

interface FieldInput {
  tool: string;
  field: string;
  name: string;
  node: SchemaNode;
  raw: unknown;
  siblings: string[];
  parentArgsPath?: string;
  /** Where a top-level argument travels (`path`, `query`, `header`); body fields leave it out. */
  location?: string;
}

/**
 * What every named field gets once its schema is converted: the inference its facts support, the rule and
 * example its pattern, format or large enum needs, and a description made from all of that.
 */
export function finishField(env: ConvertEnv, f: FieldInput): void {
  const { node } = f;
  const description = vendorDescription(f.raw);
  const vendorFormat: string | undefined = (node as any).vendorFormat;
  if (!node['x-cut']) {
    const inference = recognise({
      tool: f.tool,
      field: f.field,
      name: f.name,
      node,
      description,
      vendorFormat,
      siblings: f.siblings,
      parentArgsPath: f.parentArgsPath,
      documentEvidence: env.documentEvidence,
      ...(f.parentArgsPath === '' && env.responseField ? { resourceDescription: env.responseField(f.name) } : {}),
    });
    if (inference) env.report.inferences.push(inference);
  }
  completeKeywords(env, f.tool, f.field, node);
  const read = readSpecRules({ node, raw: f.raw, name: f.name, description, pointer: env.pointerOf?.(f.raw), formatExamples: STRING_FORMATS });
  if (read.kept.length) {
    node['x-read-rules'] = read.kept;
    env.report.readRules.made += read.kept.length;
    for (const r of read.kept) env.report.readRules.byKind[r.kind] = (env.report.readRules.byKind[r.kind] ?? 0) + 1;
  }
  env.report.readRules.dropped += read.dropped;
  for (const key of ['items'] as const) if (isObj(node[key]) && !node[key].description) completeKeywords(env, f.tool, `${f.field}[]`, node[key]);
  const extra = vendorFormat && !node['x-unit'] && !node['x-value-set'] ? `in the vendor's "${vendorFormat}" format` : undefined;
  const role = f.parentArgsPath === '' ? env.fieldRole?.(f.name, f.location ?? 'body') : undefined;
  const text = fieldDescription(node, { name: f.name, role, extra });
  // The description leads the field, so a reader sees it before the keywords.
  const entries = Object.entries(node);
  for (const k of Object.keys(node)) delete node[k];
  node.description = text;
  for (const [k, v] of entries) if (k !== 'description') node[k] = v;
  if (vendorFormat) Object.defineProperty(node, 'vendorFormat', { value: vendorFormat, enumerable: false });
}

/** x-rule and x-example wherever the pack compiler needs them: beside a pattern, a format, a large enum. */
export function completeKeywords(env: ConvertEnv, tool: string, field: string, node: SchemaNode): void {
  if (typeof node.pattern === 'string') {
    const example = node['x-example'] !== undefined ? node['x-example'] : patternExample(node.pattern);
    const fits = typeof example === 'string' && fitsLength(example, node);
    if (example === undefined || !fits) {
      env.report.patternsDropped.push({ tool, field, pattern: node.pattern, reason: example === undefined ? 'no example can be made from it' : 'its example breaks the field\'s length bounds' });
      delete node.pattern;
    } else {
      node['x-rule'] = typeof node['x-rule'] === 'string' ? node['x-rule'] : patternRule(node.pattern);
      node['x-example'] = example;
    }
  }
  if (typeof node.format === 'string' && node['x-example'] === undefined) {
    const main = Array.isArray(node.type) ? node.type.find((t: string) => t !== 'null') : node.type;
    if (main === 'integer' || main === 'number') {
      const listed = Array.isArray(node.enum) ? node.enum.find((v: unknown) => typeof v === 'number') : undefined;
      node['x-example'] = listed ?? ('const' in node ? node.const : numberExample(node));
    }
    else {
      const ex = STRING_FORMATS[node.format];
      if (ex !== undefined && fitsLength(ex, node) && (!Array.isArray(node.enum) || node.enum.includes(ex))) node['x-example'] = ex;
      else if (Array.isArray(node.enum) && node.enum.some((v: unknown) => typeof v === 'string')) node['x-example'] = node.enum.find((v: unknown) => typeof v === 'string');
      else {
        env.report.formatsDescribed[node.format] = (env.report.formatsDescribed[node.format] ?? 0) + 1;
        delete node.format;
      }
    }
  }
  if (Array.isArray(node.enum) && !node['x-value-set']) {
    const values: Json[] = node.enum.filter((v: Json) => v !== null);
    // The compiler counts every permitted value, null included, when it decides whether a list fits a message.
    if (!enumIsListable(node.enum)) {
      const set = registryFor(values);
      if (set) {
        delete node.enum;
        node['x-value-set'] = set;
        env.report.largeEnums.push({ tool, field, size: values.length, valueSet: set });
      } else {
        node['x-rule'] = node['x-rule'] ?? largeEnumRule(values);
        env.report.largeEnums.push({ tool, field, size: values.length });
      }
    }
  }
}

/** The registry whose values include every value of a large enum and which the enum nearly covers. */
function registryFor(values: readonly Json[]): string | undefined {
  if (!values.every((v) => typeof v === 'string')) return undefined;
  for (const name of VALUE_SET_NAMES) {
    const set = valueSet(name);
    if (!set) continue;
    const permitted = new Set(set.values);
    // Every vendor value must be in the registry (else a valid call would be refused), and the vendor's
    // list must be most of it (else the registry would accept far more than the vendor does).
    if (values.every((v) => permitted.has(v as string)) && values.length >= set.values.length * 0.8) return name;
  }
  return undefined;
}

function fitsLength(s: string, node: SchemaNode): boolean {
  const len = [...s].length;
  return !(typeof node.minLength === 'number' && len < node.minLength) && !(typeof node.maxLength === 'number' && len > node.maxLength);
}
