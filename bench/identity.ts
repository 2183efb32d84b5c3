// Every full result check() gives over the bench's calls, written one a line, to tell whether an engine
// change kept the same bytes:  npx tsx bench/identity.ts <label>  writes bench/tmp/identity-<label>.jsonl
// and prints its sha256 and the token figures of bench/run.ts's section 4. Compare two labels with cmp/diff.
// The calls: every pack example (valid, invalid, ordered checks) as a value and as text, every break of
// bench/breaks.ts over the recovery corpus (tau-bench, BFCL, the packs), and the imported-calls corpus.
// Each line holds the whole result as JSON.stringify reads it (the lazy did_you_mean and suggested_call
// included) and the body's serialized bytes.
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { BREAKS, breakCall } from './breaks';
import { loadCorpus } from './corpus';
import * as engine from './engine-entry';
import { loadCatalogPack } from '../src/package/catalog';
import { loadImportedCalls } from './imported-calls';
import type { SchemaCheck } from './recovery';

const label = process.argv[2];
if (!label) throw new Error('bench/identity.ts: give a label, e.g. before or after');
const { check, serializeBody, packs, checkExampleOptions } = engine;
type Pack = (typeof packs)[number];

const lines: string[] = [];
const singleTokens: number[] = [];
const record = (pack: Pack, input: unknown, options?: Parameters<typeof check>[2]) => {
  const r = check(pack, input, options);
  lines.push(JSON.stringify({ pack: pack.id, input, result: r, bytes: r.body ? serializeBody(r.body) : null }));
  return r;
};

for (const pack of packs) {
  for (const tool of pack.tools) {
    const ex = tool.source.examples ?? {};
    const calls = [
      ...(ex.valid ?? []).map((args) => ({ args, options: undefined, counted: false })),
      ...(ex.invalid ?? []).map((e) => ({ args: e.arguments, options: undefined, counted: true })),
      ...(ex.checks ?? []).map((e) => ({ args: e.arguments, options: checkExampleOptions(pack, e), counted: e.expect !== 'accepted' })),
    ];
    for (const c of calls) {
      const input = { name: tool.name, arguments: c.args };
      const r = record(pack, input, c.options);
      record(pack, JSON.stringify(input), c.options);
      // The bench's token corpus: the bodies of the invalid examples and the refused ordered-check examples.
      if (c.counted && r.body && r.body.error !== 'validation_failed') singleTokens.push(countTokens(serializeBody(r.body)));
    }
  }
}

const ajv = new Ajv2020({ allErrors: false, strict: false, allowUnionTypes: true, logger: false });
addFormats(ajv);
const validators = new WeakMap<object, ReturnType<Ajv2020['compile']>>();
const satisfies: SchemaCheck = (pack, name, args) => {
  const t = pack.tool(name);
  if (!t) return false;
  let v = validators.get(t);
  if (!v) validators.set(t, (v = ajv.compile(t.wireSchema)));
  return v(args) as boolean;
};
const corpus = loadCorpus(engine as never, satisfies);
for (const c of corpus.calls) {
  const tool = c.pack.tool(c.tool)!;
  const declared = c.pack.tools.map((t) => t.name);
  for (const b of BREAKS) {
    const broken = breakCall(b, tool, c.truth, declared);
    if (broken) record(c.pack as never, { name: broken.name ?? c.tool, arguments: broken.args });
  }
}

const imported = loadImportedCalls();
const importedPacks = new Map<string, Pack>();
for (const c of imported) {
  let pack = importedPacks.get(c.pack);
  if (!pack) importedPacks.set(c.pack, (pack = (await loadCatalogPack(c.pack)) as never as Pack));
  record(pack, c.call);
  record(pack, JSON.stringify(c.call));
}

const text = lines.join('\n') + '\n';
const out = resolve(`bench/tmp/identity-${label}.jsonl`);
mkdirSync(resolve('bench/tmp'), { recursive: true });
writeFileSync(out, text);
const sorted = [...singleTokens].sort((a, b) => a - b);
console.log(`${lines.length} results, sha256 ${createHash('sha256').update(text).digest('hex').slice(0, 16)}, wrote ${out}`);
console.log(`single-fault example bodies: ${sorted.length}, median ${sorted[Math.ceil(sorted.length / 2) - 1]} o200k tokens`);
