// Names read as words, for the names a call gets wrong on tools nobody here wrote (BFCL's, an MCP
// server's, an imported API's): `artist` for artist_name, `date` for day, `lang` for language,
// `merge_pull_request` for pulls_merge. Two words are the same word when they are spelt alike (case,
// plural, a slip of one letter in a long word), when one is the other cut short (`temp`, `desc`), or
// when the small table below groups them. The table is ours: words a model reaches for in place of the
// word a schema chose. None of this absorbs anything: it ranks what a body offers.

import { distance } from './nearness';

/** Splits a declared name into words: `dateTime` / `date_time` / `DateTime` -> [date, time]. */
export function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/** Words a name is made of that say nothing on their own; they never make two names alike by themselves. */
const STOP = new Set(['a', 'an', 'the', 'of', 'for', 'to', 'by', 'in', 'on', 'at', 'and', 'or', 'with', 'is', 'be']);

/**
 * Words that mark a value as the new one or an option (`new_name`, `updated_title`, Asana's `opt_fields`):
 * the name is read without them, as a stop word is.
 */
const MODIFIERS = new Set(['new', 'updated', 'opt']);

/** An argument name's words less its modifiers (`new_name` is a name), unless nothing else is left. */
export function argumentWords(name: string): readonly string[] {
  const ws = meaningfulWords(name);
  if (!ws.some((w) => MODIFIERS.has(w))) return ws;
  const kept = ws.filter((w) => !MODIFIERS.has(w));
  return kept.length ? kept : ws;
}

/** Words that qualify another (`artist_name`, `user_id`): a match on these alone is weak. */
const WEAK = new Set(['name', 'id', 'ids', 'type', 'value', 'data', 'info', 'number', 'num', 'code', 'key', 'list', 'str', 'string', 'text', 'flag', 'field', 'item', 'items', 'param', 'params']);

// Words that stand for one another in argument and resource names. Ours, not any pack's.
const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['date', 'day'],
  // A query language's name is its query (Jira's jql, SQL); free text is what a search searches for.
  ['query', 'q', 'search', 'keyword', 'term', 'phrase', 'jql', 'sql', 'cql', 'text'],
  // What a message, a comment or a post says: its text, content or body.
  ['text', 'content', 'body', 'message', 'msg', 'comment'],
  ['message', 'msg'],
  ['location', 'place', 'loc', 'where', 'city', 'town'],
  ['address', 'addr'],
  ['number', 'num', 'no', 'nr'],
  ['count', 'total', 'quantity', 'qty'],
  ['amount', 'sum'],
  ['description', 'desc', 'summary', 'note', 'body'],
  // A one-line name of a thing: a calendar event's or an issue's summary, an email's subject.
  ['title', 'summary', 'subject', 'headline'],
  // A one-time code sent to a person to verify them (never a credential token).
  ['code', 'otp', 'pin', 'passcode'],
  ['information', 'info', 'details', 'detail'],
  ['temperature', 'temp'],
  ['average', 'avg', 'mean'],
  ['maximum', 'max', 'limit'],
  ['minimum', 'min'],
  ['identifier', 'id', 'uid'],
  ['image', 'img', 'picture', 'photo', 'pic'],
  ['directory', 'dir', 'folder'],
  ['destination', 'dest', 'to', 'target'],
  ['source', 'src', 'origin', 'from'],
  ['language', 'lang', 'locale'],
  ['url', 'link', 'uri', 'href'],
  ['start', 'begin', 'from'],
  ['end', 'finish', 'stop', 'until', 'to'],
  ['symbol', 'ticker'],
  ['category', 'genre', 'kind', 'class', 'type'],
  ['name', 'title', 'label'],
  ['email', 'mail'],
  ['phone', 'telephone', 'tel', 'mobile'],
  ['country', 'nation'],
  ['rating', 'score', 'stars'],
  ['year', 'yr'],
  ['repository', 'repo'],
  ['organization', 'org', 'organisation'],
  ['configuration', 'config', 'settings', 'setting'],
  ['parameter', 'param', 'argument', 'arg'],
  ['environment', 'env'],
  ['password', 'pwd'],
  ['document', 'doc'],
  ['reference', 'ref'],
  ['percentage', 'percent', 'pct'],
  ['price', 'cost'],
  ['timezone', 'tz'],
  ['user', 'username', 'account', 'assignee', 'member', 'owner'],
];

const GROUPS = new Map<string, number[]>();
SYNONYM_GROUPS.forEach((g, i) => g.forEach((w) => GROUPS.set(w, [...(GROUPS.get(w) ?? []), i])));

/** `Refunds` -> `refund`, `categories` -> `category`, `addresses` -> `address`: enough of English plurals for names. */
export function singular(w: string): string {
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && /(ss|sh|ch|x)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) return w.slice(0, -1);
  return w;
}

/** A name's words, in lower case and singular, split at case changes, digits kept apart, and any mark. */
export function nameWords(name: string): string[] {
  return words(name.replace(/[^A-Za-z0-9]+/g, ' ').replace(/([A-Za-z])(\d)/g, '$1 $2').replace(/(\d)([A-Za-z])/g, '$1 $2')).map(singular);
}

/** The words that carry meaning: stop words dropped, unless nothing else is left. */
export function contentWords(ws: readonly string[]): string[] {
  const kept = ws.filter((w) => !STOP.has(w));
  return kept.length ? kept : [...ws];
}

/** Per name, its content words: the same declared names are read on every faulty call. Read only. */
const CONTENT = new Map<string, readonly string[]>();
const CONTENT_KEPT = 50_000;

/** contentWords(nameWords(name)), kept per name (a shared array: never write to it). */
export function meaningfulWords(name: string): readonly string[] {
  let ws = CONTENT.get(name);
  if (ws === undefined) {
    if (CONTENT.size > CONTENT_KEPT) CONTENT.clear();
    ws = contentWords(nameWords(name));
    CONTENT.set(name, ws);
  }
  return ws;
}

/** A word that says nothing on its own: a qualifier (name, id, type…) or a number (`Weather_1_GetWeather`). */
export function isWeak(w: string): boolean {
  return WEAK.has(w) || /^\d+$/.test(w);
}

/** The set of letters of a lower-case word, one bit each; -1 when it holds anything but a to z. */
function letterMask(w: string): number {
  let m = 0;
  for (let i = 0; i < w.length; i++) {
    const c = w.charCodeAt(i) - 97;
    if (c < 0 || c > 25) return -1;
    m |= 1 << c;
  }
  return m;
}

/** How alike two words are: 3 the same, 2 a synonym or a short form, 1 a slip of spelling, 0 not alike. */
export function wordMatch(a: string, b: string): number {
  if (a === b) return 3;
  const ga = GROUPS.get(a);
  const gb = ga && GROUPS.get(b);
  if (ga && gb && ga.some((g) => gb.includes(g))) return 2;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length < 3) return 0;
  // A word cut to half its length or less: `temp` of temperature, `desc` of description (three letters at
  // least). Not `event` of `eventuery`: a longer word that only starts alike is a slip, not a short form.
  if (short.length * 2 <= long.length) return long.startsWith(short) && letterMask(short) !== -1 ? 2 : 0;
  // A slip in a long word: one edit from five letters, two from eight. `merged` for merge, `reservtion`.
  if (short.length >= 5) {
    const limit = short.length >= 8 ? 2 : 1;
    if (long.length - short.length <= limit && osaWithin(a, b, limit)) return 1;
  }
  return 0;
}

function osaWithin(a: string, b: string, limit: number): boolean {
  // Letters only. Each edit changes at most two letters' presence: words whose letters differ more are
  // not compared.
  const ma = letterMask(a);
  const mb = letterMask(b);
  if (ma === -1 || mb === -1) return false;
  let diff = ma ^ mb;
  let bits = 0;
  for (; diff; bits++) diff &= diff - 1;
  return bits <= 2 * limit && distance(a, b, limit) <= limit;
}

export interface WordsFit {
  /** Words of the received name that match a word of the declared one. */
  matchedReceived: number;
  /** Words of the declared name matched by a word of the received one. */
  matchedDeclared: number;
  /** Whether a match other than on a weak word (name, id, type…) was found, or every word on both sides matched. */
  strong: boolean;
  /** The sum of the best match strength of each received word: spelt the same counts most. */
  strength: number;
}

/** How the words of a received name meet those of a declared one. */
export function fitWords(received: readonly string[], declared: readonly string[]): WordsFit {
  let matchedReceived = 0;
  let strength = 0;
  let strong = false;
  // A bit per declared word met by some received word (names have far fewer than 32 words that count).
  let met = 0;
  for (const r of received) {
    let best = 0;
    let at = -1;
    for (let j = 0; j < declared.length; j++) {
      const m = wordMatch(r, declared[j]);
      if (m > 0 && j < 31) met |= 1 << j;
      if (m > best) {
        best = m;
        at = j;
      }
    }
    if (best > 0) {
      matchedReceived++;
      strength += best;
      if (!isWeak(r) || !isWeak(declared[at])) strong = true;
    }
  }
  let matchedDeclared = 0;
  for (let j = 0; j < declared.length && j < 31; j++) if (met & (1 << j)) matchedDeclared++;
  // Two names of weak words only that are the same words (`num` and number) are as alike as any.
  if (!strong && matchedReceived > 0 && matchedReceived === received.length && matchedDeclared === declared.length) strong = true;
  return { matchedReceived, matchedDeclared, strong, strength };
}
