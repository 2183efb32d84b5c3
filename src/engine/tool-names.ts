// Tool names a call gets wrong. A name that differs from a declared one only in case, separators, word
// order or a plural (`updateTicket`, `events.insert`, `refunds.create`, `Math-Factorial`) has one
// reading, so it is absorbed and reported like a field name; so is a declared name behind a namespace
// (`functions.math_factorial`, `default_api.get_weather`, MCP's `github__pulls_merge`) when nothing else
// could be meant. Any other near name is only offered, ranked by its verb and what it acts on, and never
// across verbs: a model that asked to update must not be handed a tool that creates or deletes.
import { boundedDistance, contentWords, fitWords, meaningfulWords, nameWords, wordMatch } from './name-words';
import { distance } from 'fastest-levenshtein';
import { editDistance, normalise } from './suggest';

// Verbs that mean the same operation. A verb outside every group is its own group.
const VERB_GROUPS: readonly (readonly string[])[] = [
  ['create', 'insert', 'add', 'new', 'make', 'post', 'register'],
  ['get', 'retrieve', 'fetch', 'read', 'show', 'describe', 'view', 'lookup'],
  ['update', 'patch', 'modify', 'edit', 'change', 'set', 'put'],
  ['delete', 'remove', 'destroy', 'del', 'trash', 'erase'],
  ['list', 'all', 'index'],
  ['search', 'find', 'query'],
  ['move', 'transfer'],
  ['assign'],
  ['cancel'],
  ['close'],
  ['send'],
  ['merge'],
  ['calculate', 'compute', 'calc'],
  ['check', 'verify', 'validate'],
  ['convert'],
  ['reserve'],
  ['download'],
  ['upload'],
  ['submit'],
  ['dismiss'],
  ['approve'],
  ['archive'],
  ['restore'],
  ['start'],
  ['stop'],
  ['enable'],
  ['disable'],
];

const GROUP_OF = new Map<string, number>();
VERB_GROUPS.forEach((g, i) => g.forEach((v) => GROUP_OF.set(v, i)));

/** Leading words that name where a tool lives, not the tool: `functions.` of OpenAI's transcripts, `default_api.` of Gemini's. */
const NAMESPACE_WORDS = new Set(['function', 'functions', 'default', 'api', 'tool', 'tools', 'mcp']);

/** Where a namespace ends: `.`, `/`, `:` or MCP's `__`. */
const NAMESPACE_SEPARATOR = /__|[./:]/g;

/** At most this many names are offered. */
const MAX_CANDIDATES = 5;

/** Longer names are no tool name a model meant; they are not read as words. */
const MAX_NAME = 200;
/** Names longer than this are not compared letter by letter (as suggest.ts's closest()). */
const MAX_COMPARED = 64;

interface NameInfo {
  name: string;
  norm: string;
  /** Words sorted: the same words in any order read alike. */
  key: string;
  words: string[];
  verb: number | null;
  objects: string[];
}

/** The group of the first word that is a verb, or a slip of one of five letters or more (`updte`); null when none is. */
function verbGroup(ws: readonly string[]): number | null {
  for (const w of ws) {
    const g = GROUP_OF.get(w) ?? slipOfVerb(w);
    if (g !== undefined) return g;
  }
  return null;
}

/** Per word: the verb group it is a slip of, or null. Names repeat their words, so each is looked up once. */
const SLIPS = new Map<string, number | null>();

function slipOfVerb(w: string): number | undefined {
  if (w.length < 5) return undefined;
  let g = SLIPS.get(w);
  if (g === undefined) {
    g = null;
    for (const [v, group] of GROUP_OF) {
      if (v.length >= 5 && Math.abs(v.length - w.length) <= 1 && editDistance(w, v, 1) <= 1) {
        g = group;
        break;
      }
    }
    if (SLIPS.size > NAMES_KEPT) SLIPS.clear();
    SLIPS.set(w, g);
  }
  return g ?? undefined;
}

function info(name: string): NameInfo {
  const ws = contentWords(nameWords(name));
  const verb = verbGroup(ws);
  let objects = ws;
  if (verb !== null) {
    // The verb is the first word of its group; the rest is what the tool acts on.
    const at = ws.findIndex((w) => (GROUP_OF.get(w) ?? slipOfVerb(w)) === verb);
    objects = ws.filter((_, i) => i !== at);
  }
  return { name, norm: normalise(name).replace(/[^a-z0-9]/g, ''), key: [...ws].sort().join(' '), words: ws, verb, objects };
}

/** Per list of declared names: what each one reads as (check.ts hands the same list for a pack every time). */
const INFOS = new WeakMap<readonly string[], NameInfo[]>();
/** Per name, for callers that make a new list on every call; emptied when it grows past NAMES_KEPT. */
const BY_NAME = new Map<string, NameInfo>();
const NAMES_KEPT = 50_000;

function infosOf(declared: readonly string[]): NameInfo[] {
  let infos = INFOS.get(declared);
  if (infos) return infos;
  if (BY_NAME.size > NAMES_KEPT) BY_NAME.clear();
  infos = declared.map((name) => {
    let i = BY_NAME.get(name);
    if (!i) BY_NAME.set(name, (i = info(name)));
    return i;
  });
  INFOS.set(declared, infos);
  return infos;
}

export type ToolNameMatch = { kind: 'variant'; to: string } | { kind: 'near'; candidates: string[] };

/** The one declared name `received` is a spelling of (case, separators, word order, plural); or those it could be. */
function variantsOf(received: string, infos: readonly NameInfo[]): NameInfo[] {
  const r = info(received);
  if (r.words.length === 0) return [];
  const sameLetters = infos.filter((d) => d.norm === r.norm);
  if (sameLetters.length) return sameLetters;
  return infos.filter((d) => d.key === r.key);
}

/**
 * The namespaces that can be taken off the front of `received`, shortest first, each with what is left:
 * `mcp__github__pulls_merge` -> [github__pulls_merge, pulls_merge].
 */
function namespaced(received: string): { prefix: string; rest: string }[] {
  const out: { prefix: string; rest: string }[] = [];
  for (const m of received.matchAll(NAMESPACE_SEPARATOR)) {
    const end = m.index! + m[0].length;
    if (m.index! > 0 && end < received.length) out.push({ prefix: received.slice(0, m.index!), rest: received.slice(end) });
  }
  // `functions_get_weather`: a namespace word joined by an underscore, the way some transcripts flatten it.
  const flat = /^(functions?|default_api|tools?|mcp)_(?!_)(.+)$/i.exec(received);
  if (flat) out.push({ prefix: flat[1], rest: flat[2] });
  return out;
}

/**
 * Whether a namespace could be meant as part of the name: some declared tool other than `found` has a word
 * of it (no namespace word) beside every word of the rest (`calendar.delete`, in a pack with
 * calendar_delete_event). An MCP server's name in front of its own tool (`github__pulls_merge`) is not.
 */
function prefixMeans(prefix: string, rest: string, found: string, infos: readonly NameInfo[]): boolean {
  const ws = nameWords(prefix).filter((w) => !NAMESPACE_WORDS.has(w));
  if (ws.length === 0) return false;
  const restWords = meaningfulWords(rest);
  return infos.some((d) => d.name !== found && ws.some((w) => d.words.includes(w)) && restWords.every((w) => d.words.includes(w)));
}

/** How a name that is not a declared tool relates to the declared ones. */
export function matchToolName(received: string, declared: readonly string[]): ToolNameMatch {
  if (received.length > MAX_NAME) return { kind: 'near', candidates: [] };
  const infos = infosOf(declared);
  const variants = variantsOf(received, infos);
  if (variants.length === 1) return { kind: 'variant', to: variants[0].name };
  if (variants.length > 1) return { kind: 'near', candidates: variants.slice(0, MAX_CANDIDATES).map((v) => v.name) };
  // Behind a namespace: what is left must be one declared name (or its one spelling), and the namespace
  // must not be a word of the pack's own names.
  let core = received;
  for (const { prefix, rest } of namespaced(received)) {
    const found = declared.includes(rest) ? [infos[declared.indexOf(rest)]] : variantsOf(rest, infos);
    if (found.length === 1 && prefixMeans(prefix, rest, found[0].name, infos)) return { kind: 'near', candidates: nearTools(received, infos) };
    if (found.length === 1) return { kind: 'variant', to: found[0].name };
    if (found.length > 1) return { kind: 'near', candidates: found.slice(0, MAX_CANDIDATES).map((v) => v.name) };
    if (core === received) core = rest;
  }
  return { kind: 'near', candidates: nearTools(core, infos) };
}

/**
 * Declared tools near `received`, best first, at most five: the name it is a slip of a letter or two of;
 * else those with the same verb that act on the same thing, and when there are any, nothing else; else a
 * name a few letters away (with no other verb); else, with no verb to go by, a tool on the same thing;
 * else the same verb on a thing that shares a word.
 */
function nearTools(received: string, infos: readonly NameInfo[]): string[] {
  const r = info(received);
  if (r.words.length === 0) return [];
  // A slip of a letter or two in the whole name (`update_reservtion_flights`): the name it was meant to be.
  const slip = r.norm.length >= 10 ? 2 : 1;
  const slips: { d: NameInfo; dist: number }[] = [];
  for (const d of infos) {
    if (Math.abs(d.norm.length - r.norm.length) > slip || (r.verb !== null && d.verb !== null && r.verb !== d.verb)) continue;
    const dist = boundedDistance(r.norm, d.norm, slip);
    if (dist <= slip) slips.push({ d, dist });
  }
  if (slips.length) {
    const best = Math.min(...slips.map((s) => s.dist));
    return slips.filter((s) => s.dist === best).slice(0, MAX_CANDIDATES).map((s) => s.d.name);
  }
  // Unmatched words of the declared name count first: they name a narrower thing (pull-request-stacks_list
  // for list_pull_requests), where a word the caller added is most often its own wording.
  type Scored = { d: NameInfo; i: number; unmatched: number; extra: number; strength: number; dist: number };
  const same: Scored[] = [];
  const loose: Scored[] = [];
  const partial: Scored[] = [];
  infos.forEach((d, i) => {
    // Another verb is another operation: never offered.
    if (r.verb !== null && d.verb !== null && r.verb !== d.verb) return;
    const fit = fitWords(r.objects, d.objects);
    const unmatched = d.objects.length - fit.matchedDeclared;
    const extra = r.objects.length - fit.matchedReceived;
    const bothEmpty = r.objects.length === 0 && d.objects.length === 0;
    // The same thing: every word of one side is met on the other (`pull request` and `pulls`).
    const sameThing = bothEmpty || (fit.strong && (extra === 0 || unmatched === 0));
    const scored = { d, i, unmatched, extra, strength: fit.strength, dist: 0 };
    if (sameThing && r.verb === d.verb) same.push(scored);
    // With a verb on one side only, the other must be all thing: issues_lock is no answer to close_issue.
    else if (sameThing && (r.verb === null ? extra === 0 : unmatched === 0)) loose.push(scored);
    else if (fit.strong && r.verb === d.verb) partial.push(scored);
  });
  const rank = (list: Scored[]) => {
    for (const s of list) s.dist = distance(r.norm, s.d.norm);
    return list.sort((a, b) => a.unmatched - b.unmatched || a.extra - b.extra || b.strength - a.strength || a.dist - b.dist || a.i - b.i);
  };
  if (same.length) return tighten(rank(same)).map((s) => s.d.name);
  // A slip of spelling in a name whose words do not read as any declared name's, with no other verb: the
  // nearest spellings only.
  const limit = Math.floor(r.norm.length / 3);
  const byLetters: { d: NameInfo; dist: number }[] = [];
  if (r.norm.length <= MAX_COMPARED) {
    for (const d of infos) {
      if (Math.abs(d.norm.length - r.norm.length) > limit || (r.verb !== null && d.verb !== null && d.verb !== r.verb)) continue;
      const dist = boundedDistance(r.norm, d.norm, limit);
      if (dist <= limit) byLetters.push({ d, dist });
    }
  }
  if (byLetters.length) {
    const best = Math.min(...byLetters.map((b) => b.dist));
    return byLetters.filter((b) => b.dist === best).slice(0, MAX_CANDIDATES).map((b) => b.d.name);
  }
  if (loose.length) return tighten(rank(loose)).map((s) => s.d.name);
  return tighten(rank(partial)).map((s) => s.d.name);
}

/** The candidates that are as good as the best: none that leaves more words unmatched than it does. */
function tighten<T extends { unmatched: number; extra: number }>(ranked: T[]): T[] {
  if (ranked.length === 0) return ranked;
  return ranked.filter((s) => s.unmatched === ranked[0].unmatched && s.extra === ranked[0].extra).slice(0, MAX_CANDIDATES);
}

/** The tools worth naming when none is near: those that act on the same thing, else all of them. */
export function toolsToList(received: string, declared: readonly string[], max = 12): string[] {
  if (declared.length <= max) return [...declared];
  const object = info(received).objects;
  return infosOf(declared)
    .filter((d) => d.objects.some((w) => object.some((o) => wordMatch(o, w) >= 2)))
    .slice(0, max)
    .map((d) => d.name);
}
