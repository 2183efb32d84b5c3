// The bench's own parts: the BFCL conversion, the breaks, the deterministic caller, and the report the
// /benchmarks/ page is built from (which must survive a results file that lacks any section).
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { breakCall, looseDate } from '../../bench/breaks';
import { nextCall, nextNamedCall } from '../../src/engine/caller';
import { bfclToJsonSchema, sanitiseName } from '../../bench/corpus';
import { externalWithinOne, readResults } from '../../bench/report';
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
    expect(() => bfclToJsonSchema({ type: 'Vector' })).toThrow(/unknown BFCL type/);
  });

  test('the Java and JavaScript categories’ type names become the JSON kinds their ground truth holds', () => {
    expect(bfclToJsonSchema({ type: 'dict', properties: { a: { type: 'String' }, b: { type: 'Boolean' }, c: { type: 'HashMap' }, d: { type: 'ArrayList' }, e: { type: 'long' }, f: { type: 'double' }, g: { type: 'any' } } })).toEqual({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'boolean' }, c: { type: 'object' }, d: { type: 'array' }, e: { type: 'integer' }, f: { type: 'number' }, g: {} },
    });
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

  test('issue 17’s mistakes: a tool name behind a namespace, in camelCase, dotted or misspelt; an enum typo; a synonym argument', () => {
    const flights = packFromToolDefinitions([{ name: 'book_flight', parameters: { type: 'object', properties: { n: { type: 'integer' } } } }, { name: 'book_hotel', parameters: { type: 'object', properties: {} } }]);
    const declared = flights.tools.map((t) => t.name);
    const bf = flights.tool('book_flight')!;
    expect(breakCall('tool_prefix', bf, { n: 1 }, declared)).toMatchObject({ name: 'functions.book_flight', args: { n: 1 }, knowable: true });
    expect(breakCall('tool_camel', bf, { n: 1 }, declared)).toMatchObject({ name: 'bookFlight' });
    expect(breakCall('tool_dotted', bf, { n: 1 }, declared)).toMatchObject({ name: 'book.flight' });
    expect(breakCall('tool_misspelt', bf, { n: 1 }, declared)).toMatchObject({ name: 'book_light' });
    // A one-word name has no camelCase or dotted form.
    expect(breakCall('tool_camel', tool, truth, ['book'])).toBeNull();
    expect(breakCall('enum_typo', tool, truth)).toMatchObject({ args: { cabin: 'ecnoomy' }, knowable: true });
    expect(Object.keys(breakCall('synonym_field', tool, truth)!.args)[0]).toBe('user');
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
    // A date in words alone is now absorbed (date_rewritten); one with a time where only a date goes is refused.
    expect(check(pack, { name: 'book', arguments: { ...truth, when: 'May 20, 2024' } }).ok).toBe(true);
    const call = { ...truth, when: 'May 20, 2024 09:00' };
    const r = check(pack, { name: 'book', arguments: call });
    expect(nextCall('actionable', r.body as Json, call, truth)).toEqual(truth);
  });

  test('it sends a missing field from what it meant, and renames a key that is the field misspelt', () => {
    const { user_id: _u, ...rest } = truth;
    expect(nextCall('bare', "Error: missing required argument 'user_id'", rest, truth)).toEqual({ ...rest, user_id: 'mia_3' });
    const slipped = { usr_id: 'mia_3', cabin: 'economy', seats: 2 };
    expect(nextCall('ajv', "data must have required property 'user_id'", slipped, truth)).toEqual({ user_id: 'mia_3', cabin: 'economy', seats: 2 });
  });

  test('it changes a tool name from an unknown_tool body: the one did_you_mean, or the nearest spelling among several', () => {
    const body = { error: 'unknown_tool', field: 'name', message: 'is not one of the tools you can call', received: 'bok', did_you_mean: ['book'], retryable: false };
    expect(nextNamedCall('actionable', body, 'bok', truth, truth)).toEqual({ name: 'book', args: truth });
    const two = { ...body, received: 'read_txt_file', did_you_mean: ['read_text_file', 'read_file'] };
    expect(nextNamedCall('actionable', two, 'read_txt_file', truth, truth)).toEqual({ name: 'read_text_file', args: truth });
    const listed = { ...body, received: 'functions.book', message: 'is not one of the tools you can call; they are: book, cancel' } as Record<string, Json>;
    delete listed.did_you_mean;
    expect(nextNamedCall('actionable', listed, 'functions.book', truth, truth)).toEqual({ name: 'book', args: truth });
    expect(nextNamedCall('actionable', { ...body, did_you_mean: ['get_a', 'get_b'] }, 'zzz', truth, truth)).toBeNull();
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

  test('the goal table holds the headline\'s measure too: every broken call, beside the knowable ones the goal counts', () => {
    const raw = { recovery: { goal: { knowable_pairs: 3, within_one_round: 3, share: 1 }, external: { actionable: { enum_case: { applicable: 3, knowable: 3, absorbed: 1, one_round: 2, never: 0 }, enum_synonym: { applicable: 1000, knowable: 0, absorbed: 0, one_round: 0, never: 1000 } } } } };
    const rows = readResults(raw).summary.filter((r) => r.section === 'Recovery');
    expect(rows.find((r) => r.measure.includes('where the fix is knowable'))!.result).toBe('100.0% of 3');
    expect(rows.find((r) => r.measure.includes('the figure that leads this page'))!.result).toBe('0.3% of 1,003');
    expect(externalWithinOne(raw.recovery.external.actionable)).toEqual({ applicable: 1003, withinOne: 3, never: 1000, absorbed: 1 });
  });

  test('a results file missing sections says "not measured" for exactly those', () => {
    const full = JSON.parse(readFileSync('bench/results.json', 'utf8'));
    for (const missing of ['valid_calls', 'faulty_calls', 'did_you_mean', 'tokens', 'recovery', 'beyond_schema', 'machine']) {
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

  test('the CLI throughput: judged on the steady rate once started, with the start on a row of its own; older results on the whole rate', () => {
    const cliRows = (throughput: object) => readResults({ cli: { throughput: { workers: 2, ...throughput } } }).summary.filter((r) => r.section === 'Command line' && r.measure.startsWith('--jsonl'));
    const split = cliRows({ full: { calls: 1_000_000, calls_per_s: 40_000, steady_calls_per_s: 52_000, start_ms: 310, peak_rss_mb: 200 } });
    expect(split.map((r) => [r.result, r.verdict])).toEqual([
      ['52,000 calls/s (40,000 with the starts)', 'met'],
      ['310 ms', null],
    ]);
    const older = cliRows({ full: { calls: 1_000_000, calls_per_s: 22_548, peak_rss_mb: 267 } });
    expect(older.map((r) => [r.result, r.verdict])).toEqual([['22,548 calls/s', 'not met']]);
  });

  test('the hostile inputs: met only when every case is within the goal, and an older results file says not measured', () => {
    const row = (id: string, met: boolean) => ({ id, what: `case ${id}`, ms: met ? 120 : 20_000, peak_mb: met ? 60 : null, exit: met ? 1 : null, killed: !met, outcome: met ? 'exit 1' : 'killed after 20 s', met });
    const all = readResults({ hostile: { goal: { ms: 1000, mb: 256 }, rows: [row('a', true), row('b', true)] } });
    expect(all.summary.find((r) => r.section === 'Hostile input')).toMatchObject({ result: '2 of 2 within the goal', verdict: 'met' });
    expect(all.hostile!.goal).toBe('at most 1,000 ms and 256 MB, answered or refused with a reason');
    expect(all.hostile!.rows.map((r) => [r.ms, r.mb, r.verdict])).toEqual([['120 ms', '60 MB', 'met'], ['120 ms', '60 MB', 'met']]);
    const one = readResults({ hostile: { goal: { ms: 1000, mb: 256 }, rows: [row('a', true), row('b', false)] } });
    expect(one.summary.find((r) => r.section === 'Hostile input')).toMatchObject({ result: '1 of 2 within the goal', verdict: 'not met' });
    expect(one.hostile!.rows[1]).toMatchObject({ mb: 'not measured', verdict: 'not met', outcome: 'killed after 20 s' });
    const none = readResults({ valid_calls: { rows: [] } });
    expect(none.hostile).toBeNull();
    expect(none.summary.find((r) => r.section === 'Hostile input')!.verdict).toBe('not measured');
  });

  test('beyond the schema: the share fixed against 80%, valid calls refused against 0, and rule counts only when the engine gives them', () => {
    const section = (b: object) => readResults({ beyond_schema: b }).summary.filter((r) => r.section === 'Beyond the schema');
    const base = {
      corpus: { calls: 400, imported_packs: ['a', 'b'] },
      fixed: { calls: 400, within_one_round: 330, absorbed: 100, accepted_as_sent: 20, share: 0.825 },
      by_rule: { id_url: { calls: 10, within_one_round: 5, accepted_as_sent: 5, absorbed: 2 } },
      rule_labels: { id_url: 'a resource URL where its id goes' },
      by_source: { 'slack-web': { calls: 10, within_one_round: 5, accepted_as_sent: 5 } },
      valid_refused: { total: 3000, refused: 2, rows: [{ corpus: 'tau-bench', calls: 740, refused: 2, measured_in: 'recovery' }] },
      rules: { available: false, source: 'readRuleCounts()', by_source: null },
    };
    expect(section(base).map((r) => [r.result, r.verdict])).toEqual([
      ['82.5% of 400', 'met'],
      ['2', 'not met'],
      ['not available', null],
    ]);
    const counted = section({ ...base, fixed: { ...base.fixed, share: 0.1 }, rules: { available: true, by_source: { imported: { made: 40, dropped: 3 }, mcp: { made: 2, dropped: 0 } } } });
    expect(counted.map((r) => r.verdict)).toEqual(['not met', 'not met', null]);
    expect(counted[2].result).toBe('imported 40 made, 3 dropped; mcp 2 made, 0 dropped');
    const report = readResults({ beyond_schema: base }).beyondSchema!;
    expect(report.byRule).toEqual([{ kind: 'id_url', label: 'a resource URL where its id goes', calls: '10', fixed: '50.0%', acceptedAsSent: '50.0%', absorbed: '20.0%' }]);
    expect(report.valid).toEqual([{ corpus: 'tau-bench', calls: '740', refused: '2', measuredIn: 'recovery' }]);
    // An older results file: the rows say not measured and the page's section is left out.
    const none = readResults({ valid_calls: { rows: [] } });
    expect(none.beyondSchema).toBeNull();
    expect(none.summary.filter((r) => r.section === 'Beyond the schema').map((r) => r.result)).toEqual(['not measured', 'not measured', 'not measured']);
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
