// Values as Python holds them, written the way Python's json.dumps writes them. Several corpus files were made
// by Python (a YAML spec loaded with PyYAML and dumped as JSON; tau-bench's extracts; the Stripe request
// extract), and `npm run corpus` remakes them byte for byte: that needs what JSON.parse loses (1.0 is a float,
// not the integer 1; a dict keeps its keys in insertion order even when they look like numbers) and what
// JSON.stringify writes otherwise (ensure_ascii's \uXXXX, Python's float repr, the indent and separators).

/** A Python float: kept apart from int because json.dumps writes 1.0 as `1.0`. */
export class PyFloat {
  constructor(readonly value: number) {}
}

/** A dict: a Map keeps insertion order for every key (a plain object puts "200" before "default"). */
export type PyDict = Map<string, PyValue>;
export type PyValue = null | boolean | string | number | bigint | PyFloat | PyValue[] | PyDict;

/** repr() of a float: the shortest digits that round-trip (JS and Python agree on them), laid out as Python does. */
export function pyFloatRepr(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? 'Infinity' : '-Infinity';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const sign = x < 0 ? '-' : '';
  const [mantissa, e] = Math.abs(x).toExponential().split('e');
  const digits = mantissa.replace('.', '');
  const exp = Number(e);
  const point = exp + 1;
  // float_repr_style 'short': exponent form below 1e-4 and from 1e16 on.
  if (point < -3 || point > 16) {
    const frac = digits.length > 1 ? `.${digits.slice(1)}` : '';
    return `${sign}${digits[0]}${frac}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  }
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}.0`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

export interface DumpOptions {
  /** json.dumps's indent; absent writes one line. */
  indent?: number;
  /** json.dumps's separators; its default is (', ', ': ') on one line and (',', ': ') with an indent. */
  separators?: [string, string];
  /** json.dumps's ensure_ascii (its default, true): every character past U+007E as \uXXXX. */
  ensureAscii?: boolean;
}

function dumpString(s: string, ensureAscii: boolean): string {
  // JSON.stringify escapes what Python escapes (", \, \n \r \t \b \f, other controls as \u00xx).
  const json = JSON.stringify(s);
  return ensureAscii ? json.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : json;
}

/** json.dumps(value, indent=…, separators=…, ensure_ascii=…), as Python writes it. */
export function pyJsonDumps(value: PyValue, opts: DumpOptions = {}): string {
  const ascii = opts.ensureAscii ?? true;
  const [item, key] = opts.separators ?? (opts.indent === undefined ? [', ', ': '] : [',', ': ']);
  const write = (v: PyValue, level: number): string => {
    if (v === null) return 'null';
    if (typeof v === 'boolean') return v ? 'true' : 'false';
    if (typeof v === 'string') return dumpString(v, ascii);
    if (typeof v === 'number' || typeof v === 'bigint') return String(v);
    if (v instanceof PyFloat) return pyFloatRepr(v.value);
    const parts = Array.isArray(v) ? v.map((x) => write(x, level + 1)) : [...v].map(([k, x]) => `${dumpString(k, ascii)}${key}${write(x, level + 1)}`);
    const [open, close] = Array.isArray(v) ? ['[', ']'] : ['{', '}'];
    if (parts.length === 0) return open + close;
    if (opts.indent === undefined) return open + parts.join(item) + close;
    const inner = '\n' + ' '.repeat(opts.indent * (level + 1));
    return open + inner + parts.join(item + inner) + '\n' + ' '.repeat(opts.indent * level) + close;
  };
  return write(value, 0);
}

/** A value read by JSON.parse, as Python's json.load would hold it (integral numbers become ints). */
export function fromJson(v: unknown): PyValue {
  if (Array.isArray(v)) return v.map(fromJson);
  if (v !== null && typeof v === 'object') return new Map(Object.entries(v).map(([k, x]) => [k, fromJson(x)]));
  return v as PyValue;
}

// eslint-disable-next-line no-control-regex -- JSON strings exclude raw control characters, and the class names them
const STRING = /"(?:[^"\\\u0000-\u001f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*"/y;
const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?/y;

/** json.loads: JSON text to the values Python holds (a number with a fraction or an exponent is a float, keys keep their order). */
export function pyJsonLoads(text: string): PyValue {
  let i = 0;
  const fail = (what: string): never => {
    throw new SyntaxError(`${what} at offset ${i}`);
  };
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };
  const value = (): PyValue => {
    space();
    const c = text[i];
    if (c === '{') {
      i++;
      const dict: PyDict = new Map();
      space();
      if (text[i] === '}') return i++, dict;
      for (;;) {
        space();
        if (text[i] !== '"') fail('expected a key');
        const k = value() as string;
        space();
        if (text[i++] !== ':') fail('expected ":"');
        dict.set(k, value());
        space();
        if (text[i] === ',') i++;
        else if (text[i] === '}') return i++, dict;
        else fail('expected "," or "}"');
      }
    }
    if (c === '[') {
      i++;
      const list: PyValue[] = [];
      space();
      if (text[i] === ']') return i++, list;
      for (;;) {
        list.push(value());
        space();
        if (text[i] === ',') i++;
        else if (text[i] === ']') return i++, list;
        else fail('expected "," or "]"');
      }
    }
    if (c === '"') {
      STRING.lastIndex = i;
      const m = STRING.exec(text) ?? fail('bad string');
      i += m[0].length;
      return JSON.parse(m[0]) as string;
    }
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(text);
    if (m) {
      i += m[0].length;
      if (m[1] || m[2]) return new PyFloat(Number(m[0]));
      const n = Number(m[0]);
      return Number.isSafeInteger(n) ? n : BigInt(m[0]);
    }
    for (const [word, v] of [['true', true], ['false', false], ['null', null]] as const) if (text.startsWith(word, i)) return (i += word.length), v;
    return fail('unexpected character');
  };
  const v = value();
  space();
  if (i < text.length) fail('text after the value');
  return v;
}
