// --jsonl as the bin runs it: a call log of any size, read as a stream and answered line by line, in
// order, so memory stays flat however long the log is. With --workers N the lines go, in batches of whole
// lines, to N worker threads (check-worker.ts) and come back in the order they were read.
// The main thread only moves bytes: each batch leaves as UTF-8 (its buffer transferred, not copied) and
// comes back as UTF-8, so decoding, check(), JSON.stringify and encoding all run on the workers.
// At most MAX_IN_FLIGHT batches per worker are out at once: a slow reader of the output holds the input
// back rather than filling memory.
// Each output line is the full CheckResult (an array of them for a line holding several calls), or a
// line's own error (line-results.ts), byte for byte what runCli's --jsonl prints.
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { answerLine, MAX_LINE_BYTES, overLongLine } from './line-results';
import type { CheckOptions, CompiledPack } from '../engine/types';

/** What a worker compiles its pack from: a shipped pack, tool definitions, or the pack an API document was imported into. */
export type WorkerSource = { packId: string } | { definitions: unknown; origin: string } | { imported: unknown; origin: string };

export interface WorkerData {
  source: WorkerSource;
  tool?: string;
}

/** A batch from the main thread: whole lines as UTF-8, each ending in "\n", the first of them line `firstLine` of the log. */
export interface BatchRequest {
  id: number;
  bytes: Uint8Array;
  firstLine: number;
}

/** A batch's results as UTF-8, its buffer handed over (transferred) rather than copied. */
export type BatchReply = { id: number; out: Uint8Array } | { id: number; error: string };

/** Batches out per worker: enough that a worker slowed for a moment (by the machine, or by its first calls) does not leave the others idle behind it, since output keeps the input order. */
const MAX_IN_FLIGHT = 4;

/**
 * The decoder of a log's bytes, the same on both paths (and so the same output): a batch always ends at a
 * newline, never inside a character; invalid bytes read as U+FFFD; a byte-order mark is kept, as readFileSync's 'utf8' keeps it
 * (answerLine drops one at the start of any line).
 */
export function logDecoder(): TextDecoder {
  return new TextDecoder('utf-8', { ignoreBOM: true });
}

/**
 * The results of a batch of whole lines, one JSON line each, as UTF-8 in a buffer of their own; `firstLine`
 * is the number of the batch's first line in the log, for a line's error result. Never throws: each line
 * is answered on its own (answerLine). Each line is encoded as soon as it is written, into a scratch buffer
 * the batches share: concatenated first, one line with a character past ASCII (1 in 100 in the bench's
 * logs) made the whole batch a two-byte string, and flattening and encoding that was a third of a line's time.
 */
export function checkLines(pack: CompiledPack, text: string, options: CheckOptions, firstLine = 1): Uint8Array {
  let at = 0;
  let start = 0;
  let n = firstLine;
  for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
    const end = nl > start && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
    const line = answerLine(pack, text.slice(start, end), n++, options) + '\n';
    // encodeInto writes at most 3 bytes per UTF-16 unit; a long line is measured instead, so that a result
    // of tens of megabytes does not take three times its size.
    const room = line.length < 1 << 16 ? line.length * 3 : Buffer.byteLength(line);
    if (scratch.length - at < room) {
      const grown = new Uint8Array(Math.max(scratch.length * 2, at + room));
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

/** Whole lines (each ending in "\n") numbered from `firstLine`, in a buffer of their own that can be transferred; or a line over MAX_LINE_BYTES, skipped. */
export type LineBatch = { bytes: Uint8Array; firstLine: number } | { overLong: number };

/**
 * The input as batches of whole lines. A line cut by a chunk's end waits for the rest, its pieces kept
 * apart and joined once when its newline comes (joining at every chunk made a long line quadratic: a
 * 50 MB line took 90 s). A line past MAX_LINE_BYTES is not kept: its bytes are dropped up to its newline
 * and it comes out as { overLong: its number }. A last line without a newline gets one.
 */
export async function* lineBatches(input: Readable | AsyncIterable<Uint8Array | string>, maxLine = MAX_LINE_BYTES): AsyncGenerator<LineBatch> {
  let line = 1;
  // The start of the line that is not yet whole: its pieces and their length; or, past the limit, skipping.
  let pending: Uint8Array[] = [];
  let pendingLength = 0;
  let skipping = false;
  for await (const chunk of input as AsyncIterable<Uint8Array | string>) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    const out: LineBatch[] = [];
    // The batch under way: the pending pieces (when there are any), then bytes[from, to) of this chunk.
    let from = 0;
    let batchFirst = line;
    const flush = (to: number) => {
      if (to <= from) return;
      out.push({ bytes: pendingLength ? join(pending, pendingLength, bytes.subarray(from, to)) : copy(bytes.subarray(from, to)), firstLine: batchFirst });
      pending = [];
      pendingLength = 0;
    };
    let start = 0;
    for (let nl = bytes.indexOf(10); nl !== -1; nl = bytes.indexOf(10, start)) {
      const length = (start === 0 ? pendingLength : 0) + nl - start;
      if (skipping || length > maxLine) {
        flush(start);
        pending = [];
        pendingLength = 0;
        skipping = false;
        out.push({ overLong: line });
        from = nl + 1;
        batchFirst = line + 1;
      }
      line++;
      start = nl + 1;
    }
    flush(start);
    yield* out;
    const tail = bytes.length - start;
    if (skipping || !tail) continue;
    if (pendingLength + tail > maxLine) {
      pending = [];
      pendingLength = 0;
      skipping = true;
    } else {
      // A view: the piece is copied once, when its line is joined.
      pending.push(bytes.subarray(start));
      pendingLength += tail;
    }
  }
  if (skipping) yield { overLong: line };
  else if (pendingLength) yield { bytes: join(pending, pendingLength, new Uint8Array([10])), firstLine: line };
}

function copy(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(bytes);
}

/** The pieces, then `tail`, in a new buffer of its own (never Node's shared pool: a batch's buffer is transferred). */
function join(pieces: readonly Uint8Array[], length: number, tail: Uint8Array): Uint8Array {
  const out = new Uint8Array(length + tail.length);
  let at = 0;
  for (const p of pieces) {
    out.set(p, at);
    at += p.length;
  }
  out.set(tail, at);
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
  // An over-long line is answered here, on this thread: its bytes were never kept.
  const encoded = (line: number) => utf8.encode(overLongLine(line) + '\n');
  if (!pool) {
    const options: CheckOptions = o.tool ? { tool: o.tool } : {};
    const decoder = logDecoder();
    for await (const batch of lineBatches(input)) {
      await write(output, 'overLong' in batch ? encoded(batch.overLong) : checkLines(o.pack!, decoder.decode(batch.bytes), options, batch.firstLine));
    }
    return;
  }
  try {
    // In input order; the head is written as soon as it is back, and reading waits while the pool is full.
    const inFlight: Promise<Uint8Array>[] = [];
    for await (const batch of lineBatches(input)) {
      inFlight.push('overLong' in batch ? Promise.resolve(encoded(batch.overLong)) : pool.run(batch.bytes, batch.firstLine));
      while (inFlight.length >= pool.size * MAX_IN_FLIGHT) await write(output, await inFlight.shift()!);
    }
    while (inFlight.length) await write(output, await inFlight.shift()!);
  } finally {
    await pool.stop();
  }
}

export interface WorkerPool {
  size: number;
  /** Checks a batch (its first line numbered firstLine) on the worker with the fewest batches out; its results, in the batch's order. */
  run(bytes: Uint8Array, firstLine: number): Promise<Uint8Array>;
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
    run(bytes: Uint8Array, firstLine: number): Promise<Uint8Array> {
      if (failure) return Promise.reject(failure);
      // The least busy worker: one slowed by its first calls (lazy tables) or by the machine gets less.
      let i = 0;
      for (let j = 1; j < n; j++) if (load[j] < load[i]) i = j;
      load[i]++;
      const id = ids++;
      const p = new Promise<Uint8Array>((resolve, reject) => waiting.set(id, { resolve, reject }));
      workers[i].postMessage({ id, bytes, firstLine } satisfies BatchRequest, [bytes.buffer as ArrayBuffer]);
      return p;
    },
    async stop() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
