// No vendor prose in any imported pack: no run of eight words from a sentence of a spec's descriptions
// (descriptions, summaries, Discovery's enumDescriptions) appears in any string of any generated pack.
// Words are compared normalised (lower case, letters and digits only), as 8-word shingles; shingles are
// kept as 32-bit hashes to hold the corpus in memory, and every hash hit is confirmed on the text.
import { describe, expect, it } from 'vitest';
import { CORPUS } from '../../src/cli/import-corpus';
import { importedPack, importedPackIds, vendorDoc } from './corpus';

const SHINGLE = 8;
const PROSE_KEYS = new Set(['description', 'summary', 'enumDescriptions']);

/**
 * The runs of natural-language words of a text, lower-cased. A code-like token (an enum value such as
 * `on_track`, a field name in camelCase, a path, a URL, a number) ends a run: those are facts a pack
 * must carry, and a vendor sentence listing them is not prose the pack could have copied.
 */
function wordRuns(text: string): string[][] {
  const runs: string[][] = [[]];
  for (const raw of text.split(/\s+/)) {
    const token = raw.replace(/^[("'`[*]+|[)"'`\],.;:!?*]+$/g, '');
    if (/^[A-Za-z]+(?:'[a-z]+)?$/.test(token) && !/[a-z][A-Z]/.test(token)) runs[runs.length - 1].push(token.toLowerCase());
    else if (token) runs.push([]);
    // Punctuation inside a sentence (a comma) keeps the run going: it is still one sentence.
  }
  return runs.filter((r) => r.length > 0);
}

function sentences(text: string): string[] {
  return text.split(/(?<=[.!?])\s+|\n+/);
}

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function shingles(ws: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i + SHINGLE <= ws.length; i++) out.push(ws.slice(i, i + SHINGLE).join(' '));
  return out;
}

/** Every description-like string of a document, depth first. */
function proseOf(node: unknown, out: string[] = [], depth = 0): string[] {
  if (!node || typeof node !== 'object' || depth > 200) return out;
  if (Array.isArray(node)) {
    for (const v of node) proseOf(v, out, depth + 1);
    return out;
  }
  for (const [k, v] of Object.entries(node)) {
    if (PROSE_KEYS.has(k) && typeof v === 'string') {
      out.push(v);
    } else if (k === 'enumDescriptions' && Array.isArray(v)) {
      for (const s of v) if (typeof s === 'string') out.push(s);
    } else {
      proseOf(v, out, depth + 1);
    }
  }
  return out;
}

function stringsOf(node: unknown, out: string[] = []): string[] {
  if (typeof node === 'string') out.push(node);
  else if (Array.isArray(node)) for (const v of node) stringsOf(v, out);
  else if (node && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) {
      stringsOf(k, out);
      stringsOf(v, out);
    }
  return out;
}

function vendorShingles(docs: unknown[]): { hashes: Set<number>; sentences: number; text: () => string } {
  const hashes = new Set<number>();
  let count = 0;
  for (const doc of docs) {
    for (const t of proseOf(doc)) {
      for (const s of sentences(t)) {
        const runs = wordRuns(s).filter((r) => r.length >= SHINGLE);
        if (!runs.length) continue;
        count++;
        for (const run of runs) for (const sh of shingles(run)) hashes.add(hash(sh));
      }
    }
  }
  const text = () => docs.map((d) => proseOf(d).flatMap((t) => sentences(t).flatMap((s) => wordRuns(s).map((r) => r.join(' ')))).join('\n')).join('\n');
  return { hashes, sentences: count, text };
}

/** The words a pack holds as facts: its enum values and field names, split into words. */
function factWords(node: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const v of node) factWords(v, out);
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === 'enum' && Array.isArray(v)) for (const e of v) if (typeof e === 'string') for (const w of e.split(/[^A-Za-z]+|(?=[A-Z])/)) if (w) out.add(w.toLowerCase());
      if (k === 'properties' && v && typeof v === 'object') for (const name of Object.keys(v)) for (const w of name.split(/[^A-Za-z]+|(?=[A-Z])/)) if (w) out.add(w.toLowerCase());
      factWords(v, out);
    }
  }
  return out;
}

/**
 * The 8-word runs of vendor sentences found in the packs' strings, confirmed on the text, as "pack: run". A
 * run made mostly of the pack's own facts ("one of: draft, open, paid, uncollectible, void", which a
 * vendor may also write) is a list of values, not a sentence: more than two fact words and it is skipped.
 */
function copiedRuns(packs: [string, unknown][], vendor: ReturnType<typeof vendorShingles>): string[] {
  const suspects = new Map<string, string>();
  for (const [id, pack] of packs) {
    const facts = factWords(pack);
    for (const text of stringsOf(pack)) {
      for (const run of wordRuns(text)) {
        if (run.length < SHINGLE) continue;
        for (const sh of shingles(run)) {
          if (!vendor.hashes.has(hash(sh))) continue;
          if (sh.split(' ').filter((w) => facts.has(w)).length > 2) continue;
          suspects.set(sh, id);
        }
      }
    }
  }
  if (!suspects.size) return [];
  const all = vendor.text();
  return [...suspects].filter(([sh]) => all.includes(sh)).map(([sh, id]) => `${id}: "${sh}"`);
}

describe('imported packs carry no vendor prose', () => {
  const docs = [...new Set(CORPUS.map((e) => e.file))].map((f) => vendorDoc(f));

  it('no 8-word run of any spec sentence appears in any imported pack', () => {
    const vendor = vendorShingles(docs);
    expect(vendor.sentences).toBeGreaterThan(20_000);
    expect(copiedRuns(importedPackIds().map((id) => [id, importedPack(id)]), vendor)).toEqual([]);
  });

  it('finds a sentence copied into a pack, whatever its case and punctuation', () => {
    const stripe = vendorShingles([vendorDoc('stripe/spec3.2023-09-12.json')]);
    const pack = { tools: [{ name: 'x', summary: 'POST /v1/payment_intents', arguments: { properties: { a: { description: 'A positive integer representing how much to charge in the smallest currency unit' } } } }] };
    expect(copiedRuns([['copy', pack]], stripe)).toEqual([
      'copy: "a positive integer representing how much to charge"',
      'copy: "positive integer representing how much to charge in"',
      'copy: "integer representing how much to charge in the"',
      'copy: "representing how much to charge in the smallest"',
      'copy: "how much to charge in the smallest currency"',
    ]);
  });
});
