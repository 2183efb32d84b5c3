// A YAML document as PyYAML's safe_load reads it, for the two specs the corpus holds as JSON converted from
// YAML (Stripe's spec3.yaml, Asana's asana_oas.yaml), which were converted in Python. The yaml package parses
// (every scalar kept as text: the failsafe schema), and the plain scalars are then typed by PyYAML's YAML 1.1
// rules, so `1.0` stays a float, `yes` is true, `010` is octal, and `1e5` (no dot) stays a string.
import { isAlias, isMap, isScalar, isSeq, parseDocument, Scalar, type Document, type Node } from 'yaml';
import { PyFloat, pyFloatRepr, pyJsonDumps, type PyValue } from './corpus-python-json';

// PyYAML's implicit resolvers (resolver.py), in the order it tries them.
const BOOL = /^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/;
const FLOAT = /^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9_]+(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
const INT = /^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$/;
const NULL = /^(?:~|null|Null|NULL|)$/;
const TIMESTAMP = /^(?:[0-9]{4}-[0-9]{2}-[0-9]{2}|[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?)$/;

function sexagesimal(text: string): number {
  return text.split(':').reduce((n, part) => n * 60 + Number(part), 0);
}

function pyInt(text: string): number | bigint {
  let t = text.replace(/_/g, '');
  const sign = t.startsWith('-') ? -1n : 1n;
  if ('+-'.includes(t[0])) t = t.slice(1);
  let n: bigint;
  if (t === '0') n = 0n;
  else if (t.startsWith('0b')) n = BigInt(t);
  else if (t.startsWith('0x')) n = BigInt(t);
  else if (t.startsWith('0')) n = BigInt(`0o${t.slice(1)}`);
  else if (t.includes(':')) n = BigInt(sexagesimal(t));
  else n = BigInt(t);
  n *= sign;
  return n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n;
}

function pyFloat(text: string): PyFloat {
  let t = text.replace(/_/g, '').toLowerCase();
  const sign = t.startsWith('-') ? -1 : 1;
  if ('+-'.includes(t[0])) t = t.slice(1);
  if (t === '.inf') return new PyFloat(sign * Infinity);
  if (t === '.nan') return new PyFloat(NaN);
  return new PyFloat(sign * (t.includes(':') ? sexagesimal(t) : Number(t)));
}

/** A plain scalar's value by PyYAML's rules. A date is refused: json.dumps cannot write one either. */
function plain(text: string): PyValue {
  if (BOOL.test(text)) return /^(?:yes|true|on)$/i.test(text);
  if (FLOAT.test(text)) return pyFloat(text);
  if (INT.test(text)) return pyInt(text);
  if (NULL.test(text)) return null;
  if (TIMESTAMP.test(text)) throw new Error(`a YAML timestamp (${text}) has no JSON form`);
  return text;
}

/** A key as json.dumps writes it: a str as is, an int in decimal, a float by repr, true/false/null in JSON. */
function keyText(k: PyValue): string {
  if (typeof k === 'string') return k;
  if (k === null) return 'null';
  if (typeof k === 'boolean') return k ? 'true' : 'false';
  if (typeof k === 'number' || typeof k === 'bigint') return String(k);
  if (k instanceof PyFloat) return pyFloatRepr(k.value);
  throw new Error('a YAML mapping key that is a collection has no JSON form');
}

function toPy(node: Node | null, doc: Document): PyValue {
  if (node === null) return null;
  if (isAlias(node)) return toPy(node.resolve(doc) as Node, doc);
  if (isScalar(node)) {
    const text = String(node.value);
    if (node.tag && node.tag !== '!') throw new Error(`the tag ${node.tag} is not read (${text})`);
    return node.type === Scalar.PLAIN && node.tag === undefined ? plain(text) : text;
  }
  if (isSeq(node)) return node.items.map((x) => toPy(x as Node, doc));
  if (isMap(node)) {
    const dict = new Map<string, PyValue>();
    for (const pair of node.items) {
      const k = toPy(pair.key as Node, doc);
      if (k === '<<' && isScalar(pair.key) && pair.key.type === Scalar.PLAIN) throw new Error('merge keys (<<) are not read');
      // A repeated key keeps its first place and takes the last value, as in a Python dict.
      dict.set(keyText(k), toPy(pair.value as Node | null, doc));
    }
    return dict;
  }
  throw new Error('an unknown YAML node');
}

/** yaml.safe_load(text), as Python values. */
export function pyYamlSafeLoad(text: string): PyValue {
  const doc = parseDocument(text, { schema: 'failsafe', version: '1.1', uniqueKeys: false, keepSourceTokens: false });
  if (doc.errors.length > 0) throw doc.errors[0];
  return toPy(doc.contents as Node | null, doc);
}

/** What the corpus's "converted from YAML to JSON unchanged" files are: json.dumps(yaml.safe_load(text), separators=(',', ':')), ASCII-only. */
export function yamlToCorpusJson(text: string): string {
  return pyJsonDumps(pyYamlSafeLoad(text), { separators: [',', ':'], ensureAscii: true });
}
