// `npm run import -- <spec file or folder> --id <pack id> [--out DIR]`: imports vendor API documents
// (OpenAPI 3.0/3.1, Swagger 2, Google Discovery) into packs with the importer in src/importer/, writes one
// pack per document and checks each with the pack loader. `--all` imports every document of the corpus
// (import-corpus.ts); `--report` prints, per document, the import time, the time the loader took, the
// pack's size and the process's peak memory so far, as JSON lines, for the benchmarks.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import '../engine/registries/all';
import { loadPack } from '../engine/pack/pack-loader';
import { importSpec, type ImportOptions, type ImportReport } from '../importer/index';
import { CORPUS, CORPUS_EXCLUSIONS } from './import-corpus';
import { corpusPath } from './corpus-dir';
import { serializePack } from './import-format';
import { overlaidPackIds, readOverlay } from './overlays';

const USAGE = `usage: npm run import -- <spec file or folder> --id <pack id> [--out DIR] [--title T] [--vendor V] [--reference URL] [--no-verify] [--report]
       npm run import -- --all [--corpus DIR] [--out DIR] [--only ID,...] [--no-verify] [--report]`;

interface Args {
  inputs: string[];
  id?: string;
  out: string;
  all: boolean;
  corpus: string;
  only?: string[];
  verify: boolean;
  report: boolean;
  title?: string;
  vendor?: string;
  reference?: string;
}

function parseArgs(argv: string[]): Args {
  const a: Args = { inputs: [], out: 'content/packs/imported', all: false, corpus: corpusPath('vendor'), verify: true, report: false };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${k} needs a value`);
      return v;
    };
    if (k === '--id') a.id = value();
    else if (k === '--out') a.out = value();
    else if (k === '--all') a.all = true;
    else if (k === '--corpus') a.corpus = value();
    else if (k === '--only') a.only = value().split(',');
    else if (k === '--no-verify') a.verify = false;
    else if (k === '--report') a.report = true;
    else if (k === '--title') a.title = value();
    else if (k === '--vendor') a.vendor = value();
    else if (k === '--reference') a.reference = value();
    else if (k.startsWith('--')) throw new Error(`unknown option ${k}`);
    else a.inputs.push(k);
  }
  if (!a.all && (a.inputs.length !== 1 || !a.id)) throw new Error('give one spec file or folder and --id, or --all');
  if (a.id !== undefined && !/^[a-z0-9][a-z0-9-]*$/.test(a.id)) throw new Error('--id must be lower case letters, digits and -');
  return a;
}

interface Job {
  file: string;
  options: ImportOptions;
}

function jobsFor(a: Args): Job[] {
  if (a.all) {
    const only = a.only ? new Set(a.only) : undefined;
    return CORPUS.filter((e) => !only || only.has(e.id)).map((e) => ({
      file: join(a.corpus, e.file),
      options: { id: e.id, title: e.title, vendor: e.vendor, reference: e.reference, referenceFor: e.referenceFor, overlay: readOverlay(e.id) },
    }));
  }
  const input = a.inputs[0];
  const common = { title: a.title, vendor: a.vendor, reference: a.reference };
  if (statSync(input).isDirectory()) {
    // A folder: one pack per document, named <id>-<document name without a leading "<id>_">.
    return readdirSync(input)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => {
        const stem = basename(f, '.json').replace(new RegExp(`^${a.id}[_-]`), '');
        const id = `${a.id}-${stem.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;
        return { file: join(input, f), options: { id, ...common, title: a.title ? `${a.title} ${stem}` : undefined } };
      });
  }
  return [{ file: input, options: { id: a.id!, ...common, overlay: readOverlay(a.id!) } }];
}

/** Peak resident memory of this process so far, in MB. */
function peakMb(): number {
  return Math.round(process.resourceUsage().maxRSS / 1024);
}

async function main() {
  let a: Args;
  try {
    a = parseArgs(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`error: ${(err as Error).message}\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  mkdirSync(a.out, { recursive: true });
  mkdirSync(join(a.out, 'reports'), { recursive: true });
  let failed = 0;
  let totalBytes = 0;
  let totalTools = 0;
  const started = performance.now();
  for (const job of jobsFor(a)) {
    const t0 = performance.now();
    let text: string;
    let report: ImportReport;
    try {
      const doc = JSON.parse(readFileSync(job.file, 'utf8'));
      const result = await importSpec(doc, job.options);
      report = result.report;
      if (!result.pack.tools.length) throw new Error('no operation became a tool');
      text = serializePack(result.pack);
    } catch (err) {
      failed++;
      process.stderr.write(`${job.options.id}: ${job.file}: ${(err as Error).message}\n`);
      continue;
    }
    const importMs = Math.round(performance.now() - t0);
    const outFile = join(a.out, `${job.options.id}.json`);
    writeFileSync(outFile, text);
    writeFileSync(join(a.out, 'reports', `${job.options.id}.json`), `${JSON.stringify(report)}\n`);
    let loadMs: number | undefined;
    if (a.verify) {
      const t1 = performance.now();
      try {
        loadPack(outFile.replace(/\\/g, '/'), JSON.parse(text));
      } catch (err) {
        failed++;
        process.stderr.write(`${job.options.id}: the written pack does not load: ${(err as Error).message.slice(0, 2000)}\n`);
      }
      loadMs = Math.round(performance.now() - t1);
    }
    const bytes = Buffer.byteLength(text);
    totalBytes += bytes;
    totalTools += report.tools;
    const line = {
      id: job.options.id,
      operations: report.operations,
      tools: report.tools,
      skipped: report.skipped.length,
      import_ms: importMs,
      ...(loadMs !== undefined ? { load_ms: loadMs } : {}),
      bytes,
      peak_rss_mb: peakMb(),
      heap_used_mb: Math.round(process.memoryUsage().heapUsed / 1048576),
    };
    process.stdout.write(a.report ? `${JSON.stringify(line)}\n` : `${job.options.id}: ${report.tools} tools from ${report.operations} operations, ${(bytes / 1024).toFixed(0)} KB, ${importMs} ms -> ${outFile}\n`);
  }
  if (a.all) {
    const ids = new Set(CORPUS.map((e) => e.id));
    for (const id of overlaidPackIds()) {
      if (!ids.has(id)) {
        failed++;
        process.stderr.write(`content/packs/overlays/${id}.json: no corpus document is imported as ${id}\n`);
      }
    }
    for (const [file, why] of Object.entries(CORPUS_EXCLUSIONS)) process.stderr.write(`not imported: ${file}: ${why}\n`);
  }
  const summary = { total_tools: totalTools, total_bytes: totalBytes, total_ms: Math.round(performance.now() - started), peak_rss_mb: peakMb(), failed };
  process.stdout.write(a.report ? `${JSON.stringify({ summary })}\n` : `total: ${totalTools} tools, ${(totalBytes / 1048576).toFixed(1)} MB, ${summary.total_ms} ms, peak ${summary.peak_rss_mb} MB\n`);
  if (failed) process.exitCode = 1;
}

void main().catch((err) => {
  process.stderr.write(`error: ${(err as Error).stack ?? err}\n`);
  process.exitCode = 2;
});

