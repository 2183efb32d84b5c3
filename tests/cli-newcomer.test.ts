// What a newcomer hit on the command line (issue 34, item 6), in process: an empty standard input gets a
// usage hint, not an "is empty" body; --help says --tools reads YAML; JSON cut short after a comma is said to
// end early, not blamed on a trailing comma; --grade --jsonl answers a bad line in place and goes on.
import { expect, test } from 'vitest';
import { HELP, USAGE_HINT } from '../src/cli/help';
import { EMPTY_STDIN, runCli } from '../src/cli/run';
import { check, packFromToolDefinitions } from '../src/engine';
import { getPack } from '../src/packs';

const helpdesk = getPack('helpdesk')!;
const run = (argv: string[], stdin: string, files: Record<string, string> = {}) =>
  runCli(argv, { stdin: () => stdin, readFile: (p) => files[p] ?? '', pack: getPack, toolsPack: packFromToolDefinitions });

test('an empty standard input is a usage error that shows a call to send; an empty log is no error', () => {
  for (const stdin of ['', '  \n']) expect(run(['--pack', 'helpdesk'], stdin)).toEqual({ stdout: '', stderr: `error: ${EMPTY_STDIN}\n\n${USAGE_HINT}\n`, code: 2 });
  expect(EMPTY_STDIN).toContain(`| actionable-errors --pack helpdesk`);
  expect(run(['--pack', 'helpdesk', '--jsonl'], '')).toEqual({ stdout: '', stderr: '', code: 0 });
});

test("--help says --tools reads a JSON or YAML file", () => {
  expect(HELP).toMatch(/--tools FILE {5}check against your own tools, from a JSON or YAML file/);
});

test('JSON cut short after a comma ends early; a trailing comma inside complete JSON is still named', () => {
  const cut = check(helpdesk, '{"name": "update_ticket", "arguments": {"ticket_id": "T-1",');
  expect(cut.body).toMatchObject({ error: 'invalid_json', message: 'ends before the JSON is complete at line 1, column 60: expected a property name in double quotes', line: 1, column: 60 });
  expect(check(helpdesk, '{"name": "update_ticket", "arguments": {"ticket_id": "T-1",\n\n').body!.message).not.toContain('trailing comma');
  // A comment after it leaves the trailing comma without a certain repair, so it is refused, and named.
  expect(check(helpdesk, '{"name": "get_ticket", "arguments": {"ticket_id": "T-1",}} // note').body!.message).toContain('JSON allows no trailing comma');
});

test('--grade --jsonl: a line that is no pair gets its error and the run goes on, exit 0, as with --jsonl', () => {
  const pair = JSON.stringify({ call: { name: 'get_ticket', arguments: {} }, reply: 'Bad request' });
  const out = run(['--pack', 'helpdesk', '--jsonl', '--grade', 'log.jsonl'], '', { 'log.jsonl': `${pair}\nnot json\n${pair}\n` });
  expect(out.code).toBe(0);
  expect(out.stderr).toBe('');
  expect(out.stdout.trim().split('\n').map((l) => { const o = JSON.parse(l); return [o.line, o.error ?? 'graded']; })).toEqual([[1, 'graded'], [2, 'is not JSON'], [3, 'graded']]);
});
