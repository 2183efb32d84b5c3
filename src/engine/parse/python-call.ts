// Reads the Python-style calls that transcripts show: `update_ticket(ticket_id="T-8841", status="OPEN")`.
// Keyword arguments only; values are Python literals (strings, numbers, True/False/None, lists, tuples,
// dicts). Hand-written because no maintained package parses Python literals without a Python runtime.
import type { Node } from 'jsonc-parser';
import { vanishes, type WrittenNumber } from './json-scan';
import type { Segment } from '../paths';
import type { Json, JsonObject } from '../types';

export interface PythonCall {
  name: string;
  arguments: JsonObject;
  /** Whole numbers written as decimals (`amount=15.00`), by path in the arguments: see json-scan.ts wholeDecimals. */
  decimals: WrittenNumber[];
  /**
   * Where the call's parts sit in the text, when asked for (positions.ts): the tool name without its
   * harness prefix, and the arguments as a tree in jsonc-parser's form, `(` to `)` as one object whose
   * properties are the keyword arguments.
   */
  places?: { name: { start: number; end: number }; args: PlacedNode };
}

export class PythonSyntaxError extends Error {
  constructor(
    readonly expected: string,
    readonly offset: number,
    /** Set on a positional argument: the tool named, so the message can show one of its own fields. */
    readonly positionalIn?: string,
  ) {
    super(`expected ${expected}`);
  }
}

const MAX_DEPTH = 64;

/** jsonc-parser's Node, written while parsing (its own fields are read-only). */
export interface PlacedNode {
  type: Node['type'];
  offset: number;
  length: number;
  value?: unknown;
  parent?: PlacedNode;
  children?: PlacedNode[];
}

/** What a positional argument should have been; formats.ts names one of the tool's own fields in it. */
const POSITIONAL_EXPECTED = 'a keyword argument such as name="value"; positional arguments cannot be matched to fields';

/** A backslash escape in a Python string literal, and what it stands for. */
const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', '0': '\0' };

/** True when the text looks like `name(` after leading white space, so it is read as Python, not JSON. */
export function looksLikePythonCall(text: string): boolean {
  return /^\s*[A-Za-z_][A-Za-z0-9_.-]*\s*\(/.test(text);
}

export function parsePythonCall(text: string, options?: { places?: boolean }): PythonCall {
  let i = 0;
  const placing = options?.places === true;
  /** Records where a value ran, under its parent, when places are asked for. */
  const place = (parent: PlacedNode | undefined, type: Node['type'], start: number, value?: unknown): PlacedNode | undefined => {
    if (!parent) return undefined;
    const node: PlacedNode = { type, offset: start, length: i - start, parent, ...(value === undefined ? {} : { value }) };
    (parent.children ??= []).push(node);
    return node;
  };
  const decimals: WrittenNumber[] = [];
  const ws = () => {
    while (i < text.length && /\s/.test(text[i])) i++;
  };
  const fail = (expected: string): never => {
    throw new PythonSyntaxError(expected, i);
  };
  const ident = (): string => {
    const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i, i + 200));
    if (!m) fail('a name');
    i += m![0].length;
    return m![0];
  };

  const value = (depth: number, path: Segment[], parent?: PlacedNode): Json => {
    if (depth > MAX_DEPTH) fail(`at most ${MAX_DEPTH} levels of nesting`);
    ws();
    const c = text[i];
    const start = i;
    if (c === '"' || c === "'") {
      const s = str();
      place(parent, 'string', start, s);
      return s;
    }
    if (c === '[' || c === '(') {
      // The container is placed first, so its items land among its children; its length is known at its end.
      const node = place(parent, 'array', start);
      const items = list(c === '[' ? ']' : ')', depth, path, node);
      if (node) node.length = i - start;
      return items;
    }
    if (c === '{') {
      const node = place(parent, 'object', start);
      const entries = dict(depth, path, node);
      if (node) node.length = i - start;
      return entries;
    }
    const num = /^-?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (num) {
      const n = Number(num[0]);
      // JSON cannot carry these exactly; say so rather than pass on a rounded or infinite number.
      if (!Number.isFinite(n)) fail('a finite number; no JSON number is this large');
      if (n === 0 && vanishes(num[0])) fail('0 or a number a double can hold; this one is so close to 0 that it reads as 0');
      if (/^-?\d+$/.test(num[0]) && !Number.isSafeInteger(n)) fail('an integer from -9007199254740991 to 9007199254740991; send a longer one as a string');
      if (!/^-?\d+$/.test(num[0]) && Number.isInteger(n)) decimals.push({ path, offset: i, literal: num[0] });
      i += num[0].length;
      place(parent, 'number', start, n);
      return n;
    }
    if (/^-?(NaN|nan|inf|Infinity)\b/.test(text.slice(i, i + 12))) fail('a finite number or None; NaN and Infinity are not JSON');
    const word = /^[A-Za-z_]+/.exec(text.slice(i, i + 40));
    if (word) {
      const w = word[0];
      const known: Record<string, Json> = { True: true, False: false, None: null, true: true, false: false, null: null };
      if (w in known) {
        i += w.length;
        place(parent, known[w] === null ? 'null' : 'boolean', start, known[w]);
        return known[w];
      }
    }
    return fail('a value: a quoted string, a number, True, False, None, a list or a dict');
  };

  const str = (): string => {
    const q = text[i];
    // Triple quotes and string prefixes are rare in transcripts; plain quotes cover them.
    i++;
    // Runs between escapes are copied as slices: a character at a time, a 10 MB string cost seconds of GC.
    let out = '';
    let run = i;
    while (i < text.length && text[i] !== q) {
      if (text[i] !== '\\') {
        i++;
        continue;
      }
      out += text.slice(run, i);
      const n = text[i + 1];
      if (n === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
        out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
        i += 6;
      } else {
        out += n in ESCAPES ? ESCAPES[n] : '\\' + (n ?? '');
        i += 2;
      }
      run = i;
    }
    if (i >= text.length) fail(`a closing ${q} to end the string`);
    out += text.slice(run, i);
    i++;
    return out;
  };

  const list = (close: string, depth: number, path: Segment[], node?: PlacedNode): Json[] => {
    i++;
    const out: Json[] = [];
    ws();
    while (text[i] !== close) {
      out.push(value(depth + 1, [...path, out.length], node));
      ws();
      if (text[i] === ',') {
        i++;
        ws();
      } else if (text[i] !== close) fail(`',' or '${close}'`);
    }
    i++;
    return out;
  };

  const dict = (depth: number, path: Segment[], node?: PlacedNode): JsonObject => {
    i++;
    const entries: [string, Json][] = [];
    ws();
    while (text[i] !== '}') {
      const property = place(node, 'property', i);
      const k = value(depth + 1, [], property);
      if (typeof k !== 'string' && typeof k !== 'number') fail('a string key');
      // The key is found by its text, as a JSON key is (a number key 1 as "1").
      if (property) property.children![0].value = String(k);
      ws();
      if (text[i] !== ':') fail("':' after a dict key");
      i++;
      entries.push([String(k), value(depth + 1, [...path, String(k)], property)]);
      if (property) property.length = i - property.offset;
      ws();
      if (text[i] === ',') {
        i++;
        ws();
      } else if (text[i] !== '}') fail("',' or '}'");
    }
    i++;
    return Object.fromEntries(entries);
  };

  ws();
  let nameStart = i;
  let name = ident();
  // `functions.update_ticket(...)`: the harness prefix is not part of the tool name.
  while (text[i] === '.' || text[i] === '-') {
    const sep = text[i];
    i++;
    if (sep === '.') nameStart = i;
    const part = ident();
    name = sep === '.' ? part : `${name}-${part}`;
  }
  const nameEnd = i;
  ws();
  if (text[i] !== '(') fail("'(' after the tool name");
  const args: PlacedNode | undefined = placing ? { type: 'object', offset: i, length: 0, children: [] } : undefined;
  i++;
  const entries: [string, Json][] = [];
  // A set, not a search of entries: a call with 50,000 keywords made that search quadratic.
  const given = new Set<string>();
  ws();
  while (text[i] !== ')') {
    if (i >= text.length) fail("')' to close the call");
    const start = i;
    const m = /^[A-Za-z_][A-Za-z0-9_]*\s*=/.exec(text.slice(i, i + 200));
    if (!m) {
      throw new PythonSyntaxError(POSITIONAL_EXPECTED, start, name);
    }
    const key = ident();
    // Python refuses a repeated keyword too; keeping the last one would drop a value without a word.
    if (given.has(key)) {
      i = start;
      fail('each keyword argument once; this one was already given');
    }
    const property = args && place(args, 'property', start);
    if (property) property.children = [{ type: 'string', offset: start, length: key.length, value: key, parent: property }];
    ws();
    i++; // '='
    given.add(key);
    entries.push([key, value(0, [key], property)]);
    if (property) property.length = i - start;
    ws();
    if (text[i] === ',') {
      i++;
      ws();
    } else if (text[i] !== ')') fail("',' or ')'");
  }
  i++;
  if (args) args.length = i - args.offset;
  ws();
  if (i < text.length) fail('the end of the input after the call');
  return { name, arguments: Object.fromEntries(entries), decimals, ...(args ? { places: { name: { start: nameStart, end: nameEnd }, args } } : {}) };
}
