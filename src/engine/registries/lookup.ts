// The lookup every registry shares: from what a caller sent to the members of a value set it most likely
// means. The data (./data/*.json) is generated from registry packages by src/cli/registry-data.ts; this
// module only reads it, indexing once, on the first lookup.
//
// The order, and why: a member in another case or spelling (`europe/zurich`, `en_US`) is certain; then a
// name the packages give for a member (`Deutschland`, `US Dollar`, `PST`); then a weaker name consulted only
// when no member name matches (a constituent country, a city); then a name that contains the words sent
// (`Korea`, `dollar`); then the names nearest by edit distance, keeping only those at the smallest distance.
// A name that fits several members gives all of them (at most three), never one picked by its position.
import { distance } from '../shared/nearness';

/** One registry's data file. */
export interface RegistryData {
  /** The packages (and versions) the data was generated from. */
  source: string;
  values: string[];
  /** Names that mean the members they list; a name listing several is ambiguous. */
  terms: Record<string, string[]>;
  /** Names consulted only when no member and no term matches (subdivisions, cities). */
  fallback?: Record<string, string[]>;
  /** Order among several candidates, higher first (how widely a member is used); a set without weights never cuts a list. */
  weights?: Record<string, number>;
}

export interface LookupOptions {
  /** Search terms (and fallback names) by the words they contain. */
  byWords?: boolean;
  /** Compare with the members themselves by edit distance, not just with their names. */
  fuzzyValues?: boolean;
  /** Compare with fallback names by edit distance too. */
  fuzzyFallback?: boolean;
  /** Rewrites what was sent before the lookup (time zones drop "standard" from "Pacific Standard Time"). */
  prepare?: (received: string) => string;
  /** Maps a member to the form this set permits (lower-case currency codes). */
  member?: (value: string) => string;
}

const MAX_CANDIDATES = 3;
/** Longer input is not a name of anything here; do not pay for edit distance on it. */
const MAX_LENGTH = 64;
/** Shorter input is too close to too many names to search by words or edit distance. */
const MIN_SEARCH_LENGTH = 4;

/** Lower case, accents dropped, spaces and punctuation between words removed: `Côte d'Ivoire` -> `cotedivoire`. */
export function fold(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[\s_\-.'’‘`,()/]+/g, '');
}

/** The same, with one space between words, padded, so that a word sequence can be found inside it. */
function words(s: string): string {
  const w = s
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’‘`.]+/g, '')
    .replace(/[^\p{L}\p{N}$€£¥]+/gu, ' ')
    .trim();
  return w ? ` ${w} ` : '';
}

interface Index {
  members: Set<string>;
  byFold: Map<string, string[]>;
  terms: Map<string, string[]>;
  fallback: Map<string, string[]>;
  wordNames: [string, string[]][];
  /** The word names by each word they hold: a query's words must all be there, so one word's list is enough to search. */
  byWord: Map<string, number[]>;
  fuzzy: FuzzyIndex;
}

/**
 * The folded names an edit-distance pass compares with, and their q-grams (letters, and pairs of letters),
 * to skip names that cannot be near. A name within k edits of a key of length n shares at least n - q + 1 - kq
 * of its q-grams (each edit touches at most q of them): a filter that never drops a name that is near,
 * so the pass finds what comparing with every name would, at a fraction of the comparisons.
 */
interface FuzzyIndex {
  names: string[];
  targets: string[][];
  /** q-gram -> [name index, count in that name], flattened. */
  grams: [Map<string, number[]>, Map<string, number[]>];
  /** Shared q-grams per name, zeroed after each query. */
  shared: Int32Array;
}

function gramCounts(s: string, q: number): Map<string, number> {
  const out = new Map<string, number>();
  for (let i = 0; i + q <= s.length; i++) {
    const g = s.slice(i, i + q);
    out.set(g, (out.get(g) ?? 0) + 1);
  }
  return out;
}

function fuzzyIndex(near: Map<string, string[]>): FuzzyIndex {
  const names = [...near.keys()];
  const grams: FuzzyIndex['grams'] = [new Map(), new Map()];
  names.forEach((name, id) => {
    for (const q of [1, 2] as const) {
      for (const [g, n] of gramCounts(name, q)) {
        let list = grams[q - 1].get(g);
        if (!list) grams[q - 1].set(g, (list = []));
        list.push(id, n);
      }
    }
  });
  return { names, targets: names.map((n) => near.get(n)!), grams, shared: new Int32Array(names.length) };
}

/**
 * One registry's names (./data/<name>.json), which the set's members alone (./data/<name>.values.json) do
 * not need: a pack compiles and validates with the members, and only a suggestion reads the names. Node
 * hands them over at once (./all.ts); the playground loads them for a tool before checking a call to it.
 */
export class RegistryNames {
  private data: RegistryData | undefined;
  private pending: Promise<void> | undefined;

  constructor(
    readonly values: string[],
    private readonly loader: () => Promise<{ default: unknown }>,
  ) {}

  get loaded(): boolean {
    return this.data !== undefined;
  }

  provide(data: unknown): void {
    this.data = data as RegistryData;
  }

  load(): Promise<void> {
    if (this.data) return Promise.resolve();
    this.pending ??= this.loader().then(
      (m) => this.provide(m.default),
      (err) => {
        this.pending = undefined;
        throw err;
      },
    );
    return this.pending;
  }

  /** The names; a suggestion asked for before they are loaded is a bug of the caller, and says so. */
  get(name: string): RegistryData {
    if (!this.data) throw new Error(`the names of the value set ${name} are not loaded: load them (loadValueSetNames in src/engine/registries/index.ts) before checking a call to a field that uses it`);
    return this.data;
  }
}

export class Lookup {
  private index: Index | undefined;

  constructor(
    readonly name: string,
    private readonly names: RegistryNames,
    private readonly options: LookupOptions = {},
  ) {}

  /** The registry's names and weights, loaded or not (see RegistryNames). */
  get data(): RegistryData {
    return this.names.get(this.name);
  }

  get loaded(): boolean {
    return this.names.loaded;
  }

  load(): Promise<void> {
    return this.names.load();
  }

  /** The members, in the form this set permits. */
  get values(): string[] {
    const m = this.options.member;
    return m ? this.names.values.map(m) : this.names.values;
  }

  private build(): Index {
    const add = (map: Map<string, string[]>, key: string, targets: string[]) => {
      if (!key) return;
      const list = map.get(key) ?? [];
      for (const t of targets) if (!list.includes(t)) list.push(t);
      map.set(key, list);
    };
    const byFold = new Map<string, string[]>();
    for (const v of this.data.values) add(byFold, fold(v), [v]);
    const terms = new Map<string, string[]>();
    for (const [name, targets] of Object.entries(this.data.terms)) add(terms, fold(name), targets);
    const fallback = new Map<string, string[]>();
    for (const [name, targets] of Object.entries(this.data.fallback ?? {})) add(fallback, fold(name), targets);
    const wordNames: [string, string[]][] = [];
    const near = new Map<string, string[]>();
    const searchable = (entries: [string, string[]][], byWords: boolean) => {
      for (const [name, targets] of entries) {
        if (fold(name).length < MIN_SEARCH_LENGTH) continue;
        add(near, fold(name), targets);
        if (byWords) wordNames.push([words(name), targets]);
      }
    };
    searchable(Object.entries(this.data.terms), this.options.byWords === true);
    if (this.options.fuzzyFallback) searchable(Object.entries(this.data.fallback ?? {}), false);
    if (this.options.fuzzyValues) for (const v of this.data.values) add(near, fold(v), [v]);
    const byWord = new Map<string, number[]>();
    wordNames.forEach(([name], i) => {
      for (const word of new Set(name.trim().split(' '))) {
        let list = byWord.get(word);
        if (!list) byWord.set(word, (list = []));
        list.push(i);
      }
    });
    return { members: new Set(this.data.values), byFold, terms, fallback, wordNames, byWord, fuzzy: fuzzyIndex(near) };
  }

  /** Members the received string most likely means, best first, at most three; [] when no guess is trustworthy. */
  suggest(received: string): string[] {
    const raw = (this.options.prepare ? this.options.prepare(received) : received).trim();
    if (!raw || raw.length > MAX_LENGTH) return [];
    const ix = (this.index ??= this.build());
    const m = this.options.member ?? ((v: string) => v);
    const finish = (found: string[]) => this.rank(found).map(m);
    if (ix.members.has(raw)) return [m(raw)];
    const key = fold(raw);
    if (!key) return [];
    for (const table of [ix.byFold, ix.terms, ix.fallback]) {
      const hit = table.get(key);
      if (hit) return finish(hit);
    }
    if (key.length < MIN_SEARCH_LENGTH) return [];
    if (ix.wordNames.length) {
      const w = words(raw);
      if (w) {
        // ` untied kingdom ` is in a name only if each of its words is: search the names holding its rarest one.
        let within: number[] | undefined;
        for (const word of w.trim().split(' ')) {
          const list = ix.byWord.get(word) ?? [];
          if (!within || list.length < within.length) within = list;
        }
        const found: string[] = [];
        for (const i of within ?? []) {
          const [name, targets] = ix.wordNames[i];
          if (name.includes(w)) for (const t of targets) if (!found.includes(t)) found.push(t);
        }
        if (found.length) return finish(found);
      }
    }
    return this.nearest(ix.fuzzy, key, finish);
  }

  /** The names at the smallest edit distance from `key`, within a third of its length; [] when none is. */
  private nearest(fz: FuzzyIndex, key: string, finish: (found: string[]) => string[]): string[] {
    const limit = Math.floor(key.length / 3);
    // Pairs of letters filter harder; a short key, with few pairs to share, is filtered on single letters.
    const q = key.length - 1 - 2 * limit >= 2 ? 2 : 1;
    const least = key.length - q + 1 - limit * q;
    const touched: number[] = [];
    for (const [g, n] of gramCounts(key, q)) {
      const list = fz.grams[q - 1].get(g);
      if (!list) continue;
      for (let j = 0; j < list.length; j += 2) {
        const id = list[j];
        if (Math.abs(fz.names[id].length - key.length) > limit) continue;
        if (fz.shared[id] === 0) touched.push(id);
        fz.shared[id] += Math.min(n, list[j + 1]);
      }
    }
    let best = limit + 1;
    let found: string[] = [];
    for (const id of touched) {
      const enough = fz.shared[id] >= least;
      fz.shared[id] = 0;
      if (!enough) continue;
      const d = distance(key, fz.names[id]);
      if (d > best) continue;
      if (d < best) {
        best = d;
        found = [];
      }
      for (const t of fz.targets[id]) if (!found.includes(t)) found.push(t);
    }
    return best <= limit ? finish(found) : [];
  }

  /**
   * Several candidates, ordered by weight (then by code, so equal weights never decide by position). Past
   * three, a set with weights keeps the three most used; a set without them has no fair cut and gives none.
   */
  private rank(found: string[]): string[] {
    const w = this.data.weights;
    const list = [...new Set(found)].sort((a, b) => (w ? (w[b] ?? 0) - (w[a] ?? 0) : 0) || (a < b ? -1 : a > b ? 1 : 0));
    if (list.length <= MAX_CANDIDATES) return list;
    return w ? list.slice(0, MAX_CANDIDATES) : [];
  }

  /** Lower-cased name -> the one member it means, for names that mean exactly one (the field's alias table). */
  aliases(): Record<string, string> {
    const ix = (this.index ??= this.build());
    const m = this.options.member ?? ((v: string) => v);
    const out: Record<string, string> = Object.create(null);
    for (const name of Object.keys(this.data.terms)) {
      const key = fold(name);
      // A name that is a member in another spelling is that member, never an alias of another one.
      if (ix.byFold.has(key)) continue;
      const targets = ix.terms.get(key);
      if (targets?.length === 1) out[name.trim().toLowerCase()] = m(targets[0]);
    }
    return out;
  }
}
