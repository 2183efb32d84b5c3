// The suggestion round trip: every did_you_mean value and every suggested call the engine offers, for
// every example on the site, is sent back and must pass validation. A model follows a suggestion blindly;
// an invalid one is worse than none. The recovery benchmark's broken calls get the same round trip in
// recovery-round-trip.test.ts, an integration test (it compiles the corpus's tools).
import { describe, expect, test } from 'vitest';
import { emptyRoundTrip, roundTrip } from '../../bench/round-trip';
import { EXAMPLES } from '../../src/components/playground/examples/examples';
import { check } from '../../src/engine';
import { checkExampleOptions } from '../../src/engine/pack/pack-loader';
import { getPack, packs } from '../../src/packs';
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
});
