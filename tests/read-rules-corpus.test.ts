// Issue 33's precision gate: no rule read from a description (src/engine/pack/promises/) refuses a call the
// corpus holds as right: tau-bench's ground-truth actions, BFCL's ground-truth calls (their tools' own
// descriptions are read, as a user's would be) and every shipped pack's valid examples. The vendors' request
// examples are held to the imported tools by tests/importer/vendor-examples.test.ts, which goes through the
// same check(). Sampled unless CORPUS=full (tests/corpus-sample.ts).
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, test } from 'vitest';
import { loadCorpus } from '../bench/corpus';
import { check, packFromToolDefinitions, type CompiledPack } from '../src/engine';
import { packs } from '../src/packs';
import { readRuleCounts } from '../src/engine/pack/promises/promises';
import { CORPUS_FULL, inSample } from './corpus-sample';

describe('rules read from descriptions refuse no ground-truth call', () => {
  test('tau-bench, BFCL and the packs’ valid examples', () => {
    const compiled: CompiledPack[] = [];
    const refusedByReadRule: string[] = [];
    // A ground truth its own schema refuses is no call the corpus holds as right (BFCL's live_multiple_862 sends
    // an argument its tool does not take, and 05/15/2023 to a date its description says is YYYY-MM-DD).
    const ajv = new Ajv2020({ strict: false, allowUnionTypes: true, logger: false });
    const ownSchemaTakes = (pack: CompiledPack, name: string, args: unknown) => {
      const tool = pack.tool(name);
      return tool !== undefined && (ajv.validate(tool.wireSchema, args) as boolean);
    };
    const engine = {
      packs,
      packFromToolDefinitions: (defs: unknown, origin?: string) => {
        const pack = packFromToolDefinitions(defs, origin);
        compiled.push(pack);
        return pack;
      },
      check: (pack: CompiledPack, input: { name: string; arguments: unknown }) => {
        const r = check(pack, input);
        // A refusal that names a rule read from a description or from a field's examples: the note every such fault carries.
        if (!r.ok && /read from the (?:description|examples) of/.test(JSON.stringify(r.body)) && ownSchemaTakes(pack, input.name, input.arguments)) refusedByReadRule.push(`${pack.origin} ${input.name}: ${JSON.stringify(r.body).slice(0, 300)}`);
        return r;
      },
    };
    const load = loadCorpus(engine as Parameters<typeof loadCorpus>[0], undefined, (kind, id) => kind === 'packs' || inSample(`${kind}/${id}`));
    expect(load.summary['tau-bench'].read + load.summary.bfcl.read).toBeGreaterThan(200);
    expect(refusedByReadRule).toEqual([]);
    // Not vacuous: the descriptions of the sampled BFCL tools state rules that are read and enforced.
    const counts = readRuleCounts(compiled);
    expect(counts.made.description).toBeGreaterThan(20);
    expect(Object.keys(counts.byKind)).toEqual(expect.arrayContaining(['format', 'bound', 'shape']));
    // The whole corpus compiles every BFCL entry's tools: minutes, not seconds.
  }, CORPUS_FULL ? 900_000 : 60_000);
});
