// Argument names a call gets wrong in words rather than letters: `artist` for artist_name, `lang` for
// language, `date` for day, `picture_quality` for image_quality. What explain offers after the edit-distance
// pass (suggest.ts) and the nested-path pass (explain/nested-names.ts) found nothing: the declared names whose words are
// the same words, or all of them, best first; and when even those are none, on an object with many
// fields, the few nearest names, so the body always says where to look.
import { distance } from '../shared/nearness';
import { argumentWords, fitWords } from '../shared/name-words';

/** At most this many names go into did_you_mean; the nearest-few list holds as many as NEAREST_LISTED. */
const MAX_OFFERED = 3;
const NEAREST_LISTED = 5;
/** Longer keys are no name a model meant; they are not read as words. */
const MAX_KEY = 64;

export interface ArgumentChoice {
  name: string;
  /** Required, and not sent: the likeliest home of a value sent under another name. */
  wanted: boolean;
}

interface Scored extends ArgumentChoice {
  i: number;
  tier: number;
  strength: number;
  /** Letters apart, as a share of the longer name; computed only when a ranking needs it. */
  dist: number;
}

/**
 * Names of several words that mean one thing, which no word-by-word match finds: the size of a page of
 * results (limit, per_page, page_size, maxResults), and the bounds of a time range (start_date, timeMin).
 * Ours: the wordings APIs use for these, in their words read singular.
 */
const PHRASE_GROUPS: readonly (readonly string[])[] = [
  ['limit', 'count', 'top', 'per page', 'page size', 'max result', 'max item', 'max count', 'num result', 'page limit', 'result limit', 'max'],
  ['time min', 'start date', 'start time', 'start datetime', 'from date', 'date from', 'min date', 'start at'],
  ['time max', 'end date', 'end time', 'end datetime', 'date until', 'max date', 'end at'],
];
const PHRASE_OF = new Map<string, number>();
PHRASE_GROUPS.forEach((g, i) => g.forEach((p) => PHRASE_OF.set(p, i)));

/** Whether two names' words are wordings of one phrase of PHRASE_GROUPS. */
function samePhrase(a: readonly string[], b: readonly string[]): boolean {
  const ga = PHRASE_OF.get(a.join(' '));
  return ga !== undefined && ga === PHRASE_OF.get(b.join(' '));
}

function score(key: string, options: readonly ArgumentChoice[]): Scored[] {
  const rw = argumentWords(key);
  return options.map((o, i) => {
    const dw = argumentWords(o.name);
    if (samePhrase(rw, dw)) return { name: o.name, wanted: o.wanted, i, tier: 0, strength: 3 * Math.max(rw.length, dw.length), dist: NaN };
    const fit = fitWords(rw, dw);
    const extra = rw.length - fit.matchedReceived;
    const unmatched = dw.length - fit.matchedDeclared;
    // 0: the same words (`lang` and language, `picture_quality` and image_quality); 1: all the words of one
    // name among the other's (`artist` and artist_name); 2: some strong word shared; 3: nothing shared.
    const tier = !fit.strong ? 3 : extra === 0 && unmatched === 0 ? 0 : extra === 0 || unmatched === 0 ? 1 : 2;
    return { name: o.name, wanted: o.wanted, i, tier, strength: fit.strength, dist: NaN };
  });
}

/** Fills in the letter distance of each scored name to `key`, then sorts them best first. */
function ranked(key: string, list: Scored[]): Scored[] {
  const lower = key.toLowerCase();
  for (const s of list) s.dist = distance(lower, s.name.toLowerCase()) / Math.max(key.length, s.name.length, 1);
  return list.sort(byRank);
}

/** Letters apart, as a share of the longer name, within which two names with no word in common still look alike. */
const LOOKS_ALIKE = 0.5;

function byRank(a: Scored, b: Scored): number {
  if (a.tier !== b.tier) return a.tier - b.tier;
  if (a.tier === 3) {
    // No word shared: names that look alike first, then the schema's own order; distance beyond that is noise.
    const near = Number(b.dist <= LOOKS_ALIKE) - Number(a.dist <= LOOKS_ALIKE);
    if (near) return near;
    if (a.dist > LOOKS_ALIKE) return Number(b.wanted) - Number(a.wanted) || a.i - b.i;
  }
  return Number(b.wanted) - Number(a.wanted) || b.strength - a.strength || a.dist - b.dist || a.i - b.i;
}

export interface ArgumentOffer {
  /**
   * The declared names `key` is another wording of, best first: those with the same words, else those
   * whose words hold all of the other's. Among several, a required name not yet sent is the one meant
   * when it is the only one.
   */
  byWords: string[];
  /** The few names nearest to `key` in words, then in letters, required ones not yet sent first among equals. */
  nearest(max?: number): string[];
  /** Whether any name shares a word with `key` or looks like it: else nearest() is only the schema's first names. */
  anyNear(): boolean;
}

/** What to offer for the unknown name `key`, given the names the object takes that the call has not sent. */
export function offerArguments(key: string, options: readonly ArgumentChoice[]): ArgumentOffer {
  if (options.length === 0) return { byWords: [], nearest: () => [], anyNear: () => false };
  if (key.length > MAX_KEY) return { byWords: [], nearest: (max = NEAREST_LISTED) => options.slice(0, max).map((o) => o.name), anyNear: () => false };
  // Scored in words once, for both answers; letters only where a ranking needs them.
  const scored = score(key, options);
  const close = ranked(key, scored.filter((s) => s.tier <= 1));
  let byWords: string[] = [];
  if (close.length) {
    const best = close.filter((s) => s.tier === close[0].tier);
    const wanted = best.filter((s) => s.wanted);
    byWords = (wanted.length === 1 ? wanted : best).slice(0, MAX_OFFERED).map((s) => s.name);
  }
  // Ranked once, on first ask: a body that lists the nearest names asks both.
  let order: Scored[] | undefined;
  const rank = () => (order ??= ranked(key, scored));
  return {
    byWords,
    nearest: (max = NEAREST_LISTED) => rank().slice(0, max).map((s) => s.name),
    anyNear: () => rank().some((s) => s.tier < 3 || s.dist <= LOOKS_ALIKE),
  };
}



/** The kinds of value a name can be told by: what a string sent is, and what a field's format or example says it takes. */
export type ValueShape = 'email' | 'url' | 'date' | 'date-time';

/** What a value sent is, when it is one of the shapes a field's format names. */
function valueShape(v: unknown): ValueShape | undefined {
  if (typeof v !== 'string' || v.length > 2048) return undefined;
  if (/^[^@\s]+@[^@\s]+\.[A-Za-z]{2,}$/.test(v)) return 'email';
  if (/^https?:\/\/\S+$/i.test(v)) return 'url';
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return 'date';
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v)) return 'date-time';
  return undefined;
}

const FORMAT_SHAPES: Record<string, ValueShape> = { email: 'email', 'idn-email': 'email', uri: 'url', url: 'url', iri: 'url', date: 'date', 'date-time': 'date-time' };

/** What a field takes, by its format, else by its example. */
export function fieldShape(schema: { format?: unknown } | undefined, example: unknown): ValueShape | undefined {
  const format = typeof schema?.format === 'string' ? FORMAT_SHAPES[schema.format] : undefined;
  return format ?? valueShape(example);
}

/**
 * Of the names offered for a value, those whose field takes a value of its shape (an address for
 * emailAddress rather than emailMessage, a URL for Url rather than Twiml); all of them when none or
 * every one does.
 */
export function byValueShape(names: readonly string[], value: unknown, shapeOf: (name: string) => ValueShape | undefined): string[] {
  const shape = valueShape(value);
  if (shape === undefined || names.length < 2) return [...names];
  const same = names.filter((n) => shapeOf(n) === shape);
  return same.length ? same : [...names];
}

/** Whether every name offered takes a value of another known shape than the one sent (due_at, for a date). */
export function shapeRefutes(names: readonly string[], value: unknown, shapeOf: (name: string) => ValueShape | undefined): boolean {
  const shape = valueShape(value);
  return shape !== undefined && names.length > 0 && names.every((n) => {
    const s = shapeOf(n);
    return s !== undefined && s !== shape;
  });
}
