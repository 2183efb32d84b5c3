// The suggestion round trip (round-trip.test.ts) over every broken call of the recovery benchmark: each
// did_you_mean value and suggested call is sent back and must pass validation. An integration test: the
// corpus's tool definitions are compiled first (tau-bench and BFCL, a seeded sample unless CORPUS=full).
import { describe, expect, test } from 'vitest';
import { BREAKS, breakCall } from '../../bench/breaks';
import { loadCorpus, type CorpusCall } from '../../bench/corpus';
import { emptyRoundTrip, roundTrip } from '../../bench/round-trip';
import { check, packFromToolDefinitions } from '../../src/engine';
import { packs } from '../../src/packs';
import { CORPUS_FULL, inSample, letWorkerBreathe } from '../corpus-sample';

describe('suggestion round trip', () => {
  // The benchmark's calls: the curated packs' examples, and a seeded sample of the tau-bench actions and
  // BFCL entries unless CORPUS=full (tests/corpus-sample.ts), chosen before their tools are compiled. Counted
  // here, compiling nothing, so that the test's name can say how many it takes.
  let offered = 0;
  let taken = 0;
  loadCorpus({ check, packFromToolDefinitions, packs: [] }, undefined, (kind, id) => {
    offered++;
    if (inSample(`${kind}/${id}`)) taken++;
    return false;
  });
  const label = taken === offered ? `all ${offered}` : `sample ${taken} of ${offered} (CORPUS=full for all)`;
  /**
   * The whole corpus compiles for over a minute, which would hold this worker past Vitest's message timeout:
   * it is loaded in shards (every SHARDS-th entry, in the corpus's own order), with a breath between them.
   */
  const SHARDS = CORPUS_FULL ? 8 : 1;

  test(`every broken call of the recovery benchmark (the packs' examples, tau-bench and BFCL; entries: ${label})`, async () => {
    const calls: CorpusCall[] = [];
    for (let shard = 0; shard < SHARDS; shard++) {
      let index = 0;
      const part = loadCorpus({ check, packFromToolDefinitions, packs: shard === 0 ? packs : [] }, undefined, (kind, id) => index++ % SHARDS === shard && inSample(`${kind}/${id}`));
      calls.push(...part.calls);
      await letWorkerBreathe();
    }
    expect(offered).toBeGreaterThan(1000);
    expect(new Set(calls.map((c) => c.corpus))).toEqual(new Set(['packs', 'tau-bench', 'bfcl']));
    // Not vacuous: over a thousand calls and a thousand suggested calls in the whole corpus, as many in proportion in a sample.
    const floor = Math.floor((1000 * taken) / offered);
    expect(calls.length).toBeGreaterThan(floor);
    const t = emptyRoundTrip();
    for (const c of calls) {
      const tool = c.pack.tool(c.tool)!;
      for (const kind of BREAKS) {
        const broken = breakCall(kind, tool, c.truth);
        if (broken) roundTrip(c.pack, check(c.pack, { name: c.tool, arguments: broken.args }), t);
      }
      await letWorkerBreathe();
    }
    expect(t.failures).toEqual([]);
    expect(t.suggested_calls).toBeGreaterThan(floor);
  }, 240_000);
});
