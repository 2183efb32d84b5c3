// The corpus's parts that live in public GitHub repositories, fetched at a pinned commit from GitHub's raw file
// host (`npm run corpus` only: a maintainer's or CI's command, never the site or the package at run time).
// CORPUS_GITHUB_RAW points elsewhere, so the tests can serve a tree of their own from a local server.
import { deriveStripeRequests } from './corpus-stripe-requests';
import { deriveTauBenchTestActions, deriveTauBenchTools } from './corpus-tau-bench';
import { pyYamlSafeLoad, yamlToCorpusJson } from './corpus-yaml';

/** Where raw files are fetched from, unless CORPUS_GITHUB_RAW says otherwise. */
export const GITHUB_RAW = 'https://raw.githubusercontent.com';

export function githubRawBase(): string {
  return (process.env.CORPUS_GITHUB_RAW || GITHUB_RAW).replace(/\/+$/, '');
}

/** The URL of a file of a repository (`owner/name`) at a commit. */
export function rawUrl(repo: string, commit: string, path: string): string {
  return `${githubRawBase()}/${repo}/${commit}/${path.split('/').map(encodeURIComponent).join('/')}`;
}

/** A file's bytes, or why not (an HTTP status, a refused connection). */
export async function download(url: string, attempts = 3): Promise<Buffer> {
  for (let attempt = 1; ; attempt++) {
    let failure: string;
    try {
      const res = await fetch(url, { redirect: 'follow' });
      if (res.ok) return Buffer.from(await res.arrayBuffer());
      // A missing file stays missing; a busy or failing server may answer the next time.
      if (res.status !== 429 && res.status < 500) throw new Error(`${url}: HTTP ${res.status}`);
      failure = `HTTP ${res.status}`;
    } catch (e) {
      if ((e as Error).message.startsWith(`${url}: HTTP`)) throw e;
      failure = (e as Error & { cause?: Error }).cause?.message ?? (e as Error).message;
    }
    if (attempt >= attempts) throw new Error(`${url}: ${failure}`);
  }
}

/**
 * The ways a corpus file is made from upstream files that are not it, each from the inputs its lock entry lists
 * (in that order). They remake what was once made by hand in Python, byte for byte (see each module).
 */
export const MAKERS = {
  /** One YAML spec as the corpus holds it in JSON: json.dumps(yaml.safe_load(…), separators=(',', ':')). */
  'yaml-to-json': (inputs) => yamlToCorpusJson(only(inputs)),
  /** tau_bench_tools.json, from the tool files of each domain (src/cli/corpus-tau-bench.ts). */
  'tau-bench-tools': (inputs) => deriveTauBenchTools(inputs),
  /** tau_bench_test_actions.jsonl, from each domain's tasks_test.py. */
  'tau-bench-test-actions': (inputs) => deriveTauBenchTestActions(inputs),
  /** The Stripe request extract, from spec3.yaml (src/cli/corpus-stripe-requests.ts). */
  'stripe-requests': (inputs) => deriveStripeRequests(pyYamlSafeLoad(only(inputs))),
} satisfies Record<string, (inputs: Map<string, string>) => string>;

export type MakerName = keyof typeof MAKERS;

function only(inputs: Map<string, string>): string {
  if (inputs.size !== 1) throw new Error(`one input expected, not ${inputs.size}`);
  return [...inputs.values()][0];
}
