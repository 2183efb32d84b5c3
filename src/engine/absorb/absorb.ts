// Stage 2, absorb: fixes the mistakes that have exactly one reading, and reports each one.
// - a field name in another case (dateTime / date_time / DateTime) or a declared alias -> the declared name;
// - an object or array sent as a JSON string where the schema wants an object or array -> parsed;
// - a field sent outside the one wrapper that holds the body (Asana's `data`), or inside a made-up wrapper
//   named for the request (`requestBody`) whose fields are all the tool's own, or as a flattened path
//   (`address.city`, Stripe's form-style `address[city]`) -> moved where the schema declares it. Never into
//   or out of an object that means something of its own (Stripe's `transfer_data`): that changes the call;
// - on a field that declares `x-fold-case`, a value that is one permitted value in another case (USD for a
//   currency Stripe writes usd) -> that value.
// - where an id goes, an id sent decorated: in a resource URL, in a mention, with a # or @ missing or
//   extra, in the wrong case, each only where it has one reading (decorated-ids.ts); a name sent there
//   instead (`#general`), or a vendor's URL with no id this field takes, is refused with the call that
//   lists the ids (id_expected);
// - on a field of format date or date-time, a date written in another form that names one day or moment
//   (written-dates.ts).
// Other values are never changed here: `OPEN` for `open` is a fault the model must see, not a guess we make.
import { deref } from '../schema';
import { formatPath, type Segment } from '../paths';
import { cutReceived } from '../faults/received';
import { makeFault } from '../faults/fault';
import type { CompiledTool, Correction, Fault, Json, JsonObject, SchemaNode } from '../types';
import { valueSet } from '../shared/value-sets';
import { singular, words } from '../shared/name-words';
import { idOfferedByUrl, namedInstead, readDecoratedId, vendorUrlWhereIdGoes, type IdSlot } from './decorated-ids';
import { idNouns } from './id-fields';
import { readWrittenDate } from './written-dates';
import { exampleText } from '../faults/rule-words';

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

/**
 * Whether an anyOf/oneOf wants an object (or an array) and never a string: Pydantic's `Optional[Model]` and
 * zod's `.nullable()` put the object beside null, so JSON text sent there has one reading, as it has under
 * `type: ["object", "null"]`. A branch that may take a string (or any value) leaves the text as sent.
 */
function branchesWant(root: SchemaNode, node: SchemaNode, type: 'object' | 'array', depth = 0): boolean {
  const branches = Array.isArray(node.anyOf) ? node.anyOf : Array.isArray(node.oneOf) ? node.oneOf : undefined;
  if (!branches || node.type !== undefined || depth > 4) return false;
  let wanted = false;
  for (const raw of branches) {
    const b = raw && typeof raw === 'object' ? deref(root, raw) : undefined;
    if (!b || typeof b !== 'object') return false;
    const t = b.type;
    if (t === 'string' || (Array.isArray(t) && t.includes('string'))) return false;
    if (t === undefined && !b.properties && !b.items && !b.anyOf && !b.oneOf && b.enum === undefined && b.const === undefined) return false;
    if (typeof b.const === 'string' || (Array.isArray(b.enum) && b.enum.some((v: unknown) => typeof v === 'string'))) return false;
    if (wants(b, type) || branchesWant(root, b, type, depth + 1)) wanted = true;
  }
  return wanted;
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

/** Where an imported operation's parameter goes outside the request body (x-in, from the spec). */
const OUTSIDE_BODY = new Set(['path', 'query', 'header', 'cookie']);

/** A name that only identifies the resource the body describes: Gmail's draft `id` beside its `message`. */
const isIdName = (name: string) => /^(?:id|.*(?:_id|Id|ID))$/.test(name);

/**
 * Words of a made-up wrapper's name that say only "the request": `requestBody`, `body`, `params`, `input`.
 * Ours: the names SDKs and models give the object a call's fields travel in.
 */
const ENVELOPE_WORDS = new Set(['request', 'req', 'body', 'data', 'param', 'parameter', 'arg', 'argument', 'kwarg', 'input', 'payload', 'resource', 'attribute', 'json']);

/**
 * Whether a key the tool does not take may be opened as a wrapper: its name says nothing but "the
 * request" (`requestBody`), or names what the tool acts on (`permission` for permissions_create, `file`
 * for files_create). Any other name means something of its own (`transfer_data`, `shipping`,
 * `metadata`): the fields inside it are not the tool's top-level fields, and moving them there would
 * change what the call does.
 */
function opensAsEnvelope(key: string, toolWords: ReadonlySet<string>): boolean {
  const ws = words(key).map(singular);
  return ws.length > 0 && ws.every((w) => ENVELOPE_WORDS.has(w) || toolWords.has(w));
}

/**
 * The one field of `node` that holds the request body, if it has one: its only object field with fields of
 * its own, with nothing else of the body beside it but the resource's id (Asana's `data` beside query
 * parameters, Gmail's `message` beside the draft's `id`). A field that is one object among other body fields
 * (Stripe's `transfer_data` beside `amount_to_capture`, GitHub's `tagger` beside the tag's `message`) means
 * something of its own: a top-level key moved into it could change what the call does (`amount` would set a
 * transfer, not the amount captured), so nothing is moved there.
 */
function bodyWrapperOf(root: SchemaNode, node: SchemaNode): [string, Set<string>] | undefined {
  const wrappers = wrappersOf(root, node);
  if (wrappers.size !== 1) return undefined;
  const [home] = [...wrappers];
  for (const [name, sub] of Object.entries(node.properties ?? {})) {
    if (name === home[0]) continue;
    const where = sub && typeof sub === 'object' ? (sub as SchemaNode)['x-in'] : undefined;
    if (typeof where === 'string' && OUTSIDE_BODY.has(where)) continue;
    if (isIdName(name)) continue;
    return undefined;
  }
  return home;
}

/** `address.city` or `address[city]` (or deeper): the names of a flattened path; undefined for any other key, or one with an index. */
function flattenedPath(key: string): string[] | undefined {
  let names: string[];
  if (key.includes('[')) {
    const m = /^([^[\].]+)((?:\[[^[\]]+\])+)$/.exec(key);
    if (!m) return undefined;
    names = [m[1], ...m[2].slice(1, -1).split('][')];
  } else if (key.includes('.')) {
    names = key.split('.');
    if (names.some((n) => n === '')) return undefined;
  } else return undefined;
  return names.some((n) => /^\d+$/.test(n)) ? undefined : names;
}

/**
 * Whether the flattened path `names` (its first name declared by `node`) reaches a place the schema
 * declares: each name a field of the object above it, the last one a field or a key of a map. Whether the
 * call leaves that place free is for placeAt to say.
 */
function declaresPath(root: SchemaNode, node: SchemaNode, names: readonly string[]): boolean {
  let at: SchemaNode | undefined = node;
  for (const name of names) {
    if (!at || !wants(at, 'object')) return false;
    const props = at.properties && typeof at.properties === 'object' ? (at.properties as Record<string, SchemaNode>) : undefined;
    const sub = props && Object.prototype.hasOwnProperty.call(props, name) ? props[name] : undefined;
    if (sub && typeof sub === 'object') {
      at = deref(root, sub);
      continue;
    }
    // A map's own key (Stripe's metadata), or any key of an object that declares no fields (Jira's fields):
    // an object with fields of its own takes no others (the engine's closed objects).
    if (name !== names[names.length - 1] || at.additionalProperties === false || (props !== undefined && Object.keys(props).length > 0)) return false;
    at = undefined;
  }
  return true;
}

/**
 * `value` placed at `names` inside `into` (copied, never the caller's own objects): 'placed', 'taken' when
 * a value is there already, or 'blocked' when something on the way is not an object.
 */
function placeAt(into: JsonObject, names: readonly string[], value: Json): 'placed' | 'taken' | 'blocked' {
  let at = into;
  for (let i = 0; i < names.length - 1; i++) {
    const cur = Object.prototype.hasOwnProperty.call(at, names[i]) ? at[names[i]] : undefined;
    if (cur !== undefined && !isPlainObject(cur)) return 'blocked';
    const copy = objectFrom(Object.entries(cur ?? {}).flat());
    Object.defineProperty(at, names[i], { value: copy, enumerable: true, writable: true, configurable: true });
    at = copy;
  }
  const last = names[names.length - 1];
  if (Object.prototype.hasOwnProperty.call(at, last)) return 'taken';
  Object.defineProperty(at, last, { value, enumerable: true, writable: true, configurable: true });
  return 'placed';
}

/**
 * Fields sent outside the object they belong in, or inside one the tool does not have, put where the
 * schema declares them, each move reported. Each has one reading only:
 * - a key this object does not take that is a field of the wrapper that holds the body (Asana's `name`
 *   beside `data`, Gmail's `raw` beside `message`: bodyWrapperOf) goes inside that field;
 * - a key this object does not take, named for the request or for what the tool acts on (a made-up
 *   `requestBody` or `permission` wrapper: opensAsEnvelope), whose value is an object of fields this
 *   object does take, none of them sent beside it, is opened in place;
 * - a key that is a flattened path (`address.city`, `address[city]`, `metadata[order_id]`) whose first name
 *   this object takes and whose rest the schema declares under it goes to that place, unless a value is
 *   there already.
 * Beside several object fields, or in a wrapper holding any name this object does not take, a key is
 * left for validation to report.
 */
function regroup(root: SchemaNode, node: SchemaNode, map: NameMap, obj: JsonObject, path: Segment[], corrections: Correction[], faults: Fault[], toolWords: () => ReadonlySet<string>): JsonObject {
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
  const wrapper = bodyWrapperOf(root, node);
  const sent = new Set(keys);
  const opened = new Map<string, string[]>();
  const moved = new Map<string, string>();
  const flattened = new Map<string, string[]>();
  for (const key of unknown) {
    const flat = flattenedPath(key);
    if (flat && map.declared.has(flat[0]) && declaresPath(root, node, flat)) {
      flattened.set(key, flat);
      continue;
    }
    const v = obj[key];
    const inner = isPlainObject(v) ? Object.keys(v) : [];
    if (inner.length && opensAsEnvelope(key, toolWords()) && inner.every((k) => map.declared.has(k) && !sent.has(k) && ![...opened.values()].some((ks) => ks.includes(k)))) {
      opened.set(key, inner);
      continue;
    }
    // Only into the one wrapper that holds the body: beside several object fields (Stripe's address and
    // invoice_settings), or beside other fields of the body, a field sent at the top level is refused and
    // listed, not moved.
    if (!wrapper) continue;
    const [home, names] = wrapper;
    if (!names.has(key)) continue;
    const current = obj[home];
    if (current !== undefined && (!isPlainObject(current) || Object.prototype.hasOwnProperty.call(current, key))) continue;
    moved.set(key, home);
  }
  if (opened.size === 0 && moved.size === 0 && flattened.size === 0) return obj;
  const out: [string, Json][] = [];
  const into = new Map<string, JsonObject>();
  // The object each flattened path goes into: the field as sent (copied) or a new one, where its first key was.
  const nest = new Map<string, JsonObject>();
  // Keys dropped for a fault of their own (a place sent twice): reported once, not again as unknown.
  const dropped = new Set<string>();
  if (flattened.size) {
    // Each place a flattened path filled, and the key that filled it.
    const placedBy = new Map<string, string>();
    for (const [key, names] of flattened) {
      const head = names[0];
      let target = nest.get(head);
      if (!target) {
        const current = obj[head];
        if (current !== undefined && !isPlainObject(current)) {
          flattened.delete(key);
          continue;
        }
        target = objectFrom(Object.entries(current ?? {}).flat());
        nest.set(head, target);
      }
      const placed = placeAt(target, names.slice(1), obj[key]);
      const place = formatPath([...path, ...names]);
      if (placed === 'placed') {
        placedBy.set(place, key);
        continue;
      }
      flattened.delete(key);
      if (placed === 'blocked') continue;
      // Sent nested as well, or under a second spelling of the path: which value is meant is the model's to say.
      const prior = placedBy.get(place);
      dropped.add(key);
      faults.push(makeFault({
        code: 'duplicate_argument',
        stage: 'absorb',
        path: [...path, ...names],
        statement: prior === undefined ? 'is sent twice, nested and as a flattened path; send it once, nested' : 'is sent twice, under two spellings of its path; send it once, nested',
        sent: Object.fromEntries(prior === undefined ? [[head, obj[head]], [key, obj[key]]] : [[prior, obj[prior]], [key, obj[key]]]),
        reason: `key "${key}" names a place the call fills already`,
      }));
    }
  }
  for (const key of keys) {
    if (dropped.has(key)) continue;
    const flat = flattened.get(key);
    if (flat) {
      const head = flat[0];
      if (!into.has(head)) {
        into.set(head, nest.get(head)!);
        out.push([head, nest.get(head)!]);
      }
      corrections.push({ field: formatPath([...path, ...flat]), rule: 'field_moved', from: formatPath([...path, key]), to: formatPath([...path, ...flat]) });
      continue;
    }
    if (nest.has(key)) {
      // The field sent nested, which a flattened path added to: it stays where the first of them was.
      if (!into.has(key)) {
        into.set(key, nest.get(key)!);
        out.push([key, nest.get(key)!]);
      }
      continue;
    }
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

/** The name of the field at `path`: its last name, the array's for an item. */
function fieldNameAt(path: readonly Segment[]): string | undefined {
  for (let i = path.length - 1; i >= 0; i--) if (typeof path[i] === 'string') return path[i] as string;
  return undefined;
}

/**
 * A name where an id goes (`#general` for a channel's id): refused with the call that lists the ids, the
 * field's own x-resolve-with or the pack's list or search tool for that kind of record, or else with an
 * example of an id. Undefined when there is neither to point to.
 */
function idExpected(slot: IdSlot, path: Segment[], value: string, sent: 'name' | 'URL', listCall: ListCall | undefined): Fault | undefined {
  const nouns = idNouns(slot.name);
  // A URL whose id may be the one meant, but is not certainly (a Gmail conversation's): offered, not taken.
  const offered = sent === 'URL' ? idOfferedByUrl(slot, value) : undefined;
  const resolve = typeof slot.node['x-resolve-with'] === 'string' ? slot.node['x-resolve-with'] : listCall?.(nouns.length ? nouns : [...slot.toolWords()]);
  const example = slot.node['x-example'] ?? (Array.isArray(slot.node.examples) ? slot.node.examples[0] : slot.node.example);
  if (resolve === undefined && example === undefined) return undefined;
  // issue_number is "the issue number"; channel is "the channel's id".
  const whose = !nouns.length ? 'an id' : nouns[nouns.length - 1] === 'number' ? `the ${nouns.join(' ')}` : `the ${nouns.join(' ')}'s id`;
  const shown = exampleText(example as Json | undefined);
  return makeFault({
    code: 'id_expected',
    stage: 'absorb',
    path: [...path],
    statement: `must be ${whose}, not ${sent === 'name' ? 'a name' : 'a URL'}${shown}`,
    facts: shown ? { example: example as Json } : undefined,
    notes: resolve !== undefined ? [{ kind: 'resolve', text: `get one from ${resolve}` }] : [],
    sent: value,
    extra: resolve !== undefined ? { next_call: resolve } : undefined,
    reason: sent === 'name' ? 'a name (a leading # or @ and a word) where the field takes an id' : offered !== undefined ? "a vendor's URL whose id may be another record's than the one meant" : "a vendor's URL with no id this field takes",
    ...(offered !== undefined ? { candidates: [offered], showCandidates: true, fix: { kind: 'replace' as const, path: [...path] } } : {}),
  });
}

/** The call that lists the records of a kind, by the words of its name (`conversations_list` for channel), if the pack has one. */
export type ListCall = (nouns: readonly string[]) => string | undefined;

export function absorb(tool: CompiledTool, args: Json, listCall?: ListCall): AbsorbResult {
  const root = tool.source.arguments;
  const corrections: Correction[] = [];
  const faults: Fault[] = [];
  // The words of the tool's name and resource, made on first ask: most calls open no wrapper.
  let ownWords: Set<string> | undefined;
  const toolWords = () => (ownWords ??= new Set([...words(tool.name), ...words(tool.resource ?? '')].map(singular)));

  // One path, pushed and popped as the walk goes down and up: copied only into a correction or fault.
  const path: Segment[] = [];
  // The object the value being walked sits in (an id's siblings say which repository its number is of).
  let parent: JsonObject | undefined;
  const walk = (rawNode: SchemaNode | undefined, value: Json, depth: number): Json => {
    if (!rawNode || typeof rawNode !== 'object' || depth > 32) return value;
    const node = deref(root, rawNode);
    if (!node || typeof node !== 'object') return value;

    if (typeof value === 'string') {
      const kind = wants(node, 'object') || branchesWant(root, node, 'object') ? 'object' : wants(node, 'array') || branchesWant(root, node, 'array') ? 'array' : null;
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

    if (typeof value === 'string' && value.length > 1) {
      const name = fieldNameAt(path);
      if (name !== undefined) {
        const date = readWrittenDate(node, value);
        const slot: IdSlot = { name, node, siblings: parent, toolWords };
        const read = date === undefined ? readDecoratedId(slot, value) : { rule: 'date_rewritten' as const, to: date };
        if (read) {
          corrections.push({ field: formatPath(path), rule: read.rule, from: cutReceived(value), to: read.to });
          return read.to;
        }
        const sent = (value[0] === '#' || value[0] === '@') && namedInstead(slot, value) !== undefined ? 'name' : (value[0] === 'h' || value[0] === 'H') && vendorUrlWhereIdGoes(slot, value) ? 'URL' : undefined;
        if (sent) {
          const fault = idExpected(slot, path, value, sent, listCall);
          if (fault) faults.push(fault);
        }
      }
    }

    if (Array.isArray(value)) {
      const items = node.items;
      if (items && typeof items === 'object' && !Array.isArray(items)) {
        const outer = parent;
        parent = undefined;
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
        parent = outer;
        return out ?? value;
      }
      return value;
    }

    if (value !== null && typeof value === 'object' && node.properties && typeof node.properties === 'object') {
      const map = nameMapFor(root, node);
      const obj = regroup(root, node, map, value as JsonObject, path, corrections, faults, toolWords);
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
          const outer = parent;
          parent = obj;
          path.push(target);
          next = walk(sub, obj[key], depth + 1);
          path.pop();
          parent = outer;
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
