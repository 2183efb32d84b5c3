// lineBatches (src/cli/jsonl.ts): a log's bytes, in whatever chunks they come, as batches of whole numbered
// lines; a line past the limit skipped with its number, the lines around it kept.
import { expect, test } from 'vitest';
import { lineBatches } from '../src/cli/jsonl';

/** Each line as [number, text], or [number, null] for one skipped as too long. */
async function read(chunks: string[], maxLine: number): Promise<[number, string | null][]> {
  async function* source() {
    for (const c of chunks) yield Buffer.from(c);
  }
  const out: [number, string | null][] = [];
  for await (const b of lineBatches(source(), maxLine)) {
    if ('overLong' in b) out.push([b.overLong, null]);
    else {
      const text = Buffer.from(b.bytes).toString();
      expect(text.endsWith('\n')).toBe(true);
      text.slice(0, -1).split('\n').forEach((l, i) => out.push([b.firstLine + i, l]));
    }
  }
  return out;
}

const log = ['aa', 'b'.repeat(12), 'cc', '', 'd'.repeat(11), 'e'.repeat(10), 'ff'];
const expected: [number, string | null][] = [[1, 'aa'], [2, null], [3, 'cc'], [4, ''], [5, null], [6, 'e'.repeat(10)], [7, 'ff']];

test('every way of cutting the log into chunks gives the same numbered lines, the over-long ones skipped', async () => {
  const text = log.join('\n') + '\n';
  for (const size of [1, 2, 3, 5, 7, 11, 13, text.length]) {
    const chunks = Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));
    expect(await read(chunks, 10), `chunks of ${size}`).toEqual(expected);
  }
});

test('a last line without a newline, kept or over the limit', async () => {
  expect(await read(['aa\nbb'], 10)).toEqual([[1, 'aa'], [2, 'bb']]);
  expect(await read(['aa\nbbbbbb', 'bbbbbb'], 10)).toEqual([[1, 'aa'], [2, null]]);
  expect(await read([], 10)).toEqual([]);
});

test('a batch is a buffer of its own, never a view of a chunk (it is transferred to a worker)', async () => {
  async function* source() {
    yield Buffer.from('aa\nbb\ncc');
    yield Buffer.from('c\n');
  }
  for await (const b of lineBatches(source(), 10)) if ('bytes' in b) expect(b.bytes.byteOffset === 0 && b.bytes.buffer.byteLength === b.bytes.length).toBe(true);
});
