import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { changedSpans, diffLines } from '../src/components/playground/views/diff';

describe('diffLines', () => {
  test('marks the one changed line and the changed span inside it', () => {
    const before = '{\n  "status": "OPEN",\n  "id": 1\n}';
    const after = '{\n  "status": "open",\n  "id": 1\n}';
    const d = diffLines(before, after);
    expect(d.map((l) => l.op)).toEqual(['same', 'remove', 'add', 'same', 'same']);
    const removed = d[1];
    expect(removed.text.slice(...removed.changed!)).toBe('OPEN');
    expect(d[2].text.slice(...d[2].changed!)).toBe('open');
  });

  test('a renamed key', () => {
    const d = diffLines('{\n  "priorty": "p1"\n}', '{\n  "priority": "p1"\n}');
    expect(d.filter((l) => l.op !== 'same').map((l) => [l.op, l.text])).toEqual([
      ['remove', '  "priorty": "p1"'],
      ['add', '  "priority": "p1"'],
    ]);
  });

  test('identical texts give no changes', () => {
    expect(diffLines('a\nb', 'a\nb').every((l) => l.op === 'same')).toBe(true);
  });

  test('property: removing the added lines gives the old text, removing the removed ones the new', () => {
    const lines = fc.array(fc.constantFrom('a', 'b', 'c', '{', '}', '  "x": 1,'), { maxLength: 30 });
    fc.assert(
      fc.property(lines, lines, (a, b) => {
        const d = diffLines(a.join('\n'), b.join('\n'));
        expect(d.filter((l) => l.op !== 'add').map((l) => l.text)).toEqual(a.join('\n').split('\n'));
        expect(d.filter((l) => l.op !== 'remove').map((l) => l.text)).toEqual(b.join('\n').split('\n'));
      }),
    );
  });

  test('changedSpans trims the common prefix and suffix', () => {
    expect(changedSpans('abcXdef', 'abcYYdef')).toEqual([
      [3, 4],
      [3, 5],
    ]);
  });
});
