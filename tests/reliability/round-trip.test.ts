// The suggestion round trip: every did_you_mean value and every suggested call the engine offers, for
// every example on the site and every broken call of the recovery benchmark, is sent back and must pass
// validation. A model follows a suggestion blindly; an invalid one is worse than none.
import { describe, expect, test } from 'vitest';
import { BREAKS, breakCall } from '../../bench/breaks';
import { loadCorpus } from '../../bench/corpus';
import { emptyRoundTrip, roundTrip } from '../../bench/round-trip';
import { EXAMPLES } from '../../src/components/playground/examples';
import { check, packFromToolDefinitions } from '../../src/engine';
import { checkExampleOptions } from '../../src/engine/pack-loader';
import { getPack, packs } from '../../src/packs';
import { inSample } from '../corpus-sample';
import { customPack } from './support';

describe('suggestion round trip', () => {
  test('every pack example: each did_you_mean value and suggested call validates', () => {
    const t = emptyRoundTrip();
    for (const pack of [...packs, customPack]) {
      for (const tool of pack.tools) {
        const ex = tool.source.examples ?? {};
        for (const args of ex.valid ?? []) roundTrip(pack, check(pack, { name: tool.name, arguments: args }), t);
        for (const e of ex.invalid ?? []) roundTrip(pack, check(pack, { name: tool.name, arguments: e.arguments }), t);
        for (const e of ex.checks ?? []) roundTrip(pack, check(pack, { name: tool.name, arguments: e.arguments }, checkExampleOptions(pack, e)), t);
      }
    }
    expect(t.failures).toEqual([]);
    // Not vacuous: the examples do offer suggestions.
    expect(t.did_you_mean).toBeGreaterThan(10);
    expect(t.suggested_calls).toBeGreaterThan(10);
  });

  test('every playground example', () => {
    const t = emptyRoundTrip();
    for (const e of EXAMPLES) {
      const pack = getPack(e.pack);
      expect(pack, e.id).toBeDefined();
      roundTrip(pack!, check(pack!, e.call), t);
    }
    expect(t.failures).toEqual([]);
    expect(t.suggested_calls).toBeGreaterThanOrEqual(2);
  });

  // The benchmark's calls: the curated packs' examples, and a seeded sample of the tau-bench actions and
  // BFCL entries unless CORPUS=full (tests/corpus-sample.ts), chosen before their tools are compiled. Loaded
  // here so that the test's name can say how many it takes.
  let offered = 0;
  const corpus = loadCorpus({ check, packFromToolDefinitions, packs }, undefined, (kind, id) => {
    offered++;
    return inSample(`${kind}/${id}`);
  });
  const taken = (corpus.summary['tau-bench']?.read ?? 0) + (corpus.summary.bfcl?.read ?? 0);
  const label = taken === offered ? `all ${offered}` : `sample ${taken} of ${offered} (CORPUS=full for all)`;

  test(`every broken call of the recovery benchmark (the packs' examples, tau-bench and BFCL; entries: ${label})`, () => {
    expect(offered).toBeGreaterThan(1000);
    expect(new Set(corpus.calls.map((c) => c.corpus))).toEqual(new Set(['packs', 'tau-bench', 'bfcl']));
    // Not vacuous: over a thousand calls and a thousand suggested calls in the whole corpus, as many in proportion in a sample.
    const floor = Math.floor((1000 * taken) / offered);
    expect(corpus.calls.length).toBeGreaterThan(floor);
    const t = emptyRoundTrip();
    for (const c of corpus.calls) {
      const tool = c.pack.tool(c.tool)!;
      for (const kind of BREAKS) {
        const broken = breakCall(kind, tool, c.truth);
        if (broken) roundTrip(c.pack, check(c.pack, { name: c.tool, arguments: broken.args }), t);
      }
    }
    expect(t.failures).toEqual([]);
    expect(t.suggested_calls).toBeGreaterThan(floor);
  }, 240_000);
});
