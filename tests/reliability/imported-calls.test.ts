// The imported-calls corpus (bench/imported-calls.json, issue 18 item 5) and its harness. Invariants only:
// the corpus is what it claims (enough calls, vendors and kinds; each call wrong, each intent accepted as it
// is), the caller sees its own call through every envelope, and every suggestion a body of the corpus makes
// is taken when sent back. The share fixed is a benchmark figure (npm run bench), not asserted here.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  IMPORTED_CALL_KINDS,
  loadCorpusPacks,
  loadImportedCalls,
  loadVendorForms,
  runsIntent,
  traceCall,
  unwrapCall,
  vendorOf,
  type ImportedCall,
} from '../../bench/imported-calls';
import { canonical } from '../../bench/recovery';
import { readResults } from '../../bench/report';
import { emptyRoundTrip, roundTrip } from '../../bench/round-trip';
import { check } from '../../src/engine';
import type { CompiledPack } from '../../src/engine/types';
import { catalogEntry } from '../../src/package/catalog';

const calls = loadImportedCalls();
const forms = loadVendorForms();
let packs: Map<string, CompiledPack>;

beforeAll(async () => {
  packs = await loadCorpusPacks([...calls, ...forms]);
});

describe('the corpus', () => {
  test('has at least 300 calls over at least 8 vendors, all against imported packs', () => {
    expect(calls.length).toBeGreaterThanOrEqual(300);
    for (const c of calls) expect(catalogEntry(c.pack)?.kind, c.pack).toBe('imported');
    // Companies, as the catalog names them, and the APIs the per-vendor figures group by.
    expect(new Set(calls.map((c) => catalogEntry(c.pack)!.vendor)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(calls.map((c) => vendorOf(c.pack))).size).toBeGreaterThanOrEqual(8);
  });

  test('covers every kind the issue names, each several times, and no other', () => {
    const counts = new Map<string, number>();
    for (const c of calls) counts.set(c.kind, (counts.get(c.kind) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual(Object.keys(IMPORTED_CALL_KINDS).sort());
    for (const [kind, n] of counts) expect(n, kind).toBeGreaterThanOrEqual(5);
  });

  test('names tools in SDK and Discovery form, and wraps calls in each envelope the engine reads', () => {
    const names = calls.map((c) => unwrapCall(c.call).name);
    for (const name of ['pulls.merge', 'chat.postMessage', 'drive.files.list', 'octokit.rest.issues.create']) expect(names).toContain(name);
    const envelopes = new Set(calls.filter((c) => c.kind === 'envelope').map((c) => Object.keys(c.call as object).sort().join(',')));
    expect(envelopes).toEqual(
      new Set([
        'content,role,tool_calls', // OpenAI Chat
        'arguments,call_id,id,name,type', // OpenAI Responses
        'content,role', // Anthropic
        'id,jsonrpc,method,params', // MCP
        'functionCall', // Gemini
        'content,function_call,role', // OpenAI's legacy function_call
        'id,input,name,type', // an Anthropic tool_use block on its own
      ]),
    );
  });

  test('each call is wrong: not its intent, and no call is in the corpus twice', () => {
    const seen = new Set<string>();
    for (const c of calls) {
      expect(canonical(c.call), c.about).not.toBe(canonical(c.intent));
      const key = `${c.pack} ${canonical(c.call)}`;
      expect(seen.has(key), `${c.pack}: ${c.about}`).toBe(false);
      seen.add(key);
    }
  });

  test('every intent is accepted by its imported tool exactly as written', () => {
    const refused = calls.filter((c) => !runsIntent(check(packs.get(c.pack)!, c.intent), c.intent)).map((c) => `${c.pack}/${c.intent.name}: ${c.about}`);
    expect(refused).toEqual([]);
  });

  test('each documented vendor form names a tool its pack declares', () => {
    for (const f of forms) expect(packs.get(f.pack)!.tool(f.call.name), `${f.pack}/${f.call.name}`).toBeDefined();
  });
});

describe('the harness', () => {
  test('the caller reads its own call out of every envelope and sends the next one in the same envelope', () => {
    for (const c of calls) {
      const own = unwrapCall(c.call);
      expect(typeof own.name).toBe('string');
      // Rewrapped unchanged, the call is the one sent (argument text compared as JSON).
      const again = own.rewrap(own.name, own.args);
      expect(canonical(reparse(again)), c.about).toBe(canonical(reparse(c.call)));
    }
  });

  test('a call accepted as sent counts only when it runs the intent', () => {
    const pack = packs.get('slack-web')!;
    const meant = { name: 'chat_postMessage', arguments: { channel: 'C04QK7N2V9B', text: 'hi' } };
    const entry: ImportedCall = { pack: 'slack-web', kind: 'tool_name_sdk', about: 'test', call: { name: 'chat_postMessage', arguments: { channel: 'C04QK7N2V9B' } }, intent: meant };
    expect(traceCall(pack, entry).outcome).toBe('ran_wrong');
    expect(traceCall(pack, { ...entry, call: { name: 'chat_postMessage', arguments: { channel: 'C04QK7N2V9B', text: 'hi', zz_undeclared: 1 } } }).outcome).toBe('one_round');
  });
});

test('every did_you_mean and suggested call in every body of the corpus is taken when sent back', () => {
  const trip = emptyRoundTrip();
  for (const c of calls) {
    const pack = packs.get(c.pack)!;
    for (const r of traceCall(pack, c).results) if (!r.ok) roundTrip(pack, r, trip);
  }
  // The corpus does draw suggestions (else this would hold vacuously).
  expect(trip.did_you_mean).toBeGreaterThan(50);
  expect(trip.suggested_calls).toBeGreaterThan(50);
  expect(trip.failures).toEqual([]);
  expect(trip.invalid_did_you_mean + trip.invalid_suggested_calls).toBe(0);
});

describe('the /benchmarks/ page', () => {
  test('the committed results were measured on this corpus (rerun `npm run bench:imported-calls -- --all-examples --write` after editing it)', () => {
    const section = JSON.parse(readFileSync('bench/results.json', 'utf8')).imported_calls;
    expect(section.corpus.calls).toBe(calls.length);
    expect(section.vendor_forms_refused.forms).toBe(forms.length);
    expect(section.not_fixed.length).toBe(section.fixed.calls - section.fixed.within_one_round);
  });

  test('shows the imported-calls goals from results, and "not measured" without them', () => {
    const section = {
      corpus: { vendors: ['A', 'B'] },
      fixed: { calls: 10, share: 0.8 },
      by_kind: { synonym: { calls: 4, share: 0.5 }, unit: { calls: 0, share: 0 } },
      by_vendor: { A: { calls: 10, share: 0.8 } },
      examples_refused: { examples: 5, tools: 5, refused: 0 },
      vendor_forms_refused: { forms: 3, refused: 1 },
      round_trip: { did_you_mean: 7, suggested_calls: 2, failing: 0 },
    };
    const rows = readResults({ imported_calls: section }).summary.filter((r) => r.section === 'Imported packs');
    expect(rows.map((r) => [r.result, r.verdict])).toEqual([
      ['80.0% of 10', 'not met'],
      ['0', 'met'],
      ['1', 'not met'],
      ['0', 'met'],
      ['50.0% of 4', null],
      ['A 80%', null],
    ]);
    const none = readResults({}).summary.filter((r) => r.section === 'Imported packs' && r.goal);
    expect(none.length).toBe(4);
    expect(none.every((r) => r.verdict === 'not measured')).toBe(true);
  });
});

/** An envelope with its argument text parsed, so two spellings of the same JSON compare equal. */
function reparse(v: unknown): unknown {
  if (typeof v === 'string' && /^\s*[{[]/.test(v)) {
    try {
      return reparse(JSON.parse(v));
    } catch {
      return v;
    }
  }
  if (Array.isArray(v)) return v.map(reparse);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, reparse(x)]));
  return v;
}
