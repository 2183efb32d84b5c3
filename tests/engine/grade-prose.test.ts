// grade()'s prose readers (src/engine/grade-prose.ts) read what the regular expressions they replaced
// read: the old expressions are kept here as the oracle, and both run on strings generated from the words
// and spaces they look for (short strings, where the old ones are quick). Then the safe-pattern check.
import { describe, expect, test } from 'vitest';
import { leaksIn, proseList, proseSuggestion } from '../../src/engine/grade-prose';
import { patternIsSafe } from '../../src/engine/safe-pattern';
import type { Json } from '../../src/engine';

function oldProseList(text: string): Json[] | undefined {
  const m = /(?:one of|allowed values?(?: are)?|valid values?(?: are)?|permitted values?(?: are)?|expected(?: one of)?)\s*(?:the allowed values)?\s*[:=]?\s*\[?([^\n\]]+)/i.exec(text);
  if (!m) return undefined;
  const items = m[1]
    .replace(/\.\s.*$|\.$/, '')
    .split(/\s*,\s*|\s+or\s+|\s*\|\s*/)
    .map((s) => s.trim().replace(/^['"`]|['"`]$/g, ''))
    .filter((s) => s.length > 0 && !/\s/.test(s));
  return items.length >= 2 ? items : undefined;
}

const OLD_LEAKS: [RegExp, string][] = [
  [/\n\s+at [\w$.<>]+ \(|^\s*at .+:\d+:\d+\)?$/m, 'a stack trace'],
  [/Traceback \(most recent call last\)|File "[^"]+", line \d+/, 'a Python traceback'],
  [/(?:^|[\s"'(])(?:\/(?:home|usr|var|opt|srv|app|tmp|Users)\/[\w./-]+|[A-Z]:\\[\w\\.-]+)|node_modules\//, 'an internal path'],
  [/\b(?:SELECT\s+[\w*,\s.]+\s+FROM|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM)\b|\bSQLSTATE\b|syntax error at or near|\bORA-\d{5}\b/i, 'SQL'],
  [/\b(?:java\.lang\.|System\.\w+Exception|NullPointerException|(?:Type|Reference|Key|Attribute|Value)Error:)/, 'an exception class'],
];

/** A seeded generator, so a failure names a string that fails again. */
function strings(seed: number, pieces: string[], count: number, most: number): string[] {
  let s = seed;
  const next = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  return Array.from({ length: count }, () => Array.from({ length: 1 + Math.floor(next() * most) }, () => pieces[Math.floor(next() * pieces.length)]).join(''));
}

const SPACES = [' ', '  ', '\n', '\n\n', '\t', '\r', '\u2028', '\u00a0'];

describe('the prose readers read what the old expressions read', () => {
  test('proseList', () => {
    const pieces = [...SPACES, 'one of', 'ONE OF', 'allowed value', 'allowed values', 'Allowed Values are', 'valid value', 'valid values are', 'permitted values', 'expected', 'expected one of', 'the allowed values', ':', '=', '[', ']', ',', '|', ' or ', 'or', '.', '. ', "'", '"', '`', 'open', 'pending', 's', ' are', 'x', 'a, b', ' c|d'];
    let lists = 0;
    for (const text of strings(1, pieces, 20_000, 14)) {
      const list = proseList(text);
      expect([text, list]).toEqual([text, oldProseList(text)]);
      if (list) lists++;
    }
    // The strings reach lists, not only their absence.
    expect(lists).toBeGreaterThan(500);
  });

  test('proseSuggestion', () => {
    const pieces = [...SPACES, 'did you mean', 'Did You Mean', ':', '?', ',', "'", '"', 'open', 'x'];
    const old = (t: string) => {
      const m = /did you mean[:\s]+['"`]?([^'"`?\s,]+)/i.exec(t);
      return m ? [m[1]] : undefined;
    };
    for (const text of strings(2, pieces, 5000, 10)) expect([text, proseSuggestion(text)]).toEqual([text, old(text)]);
  });

  test('the leaks', () => {
    const pieces = [...SPACES, 'at', 'at ', ' at ', '\n at', '\n  at f (', ' f (', 'at x.js:1:2', ':3)', 'foo', 'a.b', '<x>', ' (', '(', ')', ':', '1', '12', 'x.js', 'SELECT', 'select ', 'SELECT a', 'FROM', ' from', ' FROM t', '*', ',', '.', '_', '-', 'INSERT', 'INTO', 'UPDATE', 'SET', 'SQLSTATE', '/srv/', 'C:\\x', 'TypeError:'];
    const old = (t: string) => OLD_LEAKS.filter(([re]) => re.test(t)).map(([, what]) => what);
    const found = new Map<string, number>();
    for (const text of strings(3, pieces, 20_000, 12)) {
      const leaks = leaksIn(text);
      expect([text, leaks]).toEqual([text, old(text)]);
      for (const l of leaks) found.set(l, (found.get(l) ?? 0) + 1);
    }
    for (const what of ['a stack trace', 'SQL', 'an internal path']) expect(found.get(what)).toBeGreaterThan(200);
  });
});

describe('a pattern a reply states is run only when it cannot backtrack without end', () => {
  test.each(['^\\d{4}-\\d{2}-\\d{2}$', '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$', '^[a-z0-9]+$', '^(?:\\d{2}){3}$', '^\\p{L}+$', '^[A-Z]{2}-\\d+$'])('runs %s', (p) => {
    expect(patternIsSafe(p)).toBe(true);
  });

  test.each(['^(a+)+$', '^(a|a)*$', '^(.*.*.*.*)*z$', '^(?:\\d?\\d)+$', '(x)\\1', '^.*.*.*.*.*.*.*z$', 'a'.repeat(300)])('refuses %s', (p) => {
    expect(patternIsSafe(p)).toBe(false);
  });
});
