// --jsonl as the bin runs it: a call log of any size, read as a stream and answered line by line, in
// order, so memory stays flat however long the log is. With --workers N the lines go, in batches of whole
// lines, to N worker threads (check-worker.ts) and come back in the order they were read.
// The main thread only moves bytes: each batch leaves as UTF-8 (its buffer transferred, not copied) and
// comes back as UTF-8, so decoding, check(), JSON.stringify and encoding all run on the workers.
// At most MAX_IN_FLIGHT batches per worker are out at once: a slow reader of the output holds the input
// back rather than filling memory.
// Each output line is the full CheckResult (an array of them for a line holding several calls), byte for
// byte what runCli's --jsonl prints.
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { checkLine } from '../engine/check-calls';
import type { CheckOptions, CompiledPack } from '../engine/types';

/** What a worker compiles its pack from: a shipped pack, tool definitions, or the pack an API document was imported into. */
export type WorkerSource = { packId: string } | { definitions: unknown; origin: string } | { imported: unknown; origin: string };

export interface WorkerData {
  source: WorkerSource;
  tool?: string;
}

/** A batch from the main thread: whole lines as UTF-8, each ending in "\n". */
export interface BatchRequest {
  id: number;
  bytes: Uint8Array;
}

/** A batch's results as UTF-8, its buffer handed over (transferred) rather than copied. */
export type BatchReply = { id: number; out: Uint8Array } | { id: number; error: string };

/** Batches out per worker: enough that a worker slowed for a moment (by the machine, or by its first calls) does not leave the others idle behind it, since output keeps the input order. */
const MAX_IN_FLIGHT = 4;

/**
 * The decoder of a log's bytes, the same on both paths (and so the same output): a batch always ends at a
 * newline, never inside a character; invalid bytes read as U+FFFD; a byte-order mark is kept, as readFileSync's 'utf8' keeps it.
 */
export function logDecoder(): TextDecoder {
  return new TextDecoder('utf-8', { ignoreBOM: true });
}

/**
 * The results of a batch of whole lines, one JSON line each, as UTF-8 in a buffer of their own. Each line is
 * encoded as soon as it is written, into a scratch buffer the batches share: concatenated first, one line
 * with a character past ASCII (1 in 100 in the bench's logs) made the whole batch a two-byte string, and
 * flattening and encoding that was a third of a line's time.
 */
export function checkLines(pack: CompiledPack, text: string, options: CheckOptions): Uint8Array {
  let at = 0;
  let start = 0;
  for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
    const end = nl > start && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
    const line = checkLine(pack, text.slice(start, end), options) + '\n';
    // encodeInto writes at most 3 bytes per UTF-16 unit.
    if (scratch.length - at < line.length * 3) {
      const grown = new Uint8Array(Math.max(scratch.length * 2, at + line.length * 3));
      grown.set(scratch.subarray(0, at));
      scratch = grown;
    }
    at += utf8.encodeInto(line, scratch.subarray(at)).written;
    start = nl + 1;
  }
  const out = scratch.slice(0, at);
  // A batch with a line of many megabytes grows the buffer; it is not kept that size for the rest of the log.
  if (scratch.length > SCRATCH_KEPT) scratch = new Uint8Array(SCRATCH_KEPT);
  return out;
}

const SCRATCH_KEPT = 1 << 22;
let scratch = new Uint8Array(1 << 20);
const utf8 = new TextEncoder();

/**
 * The input as batches of whole lines (bytes, each batch in a buffer of its own that can be transferred).
 * A line cut by a chunk's end waits for the rest; a last line without a newline gets one.
 */
async function* lineBatches(input: Readable): AsyncGenerator<Uint8Array> {
  let rest: Uint8Array | undefined;
  for await (const chunk of input as AsyncIterable<Buffer | string>) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    const last = bytes.lastIndexOf(10);
    if (last === -1) {
      rest = rest ? concat(rest, bytes, bytes.length) : new Uint8Array(bytes);
      continue;
    }
    yield rest ? concat(rest, bytes, last + 1) : new Uint8Array(bytes.subarray(0, last + 1));
    rest = last + 1 < bytes.length ? new Uint8Array(bytes.subarray(last + 1)) : undefined;
  }
  if (rest) yield concat(rest, new Uint8Array([10]), 1);
}

function concat(head: Uint8Array, tail: Uint8Array, tailLength: number): Uint8Array {
  const out = new Uint8Array(head.length + tailLength);
  out.set(head);
  out.set(tail.subarray(0, tailLength), head.length);
  return out;
}

export interface StreamOptions {
  /** Check on this thread with this pack... */
  pack?: CompiledPack;
  /** ...or on these worker threads (startWorkers), stopped when the log ends. */
  pool?: WorkerPool;
  tool?: string;
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
  const { pool } = o;
  if (!pool) {
    const options: CheckOptions = o.tool ? { tool: o.tool } : {};
    const decoder = logDecoder();
    for await (const bytes of lineBatches(input)) await write(output, checkLines(o.pack!, decoder.decode(bytes), options));
    return;
  }
  try {
    // In input order; the head is written as soon as it is back, and reading waits while the pool is full.
    const inFlight: Promise<Uint8Array>[] = [];
    for await (const bytes of lineBatches(input)) {
      inFlight.push(pool.run(bytes));
      while (inFlight.length >= pool.size * MAX_IN_FLIGHT) await write(output, await inFlight.shift()!);
    }
    while (inFlight.length) await write(output, await inFlight.shift()!);
  } finally {
    await pool.stop();
  }
}

export interface WorkerPool {
  size: number;
  /** Checks a batch on the worker with the fewest batches out; its results, in the batch's order. */
  run(bytes: Uint8Array): Promise<Uint8Array>;
  stop(): Promise<void>;
}

/**
 * Starts n worker threads, each loading its pack at once: the bin calls this before anything else it
 * loads, so the threads start while the main thread is still busy.
 */
export function startWorkers(n: number, url: URL, data: WorkerData): WorkerPool {
  const waiting = new Map<number, { resolve: (out: Uint8Array) => void; reject: (err: Error) => void }>();
  const load = new Array<number>(n).fill(0);
  let ids = 0;
  let failure: Error | undefined;
  const fail = (err: Error) => {
    failure ??= err;
    for (const w of waiting.values()) w.reject(failure);
    waiting.clear();
  };
  const workers = Array.from({ length: n }, (_, i) => {
    const w = new Worker(url, { workerData: data });
    w.on('message', (reply: BatchReply) => {
      const entry = waiting.get(reply.id);
      if (!entry) return;
      waiting.delete(reply.id);
      load[i]--;
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
    run(bytes: Uint8Array): Promise<Uint8Array> {
      if (failure) return Promise.reject(failure);
      // The least busy worker: one slowed by its first calls (lazy tables) or by the machine gets less.
      let i = 0;
      for (let j = 1; j < n; j++) if (load[j] < load[i]) i = j;
      load[i]++;
      const id = ids++;
      const p = new Promise<Uint8Array>((resolve, reject) => waiting.set(id, { resolve, reject }));
      workers[i].postMessage({ id, bytes } satisfies BatchRequest, [bytes.buffer as ArrayBuffer]);
      return p;
    },
    async stop() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
