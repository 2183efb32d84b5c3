// Argument names a call gets wrong in words rather than letters: `artist` for artist_name, `lang` for
// language, `date` for day, `picture_quality` for image_quality. What explain offers after the edit-distance
// pass (suggest.ts) and the nested-path pass (shapes.ts) found nothing: the declared names whose words are
// the same words, or all of them, best first; and when even those are none, on an object with many
// fields, the few nearest names, so the body always says where to look.
import { distance } from 'fastest-levenshtein';
import { contentWords, fitWords, nameWords } from './name-words';

/** At most this many names go into did_you_mean; the nearest-few list holds as many as NEAREST_LISTED. */
const MAX_OFFERED = 3;
export const NEAREST_LISTED = 5;
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
  dist: number;
}

function score(key: string, options: readonly ArgumentChoice[]): Scored[] {
  const rw = contentWords(nameWords(key));
  return options.map((o, i) => {
    const dw = contentWords(nameWords(o.name));
    const fit = fitWords(rw, dw);
    const extra = rw.length - fit.matchedReceived;
    const unmatched = dw.length - fit.matchedDeclared;
    // 0: the same words (`lang` and language, `picture_quality` and image_quality); 1: all the words of one
    // name among the other's (`artist` and artist_name); 2: some strong word shared; 3: nothing shared.
    const tier = !fit.strong ? 3 : extra === 0 && unmatched === 0 ? 0 : extra === 0 || unmatched === 0 ? 1 : 2;
    return { ...o, i, tier, strength: fit.strength, dist: distance(key.toLowerCase(), o.name.toLowerCase()) / Math.max(key.length, o.name.length, 1) };
  });
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

/**
 * The declared names `key` is another wording of, best first: those with the same words, else those whose
 * words hold all of the other's. Among several, a required name not yet sent is the one meant when it is
 * the only one. `options` are the names the object takes that the call has not sent.
 */
export function argumentsByWords(key: string, options: readonly ArgumentChoice[]): string[] {
  if (key.length > MAX_KEY || options.length === 0) return [];
  const ranked = score(key, options).filter((s) => s.tier <= 1).sort(byRank);
  if (ranked.length === 0) return [];
  const best = ranked.filter((s) => s.tier === ranked[0].tier);
  const wanted = best.filter((s) => s.wanted);
  return (wanted.length === 1 ? wanted : best).slice(0, MAX_OFFERED).map((s) => s.name);
}

/** The few names nearest to `key` in words, then in letters, required ones not yet sent first among equals. */
export function nearestArguments(key: string, options: readonly ArgumentChoice[], max = NEAREST_LISTED): string[] {
  if (options.length === 0) return [];
  if (key.length > MAX_KEY) return options.slice(0, max).map((o) => o.name);
  return score(key, options).sort(byRank).slice(0, max).map((s) => s.name);
}
