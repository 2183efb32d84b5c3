// --jsonl as the bin runs it: a call log of any size, read as a stream and answered line by line, in
// order, so memory stays flat however long the log is. With --workers N the lines go, in batches, to N
// worker threads (check-worker.ts) and come back in the order they were read; at most two batches per
// worker are in flight, so a slow reader of the output holds the input back rather than filling memory.
// Each output line is the full CheckResult (an array of them for a line holding several calls), byte for
// byte what runCli's --jsonl prints.
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { checkLine } from '../engine/check-calls';
import type { CheckOptions, CompiledPack } from '../engine/types';

/** Where a worker gets its pack: a shipped pack by id, or your own tool definitions. */
/** What a worker compiles its pack from: a shipped pack, tool definitions, or the pack an API document was imported into. */
export type WorkerSource = { packId: string } | { definitions: unknown; origin: string } | { imported: unknown; origin: string };

export interface WorkerData {
  source: WorkerSource;
  tool?: string;
}

/** A batch from the main thread: whole lines, each ending in "\n". */
export interface BatchRequest {
  id: number;
  text: string;
}

/** A batch's results as UTF-8, its buffer handed over (transferred) rather than copied. */
export type BatchReply = { id: number; out: Uint8Array } | { id: number; error: string };

/** The results of a batch of whole lines, one JSON line each. */
export function checkLines(pack: CompiledPack, text: string, options: CheckOptions): string {
  let out = '';
  let start = 0;
  for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
    const end = nl > start && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
    out += checkLine(pack, text.slice(start, end), options) + '\n';
    start = nl + 1;
  }
  return out;
}

export interface StreamOptions {
  pack: CompiledPack;
  source: WorkerSource;
  tool?: string;
  workers?: number;
  /** The worker script (lib/check-worker.js beside the bin). */
  workerUrl: URL;
  input?: Readable;
  output?: Writable;
}

async function write(output: Writable, chunk: string | Uint8Array) {
  if (chunk.length && !output.write(chunk)) await once(output, 'drain');
}

/** Reads `input` to its end and writes one result per line to `output`. */
export async function streamJsonl(o: StreamOptions): Promise<void> {
  const input = o.input ?? process.stdin;
  const output = o.output ?? process.stdout;
  input.setEncoding('utf8');
  const options: CheckOptions = o.tool ? { tool: o.tool } : {};
  // Whole lines go on; the piece after the last newline waits for the next chunk.
  let rest = '';
  const wholeLines = async function* () {
    for await (const chunk of input as AsyncIterable<string>) {
      const text = rest + chunk;
      const last = text.lastIndexOf('\n');
      if (last === -1) {
        rest = text;
        continue;
      }
      rest = text.slice(last + 1);
      yield text.slice(0, last + 1);
    }
    // A last line without a newline is a line all the same.
    if (rest !== '') yield rest + '\n';
  };
  // No --workers: the lines are checked on this thread. --workers N: on N worker threads, this one reads and writes.
  if (!o.workers) {
    for await (const text of wholeLines()) await write(output, checkLines(o.pack, text, options));
    return;
  }
  const pool = await startWorkers(o.workers, o.workerUrl, { source: o.source, tool: o.tool });
  try {
    const inFlight: Promise<Uint8Array>[] = [];
    let next = 0;
    for await (const text of wholeLines()) {
      inFlight.push(pool.run(next++ % pool.size, text));
      while (inFlight.length >= pool.size * 2) await write(output, await inFlight.shift()!);
    }
    while (inFlight.length) await write(output, await inFlight.shift()!);
  } finally {
    await pool.stop();
  }
}

async function startWorkers(n: number, url: URL, data: WorkerData) {
  const waiting = new Map<number, { resolve: (out: Uint8Array) => void; reject: (err: Error) => void }>();
  let ids = 0;
  let failure: Error | undefined;
  const fail = (err: Error) => {
    failure ??= err;
    for (const w of waiting.values()) w.reject(failure);
    waiting.clear();
  };
  const workers = Array.from({ length: n }, () => {
    const w = new Worker(url, { workerData: data });
    w.on('message', (reply: BatchReply) => {
      const entry = waiting.get(reply.id);
      if (!entry) return;
      waiting.delete(reply.id);
      if ('error' in reply) entry.reject(new Error(reply.error));
      else entry.resolve(reply.out);
    });
    w.on('error', (err) => fail(err));
    w.on('exit', (code) => {
      if (code !== 0) fail(new Error(`a worker thread exited with code ${code}`));
    });
    return w;
  });
  return {
    size: n,
    run(i: number, text: string): Promise<Uint8Array> {
      if (failure) return Promise.reject(failure);
      const id = ids++;
      const p = new Promise<Uint8Array>((resolve, reject) => waiting.set(id, { resolve, reject }));
      workers[i].postMessage({ id, text } satisfies BatchRequest);
      return p;
    },
    async stop() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
