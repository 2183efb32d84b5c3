// The /grade/ page's data: each style's reply made by its library, graded. tau-bench's strings, read from
// the corpus, are tested in grade-styles-tau.test.ts (an integration test: `npm run test:unit` needs no corpus).
import { describe, expect, test } from 'vitest';
import { gradeStyles, GRADE_CALLS, STYLE_IDS } from '../src/docs/grade-styles';
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
