// Token counts (o200k_base, the encoding of GPT-4o and later) from a worker started on first use, so
// neither the tokenizer nor its data is in the page's first JavaScript.
import TokenWorker from './token-count.worker?worker';

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, { resolve: (c: number[]) => void; reject: (e: Error) => void }>();
const cache = new Map<string, number>();

function start(): Worker {
  if (worker) return worker;
  // Marked for the browser tests: the tokenizer starts after the first body, never before it.
  performance.mark('pg:tokenizer-start');
  worker = new TokenWorker();
  worker.onmessage = (e: MessageEvent<{ id: number; counts?: number[]; error?: string }>) => {
    const p = pending.get(e.data.id);
    pending.delete(e.data.id);
    if (!p) return;
    if (e.data.counts) p.resolve(e.data.counts);
    else p.reject(new Error(e.data.error ?? 'token count failed'));
  };
  worker.onerror = (e) => {
    for (const p of pending.values()) p.reject(new Error(e.message || 'the tokenizer did not load'));
    pending.clear();
    worker = null;
  };
  return worker;
}

/** Counts tokens of each text; cached, since the same body is counted again after every keystroke. */
export async function countTokens(texts: string[]): Promise<number[]> {
  const missing = [...new Set(texts.filter((t) => !cache.has(t)))];
  if (missing.length) {
    const id = nextId++;
    const counts = await new Promise<number[]>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      start().postMessage({ id, texts: missing });
    });
    if (cache.size > 500) cache.clear();
    missing.forEach((t, i) => cache.set(t, counts[i]));
  }
  return texts.map((t) => cache.get(t)!);
}
