// Maps the engine's field paths (`start.dateTime`, `attendees[0].email`) back to ranges of the text the
// user typed, so a squiggle sits on the offending value. Pure: no DOM, no Monaco, unit-tested.
// It reads the envelope the same way the engine's parse stage does, but only to find places, never to judge.
import { parseTree, type Node } from 'jsonc-parser';
import { keyNodeOf, prop, rangeOfPointer } from './pointer-range';

export { rangeOfPointer };
import type { Correction } from '../../engine/types';

export type Segment = string | number;

export interface TextRange {
  start: number;
  end: number;
}

/** A parsed tree plus how to map its offsets back to the editor text (identity, or through a JSON string). */
interface View {
  root: Node;
  /** The text the tree's offsets refer to. */
  text: string;
  /** How many JSON string encodings wrap this text in the editor (1 inside OpenAI's `arguments`). */
  escapes: number;
  toEditor: (offset: number) => number;
}

/** Reads a body's `field` back into segments. Returns null for a path it cannot read. */
export function parseFieldPath(field: string): Segment[] | null {
  const out: Segment[] = [];
  let i = 0;
  const ident = /^[A-Za-z_$][A-Za-z0-9_$]*/;
  while (i < field.length) {
    const c = field[i];
    if (c === '[') {
      const rest = field.slice(i + 1);
      const num = /^(\d+)\]/.exec(rest);
      if (num) {
        out.push(Number(num[1]));
        i += num[0].length + 1;
        continue;
      }
      if (rest.startsWith('"')) {
        // A JSON string key: find its closing quote, honouring escapes.
        let j = 1;
        while (j < rest.length && rest[j] !== '"') j += rest[j] === '\\' ? 2 : 1;
        if (rest[j + 1] !== ']') return null;
        try {
          out.push(JSON.parse(rest.slice(0, j + 1)) as string);
        } catch {
          return null;
        }
        i += j + 3;
        continue;
      }
      return null;
    }
    if (c === '.') {
      if (out.length === 0) return null;
      i++;
    }
    const m = ident.exec(field.slice(i));
    if (!m) return null;
    out.push(m[0]);
    i += m[0].length;
  }
  return out;
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
      const simple: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
      if (n in simple) {
        text += simple[n];
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

/** The tree inside a string node that holds JSON (OpenAI's `arguments`, or an object sent as a string). */
function viewOfString(node: Node, outer: View): View | null {
  const decoded = decodeStringLiteral(outer.text.slice(node.offset, node.offset + node.length), node.offset);
  if (!decoded) return null;
  const root = parseTree(decoded.text, [], { allowTrailingComma: true, disallowComments: false });
  if (!root) return null;
  const { offsets } = decoded;
  return { root, text: decoded.text, escapes: outer.escapes + 1, toEditor: (o) => outer.toEditor(offsets[Math.max(0, Math.min(o, offsets.length - 1))]) };
}

export interface CallLocation {
  /** The text is a Python-style call: keys are bare names, values Python literals. */
  python: boolean;
  /** The tool name's value, when the envelope carries one. */
  name?: TextRange;
  /** The `method` value of an MCP envelope. */
  method?: TextRange;
  /** The arguments' value as it stands in the text (the whole string literal when it is string-encoded). */
  argumentsRange?: TextRange;
  /** The key that introduces the arguments (`"arguments"`, `"input"`), if any. */
  argumentsKey?: TextRange;
  /** Maps an offset inside the decoded arguments string to the editor text, when arguments are string-encoded. */
  argumentsOffset?: (decoded: number) => number;
  /** The decoded arguments string, when arguments are string-encoded. */
  argumentsText?: string;
  /** Finds a field under the arguments. */
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

interface Where {
  name?: { node: Node; view: View };
  method?: { node: Node; view: View };
  args?: { node: Node; view: View };
}

function range(view: View, node: Node): TextRange {
  return { start: view.toEditor(node.offset), end: view.toEditor(node.offset + node.length) };
}

/** Finds name and arguments in a parsed JSON envelope, as the engine's parse stage reads it. */
function findEnvelope(node: Node, view: View, depth = 0): Where {
  if (node.type === 'array') {
    const items = node.children ?? [];
    return items.length === 1 && depth < 3 ? findEnvelope(items[0], view, depth + 1) : {};
  }
  if (node.type !== 'object') return {};
  const str = (k: string) => {
    const v = prop(node, k);
    return v?.type === 'string' ? (v.value as string) : undefined;
  };
  const toolCalls = prop(node, 'tool_calls');
  if (toolCalls?.type === 'array' && depth < 3) return findEnvelope(toolCalls, view, depth + 1);
  const content = prop(node, 'content');
  if (str('role') === 'assistant' && content?.type === 'array' && depth < 3) {
    const uses = (content.children ?? []).filter((b) => b.type === 'object' && prop(b, 'type')?.value === 'tool_use');
    return uses.length === 1 ? findEnvelope(uses[0], view, depth + 1) : {};
  }
  const at = (n: Node | undefined) => (n ? { node: n, view } : undefined);
  const fn = prop(node, 'function');
  if (str('type') === 'function' && fn?.type === 'object') return { name: at(prop(fn, 'name')), args: at(prop(fn, 'arguments')) };
  if (str('type') === 'function_call' && prop(node, 'name')) return { name: at(prop(node, 'name')), args: at(prop(node, 'arguments')) };
  if (str('type') === 'tool_use' && prop(node, 'name')) return { name: at(prop(node, 'name')), args: at(prop(node, 'input')) };
  if (prop(node, 'jsonrpc')?.type === 'string' || str('method') === 'tools/call') {
    const params = prop(node, 'params');
    return { method: at(prop(node, 'method')), name: at(prop(params, 'name')), args: at(prop(params, 'arguments')) };
  }
  const name = prop(node, 'name');
  if (name?.type === 'string' && (prop(node, 'arguments') || prop(node, 'input'))) {
    const plainKeys = new Set(['name', 'arguments', 'input', 'id', 'call_id', 'type']);
    if ((node.children ?? []).every((p) => plainKeys.has(String(p.children?.[0]?.value)))) {
      return { name: at(name), args: at(prop(node, 'arguments') ?? prop(node, 'input')) };
    }
  }
  return { args: { node, view } };
}

/** Renames absorbed by the engine, so a path that names `dateTime` finds the `DateTime` the user typed. */
function renameMap(corrections: readonly Correction[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const c of corrections) {
    if ((c.rule === 'case_variant' || c.rule === 'declared_alias') && typeof c.from === 'string') map.set(c.field, c.from);
  }
  return map;
}

/**
 * Fields the engine moved (`address[city]` sent flat, `name` beside Asana's `data`): the place each now has,
 * with the path it was sent at, so a fault on `address.city` points at the `address[city]` the user typed.
 */
function moveMap(corrections: readonly Correction[]): Map<string, Segment[]> {
  const map = new Map<string, Segment[]>();
  for (const c of corrections) {
    if (c.rule !== 'field_moved' || typeof c.from !== 'string') continue;
    const from = parseFieldPath(c.from);
    if (from) map.set(c.field, from);
  }
  return map;
}

function pathKey(segments: readonly Segment[]): string {
  return JSON.stringify(segments);
}

/**
 * The text of a call as the parse stage repaired it, for finding fields: from its first bracket when a
 * sentence or a fence stood before it, and with single-quoted strings in double quotes (the same length, so
 * offsets hold). Null for a call that was not repaired that way.
 */
function repairedView(text: string, corrections: readonly Correction[]): Pick<View, 'text' | 'toEditor'> | null {
  const rules = new Set(corrections.filter((c) => c.field === '').map((c) => c.rule));
  const skipped = rules.has('json_leading_text') || rules.has('json_code_fence');
  if (!skipped && !rules.has('json_single_quotes')) return null;
  const start = skipped ? Math.max(0, text.search(/[[{]/)) : 0;
  let body = text.slice(start);
  if (rules.has('json_single_quotes')) body = doubleQuoted(body);
  return { text: body, toEditor: (o) => o + start };
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

export function locateCall(text: string, corrections: readonly Correction[] = []): CallLocation {
  const identity: View = { root: undefined as unknown as Node, text, escapes: 0, toEditor: (o) => o };
  let python = false;
  const where: Where = {};
  const trimmed = text.trimStart();
  let argsView: View | null = null;
  let argsNode: Node | undefined;
  if (/^[A-Za-z_][A-Za-z0-9_.-]*\s*\(/.test(trimmed)) {
    const py = parsePythonTree(text);
    python = true;
    if (py) {
      where.name = { node: py.name, view: identity };
      where.args = { node: py.args, view: identity };
      argsNode = py.args;
      argsView = identity;
    }
  } else {
    // A call the parse stage repaired (json-repair.ts) is read as that stage read it: past a sentence or a
    // fence, and with single quotes as double, which keeps every offset.
    const repaired = repairedView(text, corrections);
    if (repaired) Object.assign(identity, repaired);
    const root = parseTree(identity.text, [], { allowTrailingComma: true, disallowComments: false });
    if (root) {
      identity.root = root;
      Object.assign(where, findEnvelope(root, identity));
      if (where.args) {
        argsNode = where.args.node;
        argsView = identity;
        if (argsNode.type === 'string') {
          const inner = viewOfString(argsNode, identity);
          if (inner) {
            argsView = inner;
            argsNode = inner.root;
          }
        }
      }
    }
  }

  const rawArgs = where.args?.node;
  const argumentsRange = rawArgs ? range(identity, rawArgs) : undefined;
  const argumentsKeyNode = rawArgs ? keyNodeOf(rawArgs) : undefined;
  const renames = renameMap(corrections);
  const moves = moveMap(corrections);
  // String-encoded arguments map offsets even when their JSON is broken (that is when a fault points inside).
  const encoded = rawArgs?.type === 'string' ? decodeStringLiteral(identity.text.slice(rawArgs.offset, rawArgs.offset + rawArgs.length), rawArgs.offset) : null;

  const field = (asChecked: Segment[]): FieldLocation | null => {
    if (!argsNode || !argsView) return null;
    let path = asChecked;
    // The longest part of the path that was moved is looked for where it was sent.
    for (let k = path.length; k > 0 && moves.size; k--) {
      const from = moves.get(formatSegments(path.slice(0, k)));
      if (from) {
        path = [...from, ...path.slice(k)];
        break;
      }
    }
    let node: Node = argsNode;
    let view: View = argsView;
    const walked: Segment[] = [];
    for (let i = 0; i < path.length; i++) {
      const seg = path[i];
      // A JSON string the engine parsed (attendees sent as a string): step inside it.
      if (node.type === 'string') {
        const inner = viewOfString(node, view);
        if (inner) {
          node = inner.root;
          view = inner;
        }
      }
      let next: Node | undefined;
      if (typeof seg === 'number') {
        if (node.type === 'array') next = node.children?.[seg];
      } else if (node.type === 'object') {
        next = prop(node, seg);
        if (!next) {
          const from = renames.get(pathKey([...walked, seg])) ?? renames.get(formatSegments([...walked, seg]));
          if (from !== undefined) next = prop(node, from);
        }
      }
      walked.push(seg);
      if (!next) return { nearest: nearestOf(node, view, node === argsNode ? argumentsKeyNode : undefined), exact: false, escapes: view.escapes };
      node = next;
    }
    const key = keyNodeOf(node);
    return { value: range(view, node), key: key ? range(view, key) : undefined, nearest: range(view, node), exact: true, escapes: view.escapes };
  };

  return {
    python,
    name: where.name ? range(where.name.view, where.name.node) : undefined,
    method: where.method ? range(where.method.view, where.method.node) : undefined,
    argumentsRange,
    argumentsKey: argumentsKeyNode ? range(identity, argumentsKeyNode) : undefined,
    argumentsOffset: encoded ? (o: number) => identity.toEditor(encoded.offsets[Math.max(0, Math.min(o, encoded.offsets.length - 1))]) : undefined,
    argumentsText: encoded ? encoded.text : undefined,
    field,
  };
}

/**
 * Where to point for a field that is not there: the key of the object that should hold it (for the
 * arguments themselves, `"arguments"` / `"input"` in the envelope), else that object's opening bracket.
 */
function nearestOf(node: Node, view: View, argumentsKey: Node | undefined): TextRange {
  if (argumentsKey) return { start: argumentsKey.offset, end: argumentsKey.offset + argumentsKey.length };
  const key = keyNodeOf(node);
  if (key) return range(view, key);
  const start = view.toEditor(node.offset);
  return { start, end: view.toEditor(node.offset + 1) };
}

/** Same formatting as the engine's field paths (used as the key of absorbed renames). */
export function formatSegments(segments: readonly Segment[]): string {
  let out = '';
  for (const s of segments) {
    if (typeof s === 'number') out += `[${s}]`;
    else if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(s)) out += out ? `.${s}` : s;
    else out += `[${JSON.stringify(s)}]`;
  }
  return out;
}

/**
 * A jsonc-parser-like tree of a Python-style call, `tool(a="x", b=[1, 2])`, so fields can be located.
 * Lenient: it stops quietly where the text stops making sense; the engine gives the syntax fault.
 */
export function parsePythonTree(text: string): { name: Node; args: Node } | null {
  type PyNode = { type: Node['type']; offset: number; length: number; value?: unknown; children?: PyNode[]; parent?: PyNode };
  let i = 0;
  const ws = () => {
    while (i < text.length && /\s/.test(text[i])) i++;
  };
  ws();
  const nameMatch = /^[A-Za-z_][A-Za-z0-9_]*(?:[.-][A-Za-z_][A-Za-z0-9_]*)*/.exec(text.slice(i));
  if (!nameMatch) return null;
  const fullName = nameMatch[0];
  // `functions.update_ticket`: the harness prefix is not part of the name, as in the engine.
  const dot = fullName.lastIndexOf('.');
  const nameStart = i + (dot === -1 ? 0 : dot + 1);
  const name: PyNode = { type: 'string', offset: nameStart, length: i + fullName.length - nameStart, value: fullName.slice(dot + 1) };
  i += fullName.length;
  ws();
  if (text[i] !== '(') return null;
  const args: PyNode = { type: 'object', offset: i, length: 0, children: [] };
  i++;

  const value = (parent: PyNode, depth: number): PyNode | null => {
    ws();
    const start = i;
    const c = text[i];
    if (c === undefined || depth > 64) return null;
    if (c === '"' || c === "'") {
      i++;
      let out = '';
      while (i < text.length && text[i] !== c) {
        if (text[i] === '\\') {
          out += text[i + 1] ?? '';
          i += 2;
        } else out += text[i++];
      }
      i = Math.min(i + 1, text.length);
      return { type: 'string', offset: start, length: i - start, value: out, parent };
    }
    if (c === '[' || c === '(') {
      const close = c === '[' ? ']' : ')';
      const node: PyNode = { type: 'array', offset: start, length: 0, children: [], parent };
      i++;
      ws();
      while (i < text.length && text[i] !== close) {
        const item = value(node, depth + 1);
        if (!item) break;
        node.children!.push(item);
        ws();
        if (text[i] === ',') i++;
        else break;
        ws();
      }
      if (text[i] === close) i++;
      node.length = i - start;
      return node;
    }
    if (c === '{') {
      const node: PyNode = { type: 'object', offset: start, length: 0, children: [], parent };
      i++;
      ws();
      while (i < text.length && text[i] !== '}') {
        const property: PyNode = { type: 'property', offset: i, length: 0, children: [], parent: node };
        const key = value(property, depth + 1);
        if (!key) break;
        ws();
        if (text[i] !== ':') break;
        i++;
        const v = value(property, depth + 1);
        if (!v) break;
        property.children = [{ ...key, type: 'string', value: String(key.value) }, v];
        property.length = i - property.offset;
        node.children!.push(property);
        ws();
        if (text[i] === ',') i++;
        else break;
        ws();
      }
      if (text[i] === '}') i++;
      node.length = i - start;
      return node;
    }
    const m = /^-?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?|^[A-Za-z_]+/.exec(text.slice(i, i + 400));
    if (!m) return null;
    i += m[0].length;
    return { type: /^[A-Za-z_]/.test(m[0]) ? 'boolean' : 'number', offset: start, length: m[0].length, value: m[0], parent };
  };

  ws();
  while (i < text.length && text[i] !== ')') {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(text.slice(i, i + 200));
    if (!m) break;
    const property: PyNode = { type: 'property', offset: i, length: 0, children: [], parent: args };
    const key: PyNode = { type: 'string', offset: i, length: m[1].length, value: m[1], parent: property };
    i += m[0].length;
    const v = value(property, 0);
    if (!v) break;
    property.children = [key, v];
    property.length = i - property.offset;
    args.children!.push(property);
    ws();
    if (text[i] === ',') i++;
    else break;
    ws();
  }
  if (text[i] === ')') i++;
  args.length = i - args.offset;
  return { name: name as Node, args: args as Node };
}
