import { describe, expect, it } from 'vitest';
import { CORPUS, CORPUS_EXCLUSIONS } from '../../src/cli/import-corpus';
import { importedPack, importedPackIds } from './corpus';
import { half, loadsEveryPack } from './load-packs';

describe('imported packs (second half by size)', () => loadsEveryPack(half(1)));

describe('the imported corpus', () => {
  it('has a pack for every corpus document that is not left out with a reason', () => {
    expect(importedPackIds()).toEqual(CORPUS.map((e) => e.id).sort());
    expect(Object.keys(CORPUS_EXCLUSIONS).sort()).toEqual(['google-calendar-v3.discovery.json', 'stripe-refunds-customers.requests.2023-09-12.json', 'twilio/twilio_iam_scim.json', 'twilio/twilio_verify_v3.json']);
    const tools = importedPackIds().reduce((n, id) => n + importedPack(id).tools.length, 0);
    expect(tools).toBeGreaterThanOrEqual(4500);
  });
});
