// Where a call's parts sit in the text it was sent as: the tool name, the arguments and each field, as
// offsets, for every format formats.ts reads. The envelope is read by formats.ts's own readEnvelope (its
// paths, `where`) and a Python-style call by python-call.ts (its `places`); this module only maps those
// onto the text, through jsonc-parser's tree, so an editor marks the characters the engine read.
import { getNodeValue, parseTree, type Node } from 'jsonc-parser';
import { readEnvelope, withoutBom, type CallWhere } from './formats';
import { looksLikePythonCall, parsePythonCall } from './python-call';
import { formatPath, parsePath, type Segment } from '../paths';
import type { Correction, InputShape, Json } from '../types';

export interface TextRange {
  start: number;
  end: number;
}

/** A parsed tree plus how to map its offsets back to the text as sent (identity, or through a JSON string). */
interface View {
  root: Node;
  /** The text the tree's offsets refer to. */
  text: string;
  /** How many JSON string encodings wrap this text in the sent text (1 inside OpenAI's `arguments`). */
  escapes: number;
  toSent: (offset: number) => number;
}

export interface CallLocation {
  /** The format the call was read in, as check() reports it ('unknown' when it could not be read). */
  shape: InputShape;
  /** The text is a Python-style call: keys are bare names, values Python literals. */
  python: boolean;
  /** The tool name's value, when the envelope carries one. */
  name?: TextRange;
  /** The `method` value of an MCP envelope. */
  method?: TextRange;
  /** The arguments' value as it stands in the text (the whole string literal when it is string-encoded). */
  argumentsRange?: TextRange;
  /** The key that introduces the arguments (`"arguments"`, `"input"`, `"args"`), if any. */
  argumentsKey?: TextRange;
  /** Maps an offset inside the decoded arguments string to the sent text, when arguments are string-encoded. */
  argumentsOffset?: (decoded: number) => number;
  /** The decoded arguments string, when arguments are string-encoded. */
  argumentsText?: string;
  /** Finds a field under the arguments, by its path as check() gives it. */
  field(path: Segment[]): FieldLocation | null;
}

export interface FieldLocation {
  /** The value; absent when the field is missing (then `nearest` holds the closest existing ancestor). */
  value?: TextRange;
  key?: TextRange;
  /** The closest place that exists: the parent object's key, or its opening brace. */
  nearest: TextRange;
  exact: boolean;
  /** How many JSON string encodings wrap the range (an edit there must be escaped that many times). */
  escapes: number;
}

/** The value node of a property in an object node; the last one wins, as with JSON.parse. */
function prop(node: Node | undefined, key: string): Node | undefined {
  if (!node || node.type !== 'object' || !node.children) return undefined;
  for (let i = node.children.length - 1; i >= 0; i--) {
    const p = node.children[i];
    if (p.children?.[0]?.value === key) return p.children[1];
  }
  return undefined;
}

/** The key node of a property's value, if the value is a property's. */
function keyNodeOf(value: Node): Node | undefined {
  return value.parent?.type === 'property' ? value.parent.children?.[0] : undefined;
}

/** The node at a path of keys and indices, the last of equal keys as JSON.parse keeps. */
function nodeAt(root: Node, path: readonly Segment[]): Node | undefined {
  let node: Node | undefined = root;
  for (const seg of path) {
    if (!node) return undefined;
    node = typeof seg === 'number' ? (node.type === 'array' ? node.children?.[seg] : undefined) : prop(node, seg);
  }
  return node;
}

/** Decodes a JSON string literal and records, for each decoded UTF-16 unit, where its raw text starts. */
export function decodeStringLiteral(raw: string, rawOffset: number): { text: string; offsets: number[] } | null {
  if (raw.length < 2 || raw[0] !== '"') return null;
  let text = '';
  const offsets: number[] = [];
  let i = 1;
  while (i < raw.length && raw[i] !== '"') {
    const at = rawOffset + i;
    if (raw[i] === '\\') {
      const n = raw[i + 1];
      if (n in SIMPLE_ESCAPES) {
        text += SIMPLE_ESCAPES[n];
        offsets.push(at);
        i += 2;
      } else if (n === 'u' && /^[0-9a-fA-F]{4}$/.test(raw.slice(i + 2, i + 6))) {
        text += String.fromCharCode(parseInt(raw.slice(i + 2, i + 6), 16));
        offsets.push(at);
        i += 6;
      } else {
        return null;
      }
    } else {
      text += raw[i];
      offsets.push(at);
      i++;
    }
  }
  offsets.push(rawOffset + i); // the closing quote: where a range that runs to the end stops
  return { text, offsets };
}

const SIMPLE_ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

const TREE_OPTIONS = { allowTrailingComma: true, disallowComments: false };

/** The tree inside a string node that holds JSON (OpenAI's `arguments`, or an object sent as a string). */
function viewOfString(node: Node, outer: View): View | null {
  const decoded = decodeStringLiteral(outer.text.slice(node.offset, node.offset + node.length), node.offset);
  if (!decoded) return null;
  const root = parseTree(decoded.text, [], TREE_OPTIONS);
  if (!root) return null;
  const { offsets } = decoded;
  return { root, text: decoded.text, escapes: outer.escapes + 1, toSent: (o) => outer.toSent(offsets[Math.max(0, Math.min(o, offsets.length - 1))]) };
}

function range(view: View, node: Node): TextRange {
  return { start: view.toSent(node.offset), end: view.toSent(node.offset + node.length) };
}

/** Renames absorbed by check(), so a path that names `dateTime` finds the `DateTime` that was sent. */
function renameMap(corrections: readonly Correction[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const c of corrections) {
    if ((c.rule === 'case_variant' || c.rule === 'declared_alias') && typeof c.from === 'string') map.set(c.field, c.from);
  }
  return map;
}

/**
 * Fields check() moved (`address[city]` sent flat, `name` beside Asana's `data`): the place each now has,
 * with the path it was sent at, so a fault on `address.city` points at the `address[city]` that was sent.
 */
function moveMap(corrections: readonly Correction[]): Map<string, Segment[]> {
  const map = new Map<string, Segment[]>();
  for (const c of corrections) {
    if (c.rule !== 'field_moved' || typeof c.from !== 'string') continue;
    const from = parsePath(c.from);
    if (from) map.set(c.field, from);
  }
  return map;
}

/**
 * The text of a call as the parse stage repaired it, for finding fields: from its first bracket when a
 * sentence or a fence stood before it, and with single-quoted strings in double quotes (the same length, so
 * offsets hold). Null for a call that was not repaired that way.
 */
function repairedText(text: string, corrections: readonly Correction[]): { text: string; start: number } | null {
  const rules = new Set(corrections.filter((c) => c.field === '').map((c) => c.rule));
  const skipped = rules.has('json_leading_text') || rules.has('json_code_fence');
  if (!skipped && !rules.has('json_single_quotes')) return null;
  const start = skipped ? Math.max(0, text.search(/[[{]/)) : 0;
  let body = text.slice(start);
  if (rules.has('json_single_quotes')) body = doubleQuoted(body);
  return { text: body, start };
}

/** `text` with each single-quoted string's quotes made double; double-quoted strings are left as they are. */
function doubleQuoted(text: string): string {
  let out = '';
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') {
        out += c + (text[i + 1] ?? '');
        i++;
        continue;
      }
      // Inside single quotes a double quote stands for itself: written as a single one, the string still ends where it did.
      if (quote === "'") out += c === "'" ? '"' : c === '"' ? "'" : c;
      else out += c;
      if (c === quote) quote = null;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    out += c === "'" ? '"' : c;
  }
  return out;
}

/** Where the name, the arguments and the method sit, as nodes of one view. */
interface Found {
  shape: InputShape;
  python: boolean;
  view?: View;
  name?: Node;
  method?: Node;
  args?: Node;
}

function findPython(text: string): Found {
  try {
    const places = parsePythonCall(text, { places: true }).places!;
    const root = places.args as Node;
    const view: View = { root, text, escapes: 0, toSent: (o) => o };
    const name: Node = { type: 'string', offset: places.name.start, length: places.name.end - places.name.start };
    return { shape: 'python', python: true, view, name, args: root };
  } catch {
    // An unreadable call has its syntax fault, placed by its line and column; no field is located in it.
    return { shape: 'python', python: true };
  }
}

function findJson(sent: string, corrections: readonly Correction[]): Found {
  const repaired = repairedText(sent, corrections);
  const text = repaired ? repaired.text : sent;
  const skipped = repaired ? repaired.start : 0;
  // Leniently: a call being typed (an object not closed yet) still has its name and fields found.
  const root = parseTree(text, [], TREE_OPTIONS);
  if (!root) return { shape: 'unknown', python: false };
  const view: View = { root, text, escapes: 0, toSent: (o) => o + skipped };
  const outcome = readEnvelope(getNodeValue(root) as Json, 0, []);
  const where: CallWhere = outcome.where ?? {};
  const at = (path: Segment[] | undefined) => (path ? nodeAt(root, path) : undefined);
  return { shape: outcome.shape, python: false, view, name: at(where.name), method: at(where.method), args: at(where.arguments) };
}

/**
 * Where the parts of the call in `text` sit, read as check() reads it. `corrections` are check()'s for
 * this text: a field it renamed or moved is found where it was sent, and a repaired call (a fence, a
 * sentence before it, single quotes) past what was repaired.
 */
export function locateCall(sentText: string, corrections: readonly Correction[] = []): CallLocation {
  // A byte order mark is read past, as parseCall does; offsets still count it.
  const bom = sentText.length - withoutBom(sentText).length;
  const text = sentText.slice(bom);
  const found = looksLikePythonCall(text) ? findPython(text) : findJson(text, corrections);
  const view = found.view ? { ...found.view, toSent: (o: number) => found.view!.toSent(o) + bom } : undefined;
  const rawArgs = found.args;
  const argumentsKeyNode = rawArgs ? keyNodeOf(rawArgs) : undefined;
  // String-encoded arguments map offsets even when their JSON is broken (that is when a fault points inside).
  const encoded = view && rawArgs?.type === 'string' ? decodeStringLiteral(view.text.slice(rawArgs.offset, rawArgs.offset + rawArgs.length), rawArgs.offset) : null;
  let argsView = view;
  let argsNode = rawArgs;
  if (view && rawArgs?.type === 'string') {
    const inner = viewOfString(rawArgs, view);
    argsView = inner ?? undefined;
    argsNode = inner?.root;
  }
  const renames = renameMap(corrections);
  const moves = moveMap(corrections);

  const field = (asChecked: Segment[]): FieldLocation | null => {
    if (!argsNode || !argsView) return null;
    let path = asChecked;
    // The longest part of the path that was moved is looked for where it was sent.
    for (let k = path.length; k > 0 && moves.size; k--) {
      const from = moves.get(formatPath(path.slice(0, k)));
      if (from) {
        path = [...from, ...path.slice(k)];
        break;
      }
    }
    let node: Node = argsNode;
    let at: View = argsView;
    const walked: Segment[] = [];
    for (const seg of path) {
      // A JSON string check() parsed (attendees sent as a string): step inside it.
      if (node.type === 'string') {
        const inner = viewOfString(node, at);
        if (inner) {
          node = inner.root;
          at = inner;
        }
      }
      let next: Node | undefined;
      if (typeof seg === 'number') {
        if (node.type === 'array') next = node.children?.[seg];
      } else if (node.type === 'object') {
        next = prop(node, seg);
        if (!next) {
          const from = renames.get(formatPath([...walked, seg]));
          if (from !== undefined) next = prop(node, from);
        }
      }
      walked.push(seg);
      if (!next) return { nearest: nearestOf(node, at, node === argsNode ? argumentsKeyNode && view && range(view, argumentsKeyNode) : undefined), exact: false, escapes: at.escapes };
      node = next;
    }
    const key = keyNodeOf(node);
    return { value: range(at, node), key: key ? range(at, key) : undefined, nearest: range(at, node), exact: true, escapes: at.escapes };
  };

  return {
    shape: found.shape,
    python: found.python,
    name: view && found.name ? range(view, found.name) : undefined,
    method: view && found.method ? range(view, found.method) : undefined,
    argumentsRange: view && rawArgs ? range(view, rawArgs) : undefined,
    argumentsKey: view && argumentsKeyNode ? range(view, argumentsKeyNode) : undefined,
    argumentsOffset: view && encoded ? (o: number) => view.toSent(encoded.offsets[Math.max(0, Math.min(o, encoded.offsets.length - 1))]) : undefined,
    argumentsText: encoded ? encoded.text : undefined,
    field,
  };
}

/**
 * Where to point for a field that is not there: the key of the object that should hold it (for the
 * arguments themselves, `"arguments"` / `"input"` in the envelope), else that object's opening bracket.
 */
function nearestOf(node: Node, view: View, argumentsKey: TextRange | undefined): TextRange {
  if (argumentsKey) return argumentsKey;
  const key = keyNodeOf(node);
  if (key) return range(view, key);
  const start = view.toSent(node.offset);
  return { start, end: view.toSent(node.offset + 1) };
}
