// The /grade/ page's data: each style's reply made by its library, graded, and tau-bench's strings read
// from the shared corpus in place (the test fails, never skips, when the corpus is missing).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { gradeStyles, GRADE_CALLS, STYLE_IDS, tauBenchStrings } from '../src/docs/grade-styles';
import { getPack } from '../src/packs';

const pack = getPack('helpdesk')!;

describe('the error styles on the same calls', async () => {
  const results = await gradeStyles(pack);
  const row = (call: string, style: string) => results.find((r) => r.call.id === call)!.rows.find((r) => r.style === style)!;

  test('every style answers every call', () => {
    expect(results.map((r) => r.call.id)).toEqual(GRADE_CALLS.map((c) => c.id));
    for (const r of results) expect(r.rows.map((x) => x.style)).toEqual([...STYLE_IDS]);
  });

  test("the MCP SDK's reply is its own invalid-params error, inside an isError result", () => {
    const r = JSON.parse(row('enum', 'mcp-sdk').reply!);
    expect(r.isError).toBe(true);
    expect(r.content[0].text).toMatch(/^MCP error -32602: Input validation error: Invalid arguments for tool update_ticket: /);
  });

  test('better-ajv-errors names the field and the allowed values: one round, as the body', () => {
    expect(row('enum', 'better-ajv-errors').grade!.rounds).toEqual({ reply: 1, body: 1 });
  });

  test("two faults: the body fixes both in one round; AJV's default, first error only, names one", () => {
    expect(row('two-faults', 'engine').grade!.rounds.body).toBe(1);
    expect(row('two-faults', 'ajv').grade!.points.find((p) => p.id === 'faults')!.met).toBe(false);
  });

  test('a bare 400 meets no point a reply must earn by its content', () => {
    const g = row('enum', 'http-400').grade!;
    const earned = g.points.filter((p) => p.met && !p.note.startsWith('not needed')).map((p) => p.id);
    expect(earned).toEqual(['leaks', 'tokens']);
  });
});

describe("tau-bench's error strings", () => {
  const read = tauBenchStrings();
  // Read in place; missing, the file fails rather than passing on nothing.
  if (read === null) throw new Error('../shared/corpus/tau-bench is missing: these tests read it in place');
  const strings = read;
  test('every distinct string its tool list records, read in place', () => {
    const file = JSON.parse(readFileSync(resolve(process.cwd(), '../shared/corpus/tau-bench/tau_bench_tools.json'), 'utf8')) as Record<string, { error_returns?: string[] }[]>;
    const distinct = new Set(Object.values(file).flat().flatMap((t) => t.error_returns ?? []));
    expect(strings.map((s) => s.text).sort()).toEqual([...distinct].sort());
  });

  test('none has a code; an f-string that splices the caller\'s id into the sentence is flagged', () => {
    expect(strings.filter((s) => s.grade?.points.find((p) => p.id === 'code')!.met)).toEqual([]);
    const spliced = strings.find((s) => s.reply === 'Error: flight HAT136 not found')!;
    expect(spliced.grade!.points.find((p) => p.id === 'received')!.note).toMatch(/injection risk/);
  });
});
