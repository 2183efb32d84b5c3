// The whole-corpus sweeps (every imported pack, tool, vendor example, benchmark call) take most of the unit
// run. `npm test` and `npm run test:unit` check a fixed sample of them; `npm run test:corpus` (CORPUS=full)
// checks everything. The sample is chosen by a hash of each item's key with a fixed seed, so it is the same
// on every run and machine, and an item keeps its place in or out of it when others are added.

/** True when the sweeps take every item: `CORPUS=full` (npm run test:corpus). */
export const CORPUS_FULL = process.env.CORPUS === 'full';

if (process.env.CORPUS !== undefined && !CORPUS_FULL) throw new Error(`CORPUS=${process.env.CORPUS}: the only value read is CORPUS=full`);

/** The share of the items taken besides those always kept, when not CORPUS=full. */
export const SAMPLE_SHARE = 0.1;

const SEED = 'actionable-corpus-sample-1';

/** FNV-1a over the seed and the key, as a number in [0, 1). */
function unitHash(key: string): number {
  let h = 0x811c9dc5;
  for (const ch of `${SEED}\u0000${key}`) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h / 2 ** 32;
}

/** Whether the item of this key is in the sample (always under CORPUS=full), for sweeps that choose as they read. */
export function inSample(key: string, share = SAMPLE_SHARE): boolean {
  return CORPUS_FULL || unitHash(key) < share;
}

export interface Sample<T> {
  items: T[];
  total: number;
  /** For test names: "all 69" or "sample 9 of 69 (CORPUS=full for all)", so a sampled run always says so. */
  label: string;
}

/**
 * The items a sweep checks: all of them under CORPUS=full; otherwise those `always` keeps (curated or
 * overlaid ones, say) and a seeded `share` of the rest, at least `min` in all when there are that many.
 */
export function sample<T>(items: readonly T[], key: (item: T) => string, opts: { always?: (item: T) => boolean; share?: number; min?: number } = {}): Sample<T> {
  const total = items.length;
  if (CORPUS_FULL) return { items: [...items], total, label: `all ${total}` };
  const share = opts.share ?? SAMPLE_SHARE;
  const ranked = items.map((item, i) => ({ item, i, h: unitHash(key(item)) }));
  const chosen = new Set(ranked.filter((r) => opts.always?.(r.item) || r.h < share).map((r) => r.i));
  // Too few by chance: the lowest hashes fill up to the minimum, still the same every run.
  const min = Math.min(opts.min ?? 1, total);
  for (const r of [...ranked].sort((a, b) => a.h - b.h)) {
    if (chosen.size >= min) break;
    chosen.add(r.i);
  }
  const picked = items.filter((_, i) => chosen.has(i));
  return { items: picked, total, label: picked.length === total ? `all ${total}` : `sample ${picked.length} of ${total} (CORPUS=full for all)` };
}

/**
 * An imported pack with only its sampled tools: every curated (overlaid) tool and a seeded share of the
 * rest, keyed by pack and tool name. Tools are checked one by one, so a pack cut down this way loads and
 * runs as the whole one would for the tools it keeps.
 */
export function sampledTools<P extends { id: string; tools: T[] }, T extends { name: string; curated?: boolean }>(source: P): { source: P; sample: Sample<T> } {
  const s = sample(source.tools, (t) => `${source.id}/${t.name}`, { always: (t) => t.curated === true });
  return { source: { ...source, tools: s.items }, sample: s };
}

/**
 * Lets the Vitest worker read its messages. A sweep that holds the event loop for a minute (the whole corpus,
 * beside a site build) misses the reply to its own progress report, and Vitest fails the run with "Timeout
 * calling onTaskUpdate" although every test passed. Sweeps await this between packs or calls.
 */
export function letWorkerBreathe(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
