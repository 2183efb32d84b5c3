// Where the public corpus is (the JSON Schema Test Suite, BFCL, tau-bench, the vendors' API documents):
// CORPUS_DIR, or ../shared/corpus beside the checkout. Tests, benchmarks, the importer and the /grade/ page
// all read it through here, and a reader that finds a part missing says the one command that fetches it.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The folder used when CORPUS_DIR is not set, relative to the checkout. */
const DEFAULT_CORPUS_DIR = '../shared/corpus';

/** The command that fetches the corpus into CORPUS_DIR (src/cli/corpus.ts). */
const FETCH_CORPUS = 'npm run corpus';

/** The corpus folder, absolute: CORPUS_DIR if set, else ../shared/corpus from the working directory. */
export function corpusDir(): string {
  return resolve(process.env.CORPUS_DIR || DEFAULT_CORPUS_DIR);
}

/** A path inside the corpus (`corpusPath('vendor', 'slack')`), whether or not it exists. */
export function corpusPath(...parts: string[]): string {
  return join(corpusDir(), ...parts);
}

/** Why a reader cannot go on: the part it wanted, where it looked, and how to get it. */
export function missingCorpusMessage(part: string, reader: string): string {
  return `the corpus's ${part} is missing at ${corpusPath(part)}, and ${reader} needs it. Fetch the corpus with \`${FETCH_CORPUS}\` (it writes to CORPUS_DIR, default ${DEFAULT_CORPUS_DIR}).`;
}

/** The path of a part of the corpus, or an error that names the command to fetch it. */
export function requireCorpus(part: string, reader: string): string {
  const path = corpusPath(part);
  if (!existsSync(path)) throw new Error(missingCorpusMessage(part, reader));
  return path;
}
