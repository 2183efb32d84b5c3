// Search finds a tool by what it does, in the index of the real build (dist/pagefind, written by
// astro-pagefind): the tool pages carry words made from their facts (src/docs/search-words.ts).
// tests/site-search.test.ts asks the same of an index it builds itself, in the unit tier.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { searchIndex } from '../search-index';

const bundle = join(process.env.E2E_OUT_DIR ?? 'dist', 'pagefind');
// The last two are words every imported tool page repeats (its strict-mode verdicts, its examples' note).
const QUERIES = ['send sms', 'create issue', 'strict export rewrites', 'importer made to exercise'];
let results: Record<string, string[]> = {};

beforeAll(() => {
  if (!existsSync(join(bundle, 'pagefind.js'))) throw new Error(`no search index at ${bundle}: the build writes it`);
  results = searchIndex(bundle, QUERIES);
}, 120_000);

/** A result's path without the site's base path. */
const path = (url: string) => url.replace(/^.*?\/packs\//, '/packs/');

describe('the built site search', () => {
  test('"send sms" finds Twilio\'s CreateMessage (twilio-api-v2010) first', () => {
    expect(results['send sms'].map(path)[0]).toBe('/packs/twilio-api-v2010/CreateMessage/');
  });
  test('"create issue" puts GitHub\'s issues_create among the first five', () => {
    expect(results['create issue'].map(path).slice(0, 5)).toContain('/packs/github-v3/issues_create/');
  });
  test('words every tool page repeats make no tool page a result', () => {
    // A tool's page is /packs/<pack>/<tool>/: its own words find it, not the notes and exports all 4,601 share.
    const toolPage = (url: string) => /^\/packs\/[^/]+\/[^/]+\/$/.test(path(url));
    for (const q of ['strict export rewrites', 'importer made to exercise']) expect(results[q].filter(toolPage), q).toEqual([]);
  });
});
