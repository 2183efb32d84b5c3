// Property tests: whatever reaches check(), from any pack, it returns (never throws), the body conforms to
// the body schema, the same input gives the same bytes, and no body costs more than 400 tokens.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { roundTrip } from '../../bench/round-trip';
import { check, serializeBody, type CheckResult, type CompiledPack, type Json } from '../../src/engine';
import { locateJsonError, scanJson } from '../../src/engine/parse/json-scan';
import { packs } from '../../src/packs';
import { allPacks, bodySchemaProblems, bodyTokens, TOKEN_CEILING } from './support';

const RUNS = Number(process.env.RELIABILITY_RUNS ?? 300);

/** Runs check twice on equal inputs and returns the first result, after asserting every invariant. */
function checkHolds(pack: CompiledPack, input: unknown, tool?: string): CheckResult {
  let first: CheckResult;
  let again: CheckResult;
  // structuredClone: the second run must not see anything the first one changed.
  const copy = typeof input === 'string' ? input : structuredClone(input);
  expect(() => {
    first = check(pack, input, tool ? { tool } : {});
    again = check(pack, copy, tool ? { tool } : {});
  }).not.toThrow();
  const r = first!;
  expect(typeof r.ok).toBe('boolean');
  if (r.ok) {
    expect(r.body).toBeNull();
    expect(again!.ok).toBe(true);
    expect(JSON.stringify(again!.arguments)).toBe(JSON.stringify(r.arguments));
    return r;
  }
  const body = r.body!;
  expect(bodySchemaProblems(body), serializeBody(body)).toEqual([]);
  // internal_error conforms to the schema but means the engine failed: a bug, whatever the input.
  expect(body.error, serializeBody(body)).not.toBe('internal_error');
  expect(serializeBody(again!.body!)).toBe(serializeBody(body));
  expect(bodyTokens(body), serializeBody(body)).toBeLessThanOrEqual(TOKEN_CEILING);
  // Whatever was sent, every suggestion offered validates when sent back.
  const trip = roundTrip(pack, r);
  expect(trip.failures, serializeBody(body)).toEqual([]);
  return r;
}

/** Names a model might send for a field: the declared one, its case variants, near misses and noise. */
function nameArb(declared: string[]): fc.Arbitrary<string> {
  const picks = declared.length ? [fc.constantFrom(...declared)] : [];
  return fc.oneof(
    ...picks,
    ...(declared.length ? [fc.constantFrom(...declared).map((n) => n.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()))] : []),
    ...(declared.length ? [fc.constantFrom(...declared).map((n) => n.toUpperCase())] : []),
    fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', ''),
    fc.string({ maxLength: 12 }),
    fc.string({ unit: 'binary', maxLength: 200 }),
  );
}

/** Values: the field's permitted values and examples, their case variants, and arbitrary JSON. */
function valueArb(pack: CompiledPack): fc.Arbitrary<Json> {
  const known: Json[] = [];
  for (const t of pack.tools) {
    for (const f of t.fields.values()) {
      if (f.enumValues) known.push(...f.enumValues.slice(0, 20));
      if (f.example !== undefined) known.push(f.example);
    }
  }
  return fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...(known.length ? known : [null])) },
    { weight: 1, arbitrary: fc.constantFrom(...(known.length ? known : ['x'])).map((v) => (typeof v === 'string' ? v.toUpperCase() : String(v))) },
    { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 4 }) as fc.Arbitrary<Json> },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 300 }) },
  );
}

function argumentsArb(pack: CompiledPack): fc.Arbitrary<{ tool: string; args: Record<string, Json> }> {
  const names = pack.tools.map((t) => t.name);
  return fc.constantFrom(...names).chain((tool) => {
    const declared = [...pack.tool(tool)!.fields.values()].filter((f) => !f.path.includes('[') && !f.path.includes('.')).map((f) => f.name);
    return fc
      .array(fc.tuple(nameArb(declared), valueArb(pack)), { maxLength: 14 })
      .map((pairs) => {
        const args: Record<string, Json> = {};
        // defineProperty: a key named __proto__ is data, as JSON.parse would make it.
        for (const [k, v] of pairs) Object.defineProperty(args, k, { value: v, enumerable: true, writable: true, configurable: true });
        return { tool, args };
      });
  });
}

/** The envelopes check() reads, as text and as values, with the tool's name or a stranger's. */
function callArb(pack: CompiledPack): fc.Arbitrary<{ input: unknown; tool?: string }> {
  return fc.tuple(argumentsArb(pack), fc.oneof(fc.constant(null), fc.string({ maxLength: 20 })), fc.integer({ min: 0, max: 7 }), fc.boolean()).map(([{ tool, args }, otherName, shape, asText]) => {
    const name = otherName ?? tool;
    const argText = JSON.stringify(args);
    const envelopes: unknown[] = [
      { name, arguments: args },
      { type: 'function', function: { name, arguments: argText } },
      { type: 'function_call', name, arguments: argText, call_id: 'call_1' },
      { type: 'tool_use', id: 'toolu_1', name, input: args },
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
      { role: 'assistant', tool_calls: [{ id: 'c1', type: 'function', function: { name, arguments: argText } }] },
      args,
      `${name}(${Object.entries(args).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(', ')})`,
    ];
    const envelope = envelopes[shape];
    if (shape === 6) return { input: asText ? JSON.stringify(envelope) : envelope, tool };
    if (typeof envelope === 'string') return { input: envelope };
    return { input: asText ? JSON.stringify(envelope) : envelope };
  });
}

describe.each(allPacks.map((p) => [p.id, p] as const))('pack %s', (_id, pack) => {
  test('arbitrary strings', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary', maxLength: 500 }), fc.json()), (s) => {
        checkHolds(pack, s);
      }),
      { numRuns: RUNS },
    );
  });

  test('arbitrary JSON values, as values and as text', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.boolean(), (v, asText) => {
        checkHolds(pack, asText ? JSON.stringify(v) : v);
      }),
      { numRuns: RUNS },
    );
  });

  test('arbitrary calls in every envelope', () => {
    fc.assert(
      fc.property(callArb(pack), ({ input, tool }) => {
        checkHolds(pack, input, tool);
      }),
      { numRuns: RUNS },
    );
  });
});

describe.each(packs.map((p) => [p.id, p] as const))('pack %s, from its own examples', (_id, pack) => {
  test('a valid example with one field replaced by anything', () => {
    const cases = pack.tools.flatMap((t) => (t.source.examples?.valid ?? []).map((args) => ({ tool: t.name, args })));
    expect(cases.length).toBeGreaterThan(0);
    fc.assert(
      fc.property(fc.constantFrom(...cases), fc.nat(), valueArb(pack), ({ tool, args }, i, value) => {
        const keys = Object.keys(args);
        const next = { ...args, [keys[i % keys.length]]: value };
        checkHolds(pack, { name: tool, arguments: next });
      }),
      { numRuns: RUNS },
    );
  });
});

describe('the iterative JSON locator (json-scan.ts), used when jsonc-parser gives up', () => {
  test('agrees with JSON.parse about what is valid, and points inside the text', () => {
    const nearJson = fc.tuple(fc.json(), fc.nat(), fc.constantFrom('', ',', '}', ']', '"', ':', '\\', 'NaN', '\u0001', ' ')).map(([j, at, junk]) => {
      const cut = at % (j.length + 1);
      return j.slice(0, cut) + junk + j.slice(cut);
    });
    fc.assert(
      fc.property(fc.oneof(fc.json(), nearJson, fc.string()), (text) => {
        let valid = true;
        try {
          JSON.parse(text);
        } catch {
          valid = false;
        }
        const found = locateJsonError(text);
        expect(found === null, text).toBe(valid);
        if (found) {
          expect(found.offset).toBeGreaterThanOrEqual(0);
          expect(found.offset).toBeLessThanOrEqual(text.length);
        }
      }),
      { numRuns: RUNS * 3 },
    );
  });
});

describe('the duplicate-key and number scan (json-scan.ts)', () => {
  /** Object text with keys from a small set, so duplicates are common, and numbers JSON.parse would round. */
  const objectText: fc.Arbitrary<string> = fc.letrec<{ obj: string; value: string }>((tie) => ({
    value: fc.oneof(
      { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)) },
      { weight: 1, arbitrary: fc.constantFrom('9007199254740993', '-123456789012345678', '1e400', '12345678901234', '"a\\":b"', '"\\":"') },
      { weight: 1, arbitrary: tie('obj') },
    ),
    obj: fc
      .array(fc.tuple(fc.constantFrom('a', 'b', 'a b', 'q"', '\\u0061'), tie('value')), { maxLength: 5 })
      .map((pairs) => `{${pairs.map(([k, v]) => `"${k.replace('"', '\\"')}" : ${v}`).join(',')}}`),
  })).obj;

  test('its shortcut for ordinary calls never hides what the full scan finds', () => {
    fc.assert(
      fc.property(objectText, (text) => {
        const parsed = JSON.parse(text);
        expect(scanJson(text, parsed)).toEqual(scanJson(text));
      }),
      { numRuns: RUNS * 3 },
    );
  });

  test('it finds every duplicate JSON.parse would drop', () => {
    fc.assert(
      fc.property(objectText, (text) => {
        const found = scanJson(text, JSON.parse(text));
        const keys = [...text.matchAll(/"((?:[^"\\]|\\.)*)"\s*:/g)];
        // Top-level duplicates only, read independently: any repeated decoded key at depth one.
        let depth = 0;
        const top: string[] = [];
        for (let i = 0, k = 0; i < text.length; i++) {
          const c = text[i];
          if (c === '"') {
            const m = keys[k];
            if (m && m.index === i) {
              if (depth === 1) top.push(JSON.parse(`"${m[1]}"`));
              k++;
            }
            const end = /"((?:[^"\\]|\\.)*)"/y;
            end.lastIndex = i;
            i += end.exec(text)![0].length - 1;
          } else if (c === '{' || c === '[') depth++;
          else if (c === '}' || c === ']') depth--;
        }
        if (new Set(top).size < top.length) expect(found).not.toBeNull();
      }),
      { numRuns: RUNS * 3 },
    );
  });
});
