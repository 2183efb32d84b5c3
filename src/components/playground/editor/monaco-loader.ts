// Monaco, loaded once for the page (its chunk is chunks.ts's loadMonaco), and tried again after a failure.
// The island hands it to each editor (CodeEditor's `loadMonaco`) rather than the editor importing it: the
// tabs that hold editors are chunks that chunks.ts loads, and importing chunks.ts back would close a circle.
import { loadMonaco as monacoChunk } from '../loading/chunks';

export type MonacoModule = typeof import('./monaco-setup');

let monacoPromise: Promise<MonacoModule> | null = null;

/** Loads Monaco once for the page. */
export function loadMonaco(): Promise<MonacoModule> {
  monacoPromise ??= monacoChunk().catch((err) => {
    monacoPromise = null;
    throw err;
  });
  return monacoPromise;
}
