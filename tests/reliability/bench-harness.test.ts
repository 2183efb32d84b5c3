// The bench's own parts: the BFCL conversion, the breaks, the deterministic caller, and the report the
// /benchmarks/ page is built from (which must survive a results file that lacks any section).
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { breakCall, looseDate } from '../../bench/breaks';
import { nextCall } from '../../bench/caller';
import { bfclToJsonSchema, sanitiseName } from '../../bench/corpus';
import { readResults } from '../../bench/report';
import { check, packFromToolDefinitions, type Json } from '../../src/engine';

const pack = packFromToolDefinitions([
  {
    name: 'book',
    input_schema: {
      type: 'object',
      required: ['user_id', 'cabin', 'seats'],
      properties: {
        user_id: { type: 'string' },
        cabin: { type: 'string', enum: ['economy', 'business'] },
        seats: { type: 'integer' },
        when: { type: 'string', format: 'date' },
        note: { type: 'string' },
        legs: { type: 'array', items: { type: 'object', properties: { from: { type: 'string' } } } },
      },
    },
  },
]);
const tool = pack.tool('book')!;
const truth: Record<string, Json> = { user_id: 'mia_3', cabin: 'economy', seats: 2, when: '2024-05-20', legs: [{ from: 'JFK' }] };

describe('BFCL tool definitions in JSON Schema', () => {
  test('its own type names are mapped and optional is dropped (the compiler leaves a dict without properties open)', () => {
    expect(
      bfclToJsonSchema({ type: 'dict', properties: { a: { type: 'float' }, b: { type: 'tuple', items: { type: 'any' } }, c: { type: 'dict', optional: true }, d: { type: 'integer', enum: [1, 2] } }, required: ['a'] }),
    ).toEqual({ type: 'object', properties: { a: { type: 'number' }, b: { type: 'array', items: {} }, c: { type: 'object' }, d: { type: 'integer', enum: [1, 2] } }, required: ['a'] });
  });

  test('an unknown type name is an error, not a guess', () => {
    expect(() => bfclToJsonSchema({ type: 'HashMap' })).toThrow(/unknown BFCL type/);
  });

  test('tool names become valid tool names, the same way each time, without collisions', () => {
    const taken = new Set<string>();
    expect(sanitiseName('math.factorial', taken)).toBe('math_factorial');
    expect(sanitiseName('math_factorial', taken)).toBe('math_factorial_2');
    const long = sanitiseName('a.'.repeat(50), taken);
    expect(long).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
  });
});

describe('breaks', () => {
  test('each kind touches one place and says whether the fix is knowable', () => {
    expect(breakCall('enum_case', tool, truth)).toMatchObject({ args: { cabin: 'ECONOMY' }, knowable: true });
    expect(breakCall('enum_synonym', tool, truth)).toMatchObject({ args: { cabin: 'coach' }, knowable: false });
    expect(breakCall('number_as_string', tool, truth)).toMatchObject({ args: { seats: '2' }, knowable: true });
    expect(Object.keys(breakCall('case_field', tool, truth)!.args)).toEqual(['userId', 'cabin', 'seats', 'when', 'legs']);
    expect(Object.keys(breakCall('misspelt_field', tool, truth)!.args)[0]).toBe('use_id');
    expect(breakCall('json_string', tool, truth)).toMatchObject({ args: { legs: '[{"from":"JFK"}]' }, knowable: true });
    expect(breakCall('extra_argument', tool, truth)!.args).toMatchObject({ confirm: true });
    expect(breakCall('missing_required', tool, truth)!.args).not.toHaveProperty('user_id');
    expect(breakCall('loose_date', tool, truth)).toMatchObject({ args: { when: 'May 20, 2024' }, knowable: true });
  });

  test('a call with nowhere to apply a break is not applicable', () => {
    expect(breakCall('enum_case', tool, { user_id: 'x', seats: 1 })).toBeNull();
    expect(breakCall('loose_date', tool, { user_id: 'x' })).toBeNull();
  });

  test('a loose date keeps everything needed to write it back', () => {
    expect(looseDate('2026-03-13T17:00:00Z')).toBe('March 13, 2026 17:00:00 UTC');
    expect(looseDate('2026-03-13T17:00:00+01:00')).toBe('March 13, 2026 17:00:00 +01:00');
    expect(looseDate('not a date')).toBeNull();
  });
});

describe('the deterministic caller reads only the body', () => {
  test('it applies did_you_mean, picks from a listed set and follows a stated type', () => {
    const call = { user_id: 'mia_3', cabin: 'ECONOMY', seats: '2', when: '2024-05-20' };
    const r = check(pack, { name: 'book', arguments: call });
    expect(nextCall('actionable', r.body as Json, call, truth)).toEqual({ user_id: 'mia_3', cabin: 'economy', seats: 2, when: '2024-05-20' });
  });

  test('it rewrites a loose date to the form the example shows', () => {
    const call = { ...truth, when: 'May 20, 2024' };
    const r = check(pack, { name: 'book', arguments: call });
    expect(nextCall('actionable', r.body as Json, call, truth)).toEqual(truth);
  });

  test('it sends a missing field from what it meant, and renames a key that is the field misspelt', () => {
    const { user_id: _u, ...rest } = truth;
    expect(nextCall('bare', "Error: missing required argument 'user_id'", rest, truth)).toEqual({ ...rest, user_id: 'mia_3' });
    const slipped = { usr_id: 'mia_3', cabin: 'economy', seats: 2 };
    expect(nextCall('ajv', "data must have required property 'user_id'", slipped, truth)).toEqual({ user_id: 'mia_3', cabin: 'economy', seats: 2 });
  });

  test('it gives up when the body names nothing to change', () => {
    const call = { ...truth, cabin: 'ECONOMY' };
    expect(nextCall('ajv', 'data/cabin must be equal to one of the allowed values', call, truth)).toBeNull();
    expect(nextCall('ajv', 'data must NOT have additional properties', { ...truth, confirm: true }, truth)).toBeNull();
    expect(nextCall('bare', "Error: invalid value for argument 'cabin'", call, truth)).toBeNull();
  });
});

describe('the report behind /benchmarks/', () => {
  test('no results at all: nothing measured, and no part throws', () => {
    for (const raw of [undefined, null, {}, [], 'junk', { schema: 1 }]) {
      const report = readResults(raw);
      expect(report.measured).toBe(false);
      expect(report.summary.every((r) => r.verdict === 'not measured')).toBe(true);
      expect(report.faulty).toBeNull();
      expect(report.recovery).toBeNull();
    }
  });

  test('a results file missing sections says "not measured" for exactly those', () => {
    const full = JSON.parse(readFileSync('bench/results.json', 'utf8'));
    for (const missing of ['valid_calls', 'faulty_calls', 'did_you_mean', 'tokens', 'recovery', 'machine']) {
      const { [missing]: _gone, ...rest } = full;
      const report = readResults(rest);
      expect(report.measured).toBe(true);
      if (missing === 'machine') expect(report.machine).toEqual([]);
      else expect(report.summary.some((r) => r.verdict === 'not measured')).toBe(true);
    }
    // Sections present but empty or mistyped do not throw either.
    const odd = readResults({ valid_calls: { rows: [{}] }, tokens: { single: 'x' }, recovery: { external: { actionable: { enum_case: {} } } } });
    expect(odd.summary.find((r) => r.section === 'Valid calls')!.result).toBe('not measured');
    expect(odd.recovery!.external[0].rows[0].absorbed).toBe('–');
  });

  test('the committed results read back in full, with the machine and the date', () => {
    const report = readResults(JSON.parse(readFileSync('bench/results.json', 'utf8')));
    expect(report.measured).toBe(true);
    expect(report.date).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(report.machine.map((m) => m.label)).toEqual(['Operating system', 'CPU', 'Cores', 'Memory', 'Node.js']);
    expect(report.summary.every((r) => r.verdict !== 'not measured')).toBe(true);
    expect(report.recovery!.external.map((k) => k.kind)).toEqual(['Actionable', 'AJV default messages', 'Bare Error: string']);
  });

  test('the committed results name no path on this machine', () => {
    const text = readFileSync('bench/results.json', 'utf8');
    expect(text).not.toMatch(/(^|["\s])\/(home|root|work|tmp|Users)\//);
    expect(text).not.toMatch(/[A-Z]:\\\\/);
  });
});
