// Field paths as the body shows them: `start.dateTime`, `attendees[0].email`, `metadata["order-id"]`.
import type { Json, JsonObject } from './types';

export type Segment = string | number;

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** What an argument's name looks like; any other key is the caller's text, not a name. */
const NAME_SHAPED = /^[A-Za-z_$][A-Za-z0-9_$.-]{0,63}$/;

/**
 * Whether a key the caller sent may stand as a body's `field`. A key that is no name (an injected
 * sentence, say) must not: the field is then the object that holds it, and the key goes under received.
 */
export function isNameShaped(key: string): boolean {
  return NAME_SHAPED.test(key);
}

export function formatPath(segments: readonly Segment[]): string {
  let out = '';
  for (const s of segments) {
    if (typeof s === 'number') out += `[${s}]`;
    else if (IDENT.test(s)) out += out ? `.${s}` : s;
    else out += `[${JSON.stringify(s)}]`;
  }
  return out;
}

/** The path pattern a field is declared under: indices become `[]`. */
export function patternOf(segments: readonly Segment[]): string {
  let out = '';
  for (const s of segments) {
    if (typeof s === 'number') out += '[]';
    else out += out ? `.${s}` : s;
  }
  return out;
}

/** Splits an AJV instancePath into segments, reading the instance to tell array indices from keys. */
export function pointerToSegments(pointer: string, instance: Json): Segment[] {
  if (!pointer) return [];
  const out: Segment[] = [];
  let cur: Json | undefined = instance;
  // The parts after the first "/", read in place: this runs on every error of every faulty call.
  const first = pointer.indexOf('/');
  if (first === -1) return out;
  for (let start = first + 1; start <= pointer.length; ) {
    let end = pointer.indexOf('/', start);
    if (end === -1) end = pointer.length;
    const raw = pointer.slice(start, end);
    start = end + 1;
    const key = raw.includes('~') ? raw.replace(/~1/g, '/').replace(/~0/g, '~') : raw;
    if (Array.isArray(cur)) {
      const i = Number(key);
      out.push(i);
      cur = cur[i];
    } else {
      out.push(key);
      cur = cur && typeof cur === 'object' && Object.prototype.hasOwnProperty.call(cur, key) ? (cur as Record<string, Json>)[key] : undefined;
    }
  }
  return out;
}

export function valueAt(instance: Json, segments: readonly Segment[]): { found: boolean; value?: Json } {
  let cur: Json | undefined = instance;
  for (const s of segments) {
    if (cur === null || typeof cur !== 'object') return { found: false };
    if (Array.isArray(cur)) {
      if (typeof s !== 'number' || s >= cur.length) return { found: false };
      cur = cur[s];
    } else {
      if (typeof s !== 'string' || !Object.prototype.hasOwnProperty.call(cur, s)) return { found: false };
      cur = (cur as Record<string, Json>)[s];
    }
  }
  return { found: true, value: cur as Json };
}

/**
 * Every value found along `steps` (property names, and `[]` for each item of an array), with its path:
 * `['attendees', '[]', 'email']` gives each attendee's email that is present.
 */
export function valuesAlong(root: Json, steps: readonly string[]): { path: Segment[]; value: Json }[] {
  let level: { path: Segment[]; value: Json }[] = [{ path: [], value: root }];
  for (const step of steps) {
    const next: { path: Segment[]; value: Json }[] = [];
    for (const { path, value } of level) {
      if (step === '[]') {
        if (Array.isArray(value)) value.forEach((v, i) => next.push({ path: [...path, i], value: v }));
      } else if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.prototype.hasOwnProperty.call(value, step)) {
        next.push({ path: [...path, step], value: (value as Record<string, Json>)[step] });
      }
    }
    level = next;
  }
  return level;
}

/**
 * The segments of a field as a body names it (`attendees[0].email`, `metadata["order-id"]`); null when it
 * is not one. What formatPath writes reads back exactly; a name that is no identifier is read too, up to
 * the next `.` or `[`, since a server's reply names fields so (`metadata.order-id`).
 */
export function parsePath(path: string): Segment[] | null {
  const out: Segment[] = [];
  let i = 0;
  while (i < path.length) {
    if (path[i] === '[') {
      const num = /^\[(\d+)\]/.exec(path.slice(i));
      if (num) {
        out.push(Number(num[1]));
        i += num[0].length;
        continue;
      }
      const str = /^\[("(?:[^"\\]|\\.)*")\]/.exec(path.slice(i));
      const key = str ? jsonString(str[1]) : undefined;
      if (key === undefined) return null;
      out.push(key);
      i += str![0].length;
      continue;
    }
    if (path[i] === '.' && out.length) i++;
    const name = /^[^.[\]]+/.exec(path.slice(i));
    if (!name) return null;
    out.push(name[0]);
    i += name[0].length;
  }
  return out;
}

/** A quoted key as JSON reads it; undefined for an escape JSON does not have (a reply may send one). */
function jsonString(quoted: string): string | undefined {
  try {
    return JSON.parse(quoted) as string;
  } catch {
    return undefined;
  }
}

/** Sets the value at `path` in place (the root itself for []), when its parent is there; returns the root. */
export function setAt(root: Json, path: readonly Segment[], value: Json): Json {
  if (path.length === 0) return value;
  const parent = valueAt(root, path.slice(0, -1));
  if (parent.found && parent.value && typeof parent.value === 'object') {
    const key = path[path.length - 1];
    if (Array.isArray(parent.value)) parent.value[key as number] = value;
    // An own data property either way; only __proto__ needs defining (assignment would set the prototype),
    // and redefining every key was slow.
    else if (key === '__proto__') Object.defineProperty(parent.value, key, { value, enumerable: true, writable: true, configurable: true });
    else (parent.value as JsonObject)[key as string] = value;
  }
  return root;
}

/** Renames a key in place, keeping its position, so the suggested call reads like the original. */
export function renameAt(root: Json, path: readonly Segment[], to: string): Json {
  const parentPath = path.slice(0, -1);
  const parent = valueAt(root, parentPath);
  if (!parent.found || !parent.value || typeof parent.value !== 'object' || Array.isArray(parent.value)) return root;
  const from = String(path[path.length - 1]);
  const renamed = Object.fromEntries(Object.entries(parent.value).map(([k, v]) => [k === from ? to : k, v] as [string, Json]));
  return parentPath.length === 0 ? renamed : setAt(root, parentPath, renamed);
}

/** A JSON pointer (RFC 6901), as AJV's instancePath writes it: `/attendees/0/email`. */
export function pointerOf(path: readonly Segment[]): string {
  let out = '';
  for (const s of path) {
    const text = String(s);
    // Most segments hold neither ~ nor /: nothing to escape.
    out += text.includes('~') || text.includes('/') ? `/${text.replace(/~/g, '~0').replace(/\//g, '~1')}` : `/${text}`;
  }
  return out;
}

/** The pointer one step under `base` (`/properties` and `due` give `/properties/due`), escaped as pointerOf escapes. */
export function childPointer(base: string, key: string | number): string {
  return base + pointerOf([key]);
}

/**
 * The keys of a JSON pointer, unescaped (`/properties/a~1b` gives properties and a/b); `uri` also decodes the
 * %-escapes of a URI fragment (a `$ref`'s `#/$defs/a%20b`), throwing on a malformed one as decodeURIComponent does.
 */
export function pointerKeys(pointer: string, options: { uri?: boolean } = {}): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((raw) => (options.uri ? decodeURIComponent(raw) : raw).replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Sets an own data property; a key named __proto__ stays data, as Object.fromEntries keeps it. */
function setOwn(obj: JsonObject, key: string, value: Json): void {
  if (key === '__proto__') Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}

/** A copy of `root` with `value` at `path`; off the path everything is shared, and a new key goes last. */
export function withValueAt(root: Json | undefined, path: readonly Segment[], value: Json): Json {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(root) && typeof head === 'number') {
    const copy = root.slice();
    copy[head] = withValueAt(root[head], rest, value);
    return copy;
  }
  const src = root !== null && typeof root === 'object' && !Array.isArray(root) ? root : {};
  const key = String(head);
  const out: JsonObject = {};
  for (const k of Object.keys(src)) setOwn(out, k, k === key ? withValueAt(src[k], rest, value) : src[k]);
  if (!Object.prototype.hasOwnProperty.call(src, key)) setOwn(out, key, withValueAt(undefined, rest, value));
  return out;
}

/**
 * A copy of `root` with the value at `from` moved to `to`, a path under the same parent object (a sibling
 * key, or a field of a sibling object, made when missing). The moved key keeps its place when it becomes
 * a new key of the parent, so the call reads as it was written.
 */
export function moveValue(root: Json, from: readonly Segment[], to: readonly Segment[]): Json {
  const parentPath = from.slice(0, -1);
  const parent = valueAt(root, parentPath).value;
  if (parent === null || typeof parent !== 'object' || Array.isArray(parent)) return root;
  const key = String(from[from.length - 1]);
  const value = (parent as JsonObject)[key];
  const [first, ...deeper] = to.slice(parentPath.length).map(String);
  const taken = Object.prototype.hasOwnProperty.call(parent, first);
  const entries: [string, Json][] = [];
  for (const k of Object.keys(parent)) {
    if (k === key) {
      if (!taken) entries.push([first, withValueAt(undefined, deeper, value)]);
    } else entries.push([k, k === first ? withValueAt(parent[k], deeper, value) : parent[k]]);
  }
  return withValueAt(root, parentPath, Object.fromEntries(entries));
}
