// The corpus's files made by Python, remade in TypeScript (src/cli/corpus-python-json.ts, src/cli/corpus-yaml.ts):
// json.dumps's bytes (float repr, ensure_ascii, indent, key order) and PyYAML's YAML 1.1 types, on our own text.
import { expect, test } from 'vitest';
import { PyFloat, pyFloatRepr, pyJsonDumps, pyJsonLoads, type PyValue } from '../src/cli/corpus-python-json';
import { pyYamlSafeLoad, yamlToCorpusJson } from '../src/cli/corpus-yaml';

test('a float is written as Python writes its repr', () => {
  const cases: [number, string][] = [
    [1, '1.0'],
    [0.5, '0.5'],
    [-2.25, '-2.25'],
    [0, '0.0'],
    [1e16, '1e+16'],
    [1234567890123456, '1234567890123456.0'],
    [0.0001, '0.0001'],
    [0.00001, '1e-05'],
    [1.5e-7, '1.5e-07'],
    [2.5e300, '2.5e+300'],
    [0.1 + 0.2, '0.30000000000000004'],
  ];
  expect(cases.map(([x]) => pyFloatRepr(x))).toEqual(cases.map(([, s]) => s));
});

test('json.dumps: ensure_ascii, separators, indent, empty collections and key order', () => {
  const value = new Map<string, PyValue>([
    ['b', 'caf\u00e9 \u2019 \u{1F600} \u007f'],
    ['200', [1, new PyFloat(2), null, true]],
    ['a', new Map()],
    ['z', []],
  ]);
  expect(pyJsonDumps(value)).toBe('{"b": "caf\\u00e9 \\u2019 \\ud83d\\ude00 \\u007f", "200": [1, 2.0, null, true], "a": {}, "z": []}');
  expect(pyJsonDumps(value, { separators: [',', ':'], ensureAscii: false })).toBe('{"b":"caf\u00e9 \u2019 \u{1F600} \u007f","200":[1,2.0,null,true],"a":{},"z":[]}');
  expect(pyJsonDumps(new Map([['k', [1, 'x']]]), { indent: 2 })).toBe('{\n  "k": [\n    1,\n    "x"\n  ]\n}');
});

test('json.loads keeps a float a float, big integers whole, and keys in their order', () => {
  const v = pyJsonLoads('{"9": 1.0, "1": 10000000000000000001, "s": "a\\"b\\u00e9", "e": 1e2, "l": [-0, false]}');
  expect(pyJsonDumps(v, { separators: [',', ':'] })).toBe('{"9":1.0,"1":10000000000000000001,"s":"a\\"b\\u00e9","e":100.0,"l":[0,false]}');
  expect(() => pyJsonLoads('{"a": 1,}')).toThrow(SyntaxError);
  expect(() => pyJsonLoads('[1] 2')).toThrow(SyntaxError);
});

test('YAML scalars are typed by PyYAML 1.1 rules, quoted ones stay strings', () => {
  const text = [
    'version: 1.0',
    'count: 010',
    'hex: 0x1f',
    'big: 1_000',
    'exp: 1e5',
    'exp_dot: 1.5e+3',
    'flag: yes',
    'off: off',
    'nothing: ~',
    'empty:',
    'quoted: "1.0"',
    'single: \'yes\'',
    'block: |',
    '  two',
    '  lines',
    'anchor: &list [a, 2]',
    'again: *list',
    '404: not found',
  ].join('\n');
  expect(yamlToCorpusJson(text)).toBe(
    '{"version":1.0,"count":8,"hex":31,"big":1000,"exp":"1e5","exp_dot":1500.0,"flag":true,"false":false,"nothing":null,"empty":null,"quoted":"1.0","single":"yes","block":"two\\nlines\\n","anchor":["a",2],"again":["a",2],"404":"not found"}',
  );
});

test('what JSON cannot hold is refused, never written wrong', () => {
  expect(() => pyYamlSafeLoad('when: 2024-05-01\n')).toThrow(/timestamp/);
  expect(() => pyYamlSafeLoad('a: !!binary aGk=\n')).toThrow(/tag/);
  expect(() => pyYamlSafeLoad('a: [1\n')).toThrow();
});
