// The page's side of importing a pasted API document: one worker, started on first use (spec-import.worker.ts),
// and a promise per document with its progress along the way. Nothing of the importer is in the page's own
// JavaScript: the worker's chunk holds it.
import SpecWorker from './spec-import.worker?worker';
import type { SpecImportReply } from './spec-import.worker';

export interface Imported {
  /** The pack file the importer wrote, compiled later with the AJV backend like any pasted tools. */
  pack: unknown;
  skipped: number;
  format: string;
}

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, { resolve(r: Imported): void; reject(e: Error): void; progress(done: number, total: number): void }>();

function start(): Worker {
  if (worker) return worker;
  worker = new SpecWorker();
  worker.onmessage = (e: MessageEvent<SpecImportReply>) => {
    const m = e.data;
    const p = pending.get(m.id);
    if (!p) return;
    if ('progress' in m) return p.progress(m.progress[0], m.progress[1]);
    pending.delete(m.id);
    if ('error' in m) p.reject(new Error(m.error));
    else p.resolve({ pack: m.pack, skipped: m.skipped, format: m.format });
  };
  worker.onerror = (e) => {
    for (const p of pending.values()) p.reject(new Error(e.message || 'the importer did not load'));
    pending.clear();
    worker?.terminate();
    worker = null;
  };
  return worker;
}

/** Imports a document's text; `progress` is called as operations are read. */
export function importDocument(text: string, progress: (done: number, total: number) => void): Promise<Imported> {
  const id = nextId++;
  return new Promise<Imported>((resolve, reject) => {
    pending.set(id, { resolve, reject, progress });
    start().postMessage({ id, text });
  });
}
