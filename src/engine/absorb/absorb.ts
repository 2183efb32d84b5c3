// Stage 2, absorb: fixes the mistakes that have exactly one reading, and reports each one.
// - a field name in another case (dateTime / date_time / DateTime) or a declared alias -> the declared name;
// - an object or array sent as a JSON string where the schema wants an object or array -> parsed;
// - a field sent outside the one object field that declares it, or inside a wrapper the tool does not
//   have whose fields are all its own -> moved where the schema declares it;
// - on a field that declares `x-fold-case`, a value that is one permitted value in another case (USD for a
//   currency Stripe writes usd) -> that value.
// Other values are never changed here: `OPEN` for `open` is a fault the model must see, not a guess we make.
import { deref } from '../schema';
import { formatPath, type Segment } from '../paths';
import { cutReceived } from '../faults/received';
import { makeFault } from '../faults/fault';
import type { CompiledTool, Correction, Fault, Json, JsonObject, SchemaNode } from '../types';
import { valueSet } from '../explain/value-sets';

/** Splits a declared name into words: `dateTime` / `date_time` / `DateTime` -> [date, time]. */
export function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

/** The case variants absorbed for a declared name: camelCase, snake_case and PascalCase. */
export function caseVariants(name: string): string[] {
  const w = words(name);
  if (w.length === 0) return [];
  const camel = w[0] + w.slice(1).map(cap).join('');
  const snake = w.join('_');
  const pascal = w.map(cap).join('');
  return [...new Set([camel, snake, pascal])].filter((v) => v !== name);
}

interface NameMap {
  declared: Set<string>;
  /** other name -> { canonical, rule }; null when two declared fields claim it. */
  other: Map<string, { to: string; rule: Correction['rule'] } | null>;
}

const nameMaps = new WeakMap<SchemaNode, NameMap>();

function nameMapFor(root: SchemaNode, node: SchemaNode): NameMap {
  let map = nameMaps.get(node);
  if (map) return map;
  const props: Record<string, SchemaNode> = node.properties ?? {};
  const declared = new Set(Object.keys(props));
  const other = new Map<string, { to: string; rule: Correction['rule'] } | null>();
  const claim = (alias: string, to: string, rule: Correction['rule']) => {
    if (declared.has(alias)) return;
    const prev = other.get(alias);
    if (prev === undefined) other.set(alias, { to, rule });
    else if (prev && prev.to !== to) other.set(alias, null);
  };
  for (const [name, sub] of Object.entries(props)) {
    const target = deref(root, sub);
    for (const alias of Array.isArray(target?.['x-aliases']) ? target['x-aliases'] : []) claim(alias, name, 'declared_alias');
  }
  for (const name of declared) for (const v of caseVariants(name)) claim(v, name, 'case_variant');
  map = { declared, other };
  nameMaps.set(node, map);
  return map;
}

function wants(node: SchemaNode, type: 'object' | 'array'): boolean {
  const t = node.type;
  if (t === type) return true;
  if (Array.isArray(t)) return t.includes(type) && !t.includes('string');
  if (t === undefined) return type === 'object' ? node.properties !== undefined : node.items !== undefined;
  return false;
}

const caseMaps = new WeakMap<SchemaNode, Map<string, string | null>>();

/** The one permitted value equal to `value` but for case; undefined when it is permitted as sent, or when none or several are. */
function foldedCase(node: SchemaNode, value: string): string | undefined {
  let map = caseMaps.get(node);
  if (!map) {
    const permitted: unknown[] = Array.isArray(node.enum) ? node.enum : typeof node['x-value-set'] === 'string' ? (valueSet(node['x-value-set'])?.values ?? []) : [];
    map = new Map();
    for (const p of permitted) {
      if (typeof p !== 'string') continue;
      const key = p.toLowerCase();
      // Two permitted values that differ only in case leave the case meaningful: fold into neither.
      map.set(key, map.has(key) && map.get(key) !== p ? null : p);
    }
    caseMaps.set(node, map);
  }
  const hit = map.get(value.toLowerCase());
  return hit && hit !== value ? hit : undefined;
}

const isPlainObject = (v: Json | undefined): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Per object schema: its object-typed fields that declare fields of their own, each with those names. */
const wrapperMaps = new WeakMap<SchemaNode, Map<string, Set<string>>>();

function wrappersOf(root: SchemaNode, node: SchemaNode): Map<string, Set<string>> {
  let map = wrapperMaps.get(node);
  if (map) return map;
  map = new Map();
  for (const [name, sub] of Object.entries(node.properties ?? {})) {
    const target = sub && typeof sub === 'object' ? deref(root, sub as SchemaNode) : undefined;
    if (!target || typeof target !== 'object' || !wants(target, 'object') || !target.properties || typeof target.properties !== 'object') continue;
    const names = Object.keys(target.properties);
    if (names.length) map.set(name, new Set(names));
  }
  wrapperMaps.set(node, map);
  return map;
}

/**
 * Fields sent outside the object they belong in, or inside one the tool does not have, put where the
 * schema declares them, each move reported. Both have one reading only:
 * - a key this object does not take that is a field of its one object field with fields of its own
 *   (Asana's `name` beside `data`, Gmail's `raw` beside `message`) goes inside that field;
 * - a key this object does not take whose value is an object of fields this object does take, none of
 *   them sent beside it (a made-up `requestBody` or `permission` wrapper), is opened in place.
 * Beside several object fields, or in a wrapper holding any name this object does not take, a key is
 * left for validation to report.
 */
function regroup(root: SchemaNode, node: SchemaNode, map: NameMap, obj: JsonObject, path: Segment[], corrections: Correction[]): JsonObject {
  const keys = Object.keys(obj);
  // Most objects hold only names they take: nothing to regroup, and no list made.
  let anyUnknown = false;
  for (const k of keys) {
    if (!map.declared.has(k) && !map.other.has(k)) {
      anyUnknown = true;
      break;
    }
  }
  if (!anyUnknown) return obj;
  const unknown = keys.filter((k) => !map.declared.has(k) && !map.other.has(k));
  const wrappers = wrappersOf(root, node);
  const sent = new Set(keys);
  const opened = new Map<string, string[]>();
  const moved = new Map<string, string>();
  for (const key of unknown) {
    const v = obj[key];
    const inner = isPlainObject(v) ? Object.keys(v) : [];
    if (inner.length && inner.every((k) => map.declared.has(k) && !sent.has(k) && ![...opened.values()].some((ks) => ks.includes(k)))) {
      opened.set(key, inner);
      continue;
    }
    // Only into the object's one wrapper: beside several object fields (Stripe's address and
    // invoice_settings) a field sent at the top level is refused and listed, not moved.
    if (wrappers.size !== 1) continue;
    const [[home, names]] = [...wrappers];
    if (!names.has(key)) continue;
    const current = obj[home];
    if (current !== undefined && (!isPlainObject(current) || Object.prototype.hasOwnProperty.call(current, key))) continue;
    moved.set(key, home);
  }
  if (opened.size === 0 && moved.size === 0) return obj;
  const out: [string, Json][] = [];
  const into = new Map<string, JsonObject>();
  for (const key of keys) {
    if (opened.has(key)) {
      for (const k of opened.get(key)!) {
        out.push([k, (obj[key] as JsonObject)[k]]);
        corrections.push({ field: formatPath([...path, k]), rule: 'field_moved', from: formatPath([...path, key, k]), to: formatPath([...path, k]) });
      }
      continue;
    }
    const home = moved.get(key) ?? (moved.size && [...moved.values()].includes(key) ? key : undefined);
    if (home === undefined) {
      out.push([key, obj[key]]);
      continue;
    }
    // The wrapper goes where it was sent, or where the first field moved into it was.
    let target = into.get(home);
    if (!target) {
      target = Object.fromEntries(Object.entries(isPlainObject(obj[home]) ? (obj[home] as JsonObject) : {}));
      into.set(home, target);
      out.push([home, target]);
    }
    if (key !== home) {
      Object.defineProperty(target, key, { value: obj[key], enumerable: true, writable: true, configurable: true });
      corrections.push({ field: formatPath([...path, home, key]), rule: 'field_moved', from: formatPath([...path, key]), to: formatPath([...path, home, key]) });
    }
  }
  return Object.fromEntries(out);
}

/** The object of a flat list of keys and values, as Object.fromEntries makes it (a key named __proto__ stays data). */
function objectFrom(flat: (string | Json)[]): JsonObject {
  const out: JsonObject = {};
  for (let i = 0; i < flat.length; i += 2) {
    const key = flat[i] as string;
    if (key === '__proto__') Object.defineProperty(out, key, { value: flat[i + 1] as Json, enumerable: true, writable: true, configurable: true });
    else out[key] = flat[i + 1] as Json;
  }
  return out;
}

export interface AbsorbResult {
  args: Json;
  corrections: Correction[];
  faults: Fault[];
}

export function absorb(tool: CompiledTool, args: Json): AbsorbResult {
  const root = tool.source.arguments;
  const corrections: Correction[] = [];
  const faults: Fault[] = [];

  // One path, pushed and popped as the walk goes down and up: copied only into a correction or fault.
  const path: Segment[] = [];
  const walk = (rawNode: SchemaNode | undefined, value: Json, depth: number): Json => {
    if (!rawNode || typeof rawNode !== 'object' || depth > 32) return value;
    const node = deref(root, rawNode);
    if (!node || typeof node !== 'object') return value;

    if (typeof value === 'string') {
      const kind = wants(node, 'object') ? 'object' : wants(node, 'array') ? 'array' : null;
      // Trimmed only where an object or array is wanted: most strings sit where a string is.
      const trimmed = kind ? value.trim() : '';
      if (kind && (trimmed.startsWith('{') || trimmed.startsWith('['))) {
        try {
          const parsed = JSON.parse(trimmed) as Json;
          const isKind = kind === 'array' ? Array.isArray(parsed) : parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed);
          if (isKind) {
            corrections.push({ field: formatPath(path), rule: 'json_string_parsed', from: cutReceived(value), to: cutReceived(parsed) });
            value = parsed;
          }
        } catch {
          // Not JSON after all: validation reports the type fault with the value as received.
        }
      }
    }

    if (typeof value === 'string' && node['x-fold-case'] === true) {
      const to = foldedCase(node, value);
      if (to !== undefined) {
        corrections.push({ field: formatPath(path), rule: 'case_folded', from: cutReceived(value), to });
        value = to;
      }
    }

    if (Array.isArray(value)) {
      const items = node.items;
      if (items && typeof items === 'object' && !Array.isArray(items)) {
        // An array whose every item comes back as it was is kept, not copied: the result is the same JSON.
        let out: Json[] | undefined;
        for (let i = 0; i < value.length; i++) {
          path.push(i);
          const v = walk(items, value[i], depth + 1);
          path.pop();
          if (out) out.push(v);
          else if (v !== value[i]) {
            out = value.slice(0, i);
            out.push(v);
          }
        }
        return out ?? value;
      }
      return value;
    }

    if (value !== null && typeof value === 'object' && node.properties && typeof node.properties === 'object') {
      const map = nameMapFor(root, node);
      const obj = regroup(root, node, map, value as JsonObject, path, corrections);
      const keys = Object.keys(obj);
      // Key, value, key, value: no pair is made per member of an object most likely kept as it was.
      const out: (string | Json)[] = [];
      // Whether any key was renamed or dropped, or any value came back changed: if not, the object is kept as it was.
      let changed = false;
      // canonical -> key it came from; made at the first other name, as most objects have none.
      let taken: Map<string, string> | undefined;
      for (const key of keys) {
        let target = key;
        if (!map.declared.has(key)) {
          const hit = map.other.get(key);
          if (hit) {
            if (!taken) {
              taken = new Map();
              for (const k of keys) if (map.declared.has(k)) taken.set(k, k);
            }
            const prior = taken.get(hit.to);
            if (prior !== undefined) {
              faults.push(makeFault({
                code: 'duplicate_argument',
                stage: 'absorb',
                path: [...path, hit.to],
                statement: `is sent twice, under two names that mean the same field; send it once, as ${hit.to}`,
                sent: Object.fromEntries([[prior, obj[prior]], [key, obj[key]]]),
                reason: `keys "${prior}" and "${key}" both map to "${hit.to}"`,
              }));
              changed = true;
              continue;
            }
            target = hit.to;
            changed = true;
            taken.set(target, key);
            corrections.push({ field: formatPath([...path, target]), rule: hit.rule, from: key, to: target });
          }
        }
        const sub = map.declared.has(target) ? node.properties[target] : undefined;
        let next = obj[key];
        if (sub) {
          path.push(target);
          next = walk(sub, obj[key], depth + 1);
          path.pop();
        }
        if (next !== obj[key]) changed = true;
        out.push(target, next);
      }
      // fromEntries defines own properties, so a key named __proto__ stays data and never a prototype.
      return changed || obj !== value ? objectFrom(out) : value;
    }
    return value;
  };

  const result = walk(root, args, 0);
  return { args: result, corrections, faults };
}
