// did_you_mean: the alias table first, then a normalised exact match, then edit distance. Only ever
// offers values from the permitted set (or declared names), best first, at most three.
import { distance, normalise } from '../shared/nearness';
import type { Json } from '../types';

const MAX_SUGGESTIONS = 3;
// Longer inputs cannot be near a short permitted value; skip the distance pass rather than pay for it.
const MAX_COMPARED_LENGTH = 64;

function allowedDistance(length: number): number {
  return Math.floor(length / 3);
}

/** Closest strings by edit distance over normalised forms. */
export function closest(received: string, candidates: readonly string[]): string[] {
  const r = normalise(received);
  if (r.length === 0 || r.length > MAX_COMPARED_LENGTH) return [];
  const exact = candidates.filter((c) => normalise(c) === r);
  if (exact.length > 0) return exact.slice(0, MAX_SUGGESTIONS);
  const limit = allowedDistance(r.length);
  if (limit === 0) return [];
  const scored: { c: string; d: number; i: number }[] = [];
  candidates.forEach((c, i) => {
    const n = normalise(c);
    if (Math.abs(n.length - r.length) > limit) return;
    const d = distance(r, n, limit);
    if (d <= limit) scored.push({ c, d, i });
  });
  scored.sort((a, b) => a.d - b.d || a.i - b.i);
  return scored.slice(0, MAX_SUGGESTIONS).map((s) => s.c);
}

/** Suggestions for a value outside an enum. `aliases` keys are lower-case. */
export function suggestValues(received: Json, permitted: readonly Json[], aliases: Record<string, string>): Json[] {
  // A string far longer than any permitted value is no near miss of one, and reading it for one (trimmed,
  // folded, split into words) cost ~40 ms a megabyte.
  if (typeof received === 'string' && received.length > MAX_SUGGESTED_FROM) return [];
  if (typeof received === 'string') {
    const alias = aliases[received.trim().toLowerCase()];
    if (alias !== undefined && Object.prototype.hasOwnProperty.call(aliases, received.trim().toLowerCase())) {
      const hit = permitted.find((p) => p === alias);
      if (hit !== undefined) return [hit];
    }
    const strings = permitted.filter((p): p is string => typeof p === 'string');
    // "not premium" is a letter or three from premium, and means the other thing: a negation the
    // permitted value does not hold keeps it from being offered.
    const negations = received.length <= MAX_COMPARED_LENGTH ? wordsOf(received).filter((w) => NEGATIONS.has(w)) : [];
    const near = negations.length ? closest(received, strings).filter((c) => negations.every((w) => wordsOf(c).includes(w))) : closest(received, strings);
    if (near.length) return near;
    const short = abbreviated(received, strings);
    if (short !== undefined) return [short];
    const named = namedByWord(received, aliases, permitted);
    if (named !== undefined) return [named];
    const within = containedAsWords(received, strings);
    if (within !== undefined) return [within];
    const asNumber = numberFromString(received);
    if (asNumber !== undefined && permitted.includes(asNumber)) return [asNumber];
    return [];
  }
  if (typeof received === 'number' && permitted.includes(String(received))) return [String(received)];
  if (typeof received === 'boolean' && permitted.includes(String(received))) return [String(received)];
  if (typeof received === 'boolean') {
    const answer = yesOrNo(received, permitted);
    if (answer !== undefined) return [answer];
  }
  return [];
}

/** The words a yes/no set writes for true and for false: `yes`/`no`, `on`/`off`, `enabled`/`disabled`. */
const YES = /^(?:yes|y|on|enabled?)$/i;
const NO = /^(?:no|n|off|disabled?)$/i;

/** `true` where the set is yes or no: the one permitted value that says yes (or, for false, no). */
function yesOrNo(received: boolean, permitted: readonly Json[]): string | undefined {
  const strings = permitted.filter((p): p is string => typeof p === 'string');
  if (!strings.some((p) => YES.test(p)) || !strings.some((p) => NO.test(p))) return undefined;
  const hits = strings.filter((p) => (received ? YES : NO).test(p));
  return hits.length === 1 ? hits[0] : undefined;
}

/** A value's words, in lower case: `Premium-Plan` -> premium, plan. */
const wordsOf = (s: string): string[] => s.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);

const NEGATIONS = new Set(['not', 'no', 'non', 'never', 'without', 'except', 'nor', 'neither']);

/**
 * `premium plan` for premium: the one permitted value whose words stand, whole and in order, among the
 * words of the value sent. Two permitted values so named (`pro` and `premium` in "pro or premium") name neither.
 */
function containedAsWords(received: string, permitted: readonly string[]): string | undefined {
  const ws = wordsOf(received);
  // "not premium" names premium to say the other thing.
  if (ws.length < 2 || ws.length > 12 || ws.some((w) => NEGATIONS.has(w))) return undefined;
  const text = ` ${ws.join(' ')} `;
  const hits = permitted.filter((p) => {
    const pw = wordsOf(p);
    return pw.length > 0 && pw.length < ws.length && pw.join('').length >= 2 && text.includes(` ${pw.join(' ')} `);
  });
  return hits.length === 1 ? hits[0] : undefined;
}

/** Past this many characters a value is not read for a permitted value it might mean. */
const MAX_SUGGESTED_FROM = 1024;

/** Shorter abbreviations (`a`, `de`) are too loose to stand for one value. */
const MIN_ABBREVIATION = 3;

/** `asc` for ascending, `desc` for descending: the one permitted value the received text begins. */
function abbreviated(received: string, permitted: readonly string[]): string | undefined {
  const r = normalise(received);
  if (r.length < MIN_ABBREVIATION || r.length > MAX_COMPARED_LENGTH) return undefined;
  const starting = permitted.filter((p) => normalise(p).length > r.length && normalise(p).startsWith(r));
  return starting.length === 1 ? starting[0] : undefined;
}

/**
 * `text` for GUILD_TEXT: a value named by one word of exactly one declared name (an alias key, such as the
 * vendor's names of a number enum). A word two names share (`voice` in GUILD_VOICE, GUILD_STAGE_VOICE) names neither.
 */
function namedByWord(received: string, aliases: Record<string, string>, permitted: readonly Json[]): Json | undefined {
  const r = received.trim().toLowerCase();
  if (r.length < MIN_ABBREVIATION || !/^[a-z0-9]+$/.test(r)) return undefined;
  const targets = new Set<Json>();
  for (const key of Object.keys(aliases)) if (key.split(/[_\s-]+/).includes(r)) targets.add(aliases[key]);
  if (targets.size !== 1) return undefined;
  const [target] = targets;
  return permitted.find((p) => p === target);
}

/**
 * A string that is exactly a JSON number ("1500", "-2.5"), as that number; else undefined. Only a number the
 * string names exactly: past 15 significant digits a double may be another number ("9007199254740993" reads
 * as …992), and an id offered so would name another record.
 */
export function numberFromString(s: string): number | undefined {
  const t = s.trim();
  if (!/^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(t)) return undefined;
  const n = Number(t);
  if (!Number.isFinite(n)) return undefined;
  const significant = t.replace(/^-/, '').replace(/[eE].*$/, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  if (significant.length > 15 && !(/^-?\d+$/.test(t) && Number.isSafeInteger(n))) return undefined;
  return n;
}

/** Suggestions for a name (an argument or a tool) that is not declared. */
export function suggestNames(received: string, declared: readonly string[]): string[] {
  return closest(received, declared);
}
