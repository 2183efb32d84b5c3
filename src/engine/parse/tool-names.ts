// Tool names a call gets wrong. A name that differs from a declared one only in case, separators, word
// order or a plural (`updateTicket`, `events.insert`, `refunds.create`, `Math-Factorial`) has one
// reading, so it is absorbed and reported like a field name; so is a declared name behind a namespace
// (`functions.math_factorial`, `default_api.get_weather`, MCP's `github__pulls_merge`) when nothing else
// could be meant. Any other near name is only offered, ranked by its verb and what it acts on, and never
// across verbs: a model that asked to update must not be handed a tool that creates or deletes.
import { contentWords, fitWords, meaningfulWords, nameWords, wordMatch } from '../shared/name-words';
import { distance, normalise } from '../shared/nearness';

// Verbs that mean the same operation. A verb outside every group is its own group.
const VERB_GROUPS: readonly (readonly string[])[] = [
  ['create', 'insert', 'add', 'new', 'make', 'post', 'register'],
  ['append'],
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
  ['ban', 'kick'],
  ['unban'],
  ['invite'],
  ['join'],
  ['leave'],
  ['follow'],
  ['unfollow'],
  ['pin'],
  ['unpin'],
  ['lock'],
  ['unlock'],
  ['publish'],
  ['share'],
  ['copy', 'duplicate', 'clone'],
  ['export'],
  ['import'],
];

const group = (verb: string): number => VERB_GROUPS.findIndex((g) => g.includes(verb));

/**
 * Verb groups near enough to be offered when no tool has the caller's own verb: a message sent is one
 * created (chat_postMessage, create_message), a search or a get of many is a list, and an append is
 * a create or an update (Notion appends children with a PATCH). Never update and create: a model that
 * asked to update must not be handed a tool that creates.
 */
const KIN: readonly (readonly [string, string])[] = [
  ['send', 'create'],
  ['search', 'list'],
  ['get', 'list'],
  ['search', 'get'],
  ['append', 'create'],
  ['append', 'update'],
];
const KIN_OF = new Set(KIN.flatMap(([a, b]) => [`${group(a)} ${group(b)}`, `${group(b)} ${group(a)}`]));

/** Whether two verb groups are kin (see KIN). */
function kin(a: number | null, b: number | null): boolean {
  return a !== null && b !== null && KIN_OF.has(`${a} ${b}`);
}

/** Words that name an HTTP method: as a name's verb (Notion's post-search) they give way to any other verb in the name. */
const METHOD_WORDS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Words that say only that something is done (jira's doTransition): the word after them is the verb. */
const EMPTY_VERBS = new Set(['do', 'perform']);

// The same thing under another word, in tool names: an email or a text is a message.
const RESOURCE_GROUPS: readonly (readonly string[])[] = [
  ['message', 'email', 'mail', 'sms', 'text', 'mms'],
  ['user', 'member', 'account', 'people', 'person'],
  ['comment', 'reply'],
  ['file', 'document', 'doc'],
  ['folder', 'directory'],
];
const RESOURCE_OF = new Map<string, number[]>();
RESOURCE_GROUPS.forEach((g, i) => g.forEach((w) => RESOURCE_OF.set(w, [...(RESOURCE_OF.get(w) ?? []), i])));

/** Two object words that name the same thing in a tool name: 2 as a synonym does, else 0. */
function sameResource(a: string, b: string): number {
  const ga = RESOURCE_OF.get(a);
  const gb = ga && RESOURCE_OF.get(b);
  return ga && gb && ga.some((g) => gb.includes(g)) ? 2 : 0;
}

const GROUP_OF = new Map<string, number>();
VERB_GROUPS.forEach((g, i) => g.forEach((v) => GROUP_OF.set(v, i)));

/** Leading words that name where a tool lives, not the tool: `functions.` of OpenAI's transcripts, `default_api.` of Gemini's. */
const NAMESPACE_WORDS = new Set(['function', 'functions', 'default', 'api', 'tool', 'tools', 'mcp', 'sdk', 'client', 'js', 'rest']);

/** Where a namespace ends: `.`, `/`, `:` or MCP's `__`. */
const NAMESPACE_SEPARATOR = /__|[./:]/g;

/** At most this many names are offered. */
const MAX_CANDIDATES = 3;

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
  /** The noun the name is about: the last of its object words. */
  head?: string;
  /** A reading made from the tool's operation (`POST /v1/pages`), not from its name. */
  fromOperation?: boolean;
}


/**
 * The verb of a name and where it is: the first word that is a verb (or a slip of one), except that an
 * HTTP method word gives way to a later verb (post-search searches), and `do`/`perform` hand it to the
 * word after them (doTransition transitions).
 */
function verbAt(ws: readonly string[]): { at: number; group: number | null } | null {
  let found: { at: number; group: number } | null = null;
  for (let i = 0; i < ws.length; i++) {
    const w = ws[i];
    if (EMPTY_VERBS.has(w) && i + 1 < ws.length && i === 0) return { at: i, group: GROUP_OF.get(ws[i + 1]) ?? null };
    const g = GROUP_OF.get(w) ?? slipOfVerb(w);
    if (g === undefined) continue;
    if (found === null) {
      found = { at: i, group: g };
      if (!METHOD_WORDS.has(w)) return found;
    } else if (!METHOD_WORDS.has(w)) return { at: i, group: g };
  }
  return found;
}

/** Per word: the verb group it is a slip of, or null. Names repeat their words, so each is looked up once. */
const SLIPS = new Map<string, number | null>();

function slipOfVerb(w: string): number | undefined {
  if (w.length < 5) return undefined;
  let g = SLIPS.get(w);
  if (g === undefined) {
    g = null;
    for (const [v, group] of GROUP_OF) {
      if (v.length >= 5 && Math.abs(v.length - w.length) <= 1 && distance(w, v, 1) <= 1) {
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
  const found = verbAt(ws);
  let verb = found?.group ?? null;
  // The verb's word is left out; the rest is what the tool acts on (`do` goes with the verb after it).
  const objects = found ? ws.filter((_, i) => i !== found.at && !(EMPTY_VERBS.has(ws[found.at]) && i === found.at + 1)) : ws;
  // `get_messages`, `fetch_channel_members`: a get of many things is a list.
  if (verb === GET && found && isPlural(name, objects) && !PLURAL_FORMS.has(objects[objects.length - 1])) verb = LIST;
  return { name, norm: normalise(name).replace(/[^a-z0-9]/g, ''), key: `${[...ws].sort().join(' ')}${verb === null ? '' : ` ${verb}`}`, words: ws, verb, objects, head: headOf(name, found === null ? undefined : ws[found.at]) };
}

const GET = group('get');
/** Nouns plural in form, one thing in sense: a get of a file's contents gets one thing. */
const PLURAL_FORMS = new Set(['content', 'detail', 'setting', 'stat', 'statu', 'metric', 'analytic', 'permission', 'preference', 'credential', 'news', 'info']);
const LIST = group('list');

/** Whether the last object word of a name was written plural (`messages`, not `message`). */
function isPlural(name: string, objects: readonly string[]): boolean {
  if (objects.length === 0) return false;
  const raw = name.replace(/[^A-Za-z0-9]+/g, ' ').replace(/([a-z0-9])([A-Z])/g, '$1 $2').trim().split(/\s+/).map((w) => w.toLowerCase());
  const last = raw[raw.length - 1];
  return last !== undefined && last !== objects[objects.length - 1] && last.endsWith('s');
}

/** The head noun of a name: its last object word before any preposition (add_comment_to_task is about a comment). */
function headOf(name: string, verb: string | undefined): string | undefined {
  const ws = nameWords(name).filter((w) => w !== verb && !NAMESPACE_WORDS.has(w));
  const prep = ws.findIndex((w, i) => i > 0 && PREPOSITIONS.has(w));
  const kept = (prep === -1 ? ws : ws.slice(0, prep)).filter((w) => !PREPOSITIONS.has(w));
  return kept.length ? kept[kept.length - 1] : undefined;
}

const PREPOSITIONS = new Set(['to', 'for', 'in', 'on', 'of', 'from', 'by', 'with', 'into', 'at', 'a', 'an', 'the']);

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
  const restWords = meaningfulWords(rest);
  // A prefix that only repeats the rest's own words (`issues.createIssue`) adds nothing to choose by.
  const ws = nameWords(prefix).filter((w) => !NAMESPACE_WORDS.has(w) && !restWords.includes(w));
  if (ws.length === 0) return false;
  return infos.some((d) => d.name !== found && ws.some((w) => d.words.includes(w)) && restWords.every((w) => d.words.includes(w)));
}

/** What the engine knows beside the names, each optional: the more it has, the better the ranking. */
export interface ToolNameContext {
  /** A declared tool's operation: `POST /v1/pages` reads as pages.create whatever the tool is named. */
  operationOf?(name: string): string | undefined;
  /** Words of the pack's own name (`notion` of notion-v1): a caller puts them in front of a tool's name. */
  packWords?: readonly string[];
  /**
   * How the call's own arguments fit a declared tool: 2 when it takes them as sent, 1 when it declares
   * every argument sent, 0 otherwise. The tool a call's arguments fit is the likeliest one meant.
   */
  argumentFit?(name: string): number;
}

/** How a name that is not a declared tool relates to the declared ones. */
export function matchToolName(received: string, declared: readonly string[], context: ToolNameContext = {}): ToolNameMatch {
  if (received.length > MAX_NAME) return { kind: 'near', candidates: [] };
  const infos = infosOf(declared);
  const variants = variantsOf(received, infos);
  if (variants.length === 1) {
    // Its words in another order (`list_issues` for issues_list) are one tool, unless the arguments sent
    // say otherwise: when that tool declares none of them and tools of near names do, the choice is the
    // caller's (issues_list-for-repo takes the owner and repo that issues_list does not).
    const reordered = variants[0].norm !== info(received).norm;
    if (reordered && context.argumentFit && context.argumentFit(variants[0].name) === 0) {
      const others = [...nearTools(received, infos, context), ...fitting(received, infos, context)].filter((n) => n !== variants[0].name && context.argumentFit!(n) > 0);
      // Both are listed: the name read in another order, and the tool the arguments fit, first.
      if (others.length) return { kind: 'near', candidates: [...new Set([...byArguments(others, context).slice(0, MAX_CANDIDATES - 1), variants[0].name])] };
    }
    return { kind: 'variant', to: variants[0].name };
  }
  if (variants.length > 1) return { kind: 'near', candidates: byArguments(tie(variants.map((v) => v.name)), context) };
  // Behind a namespace: what is left must be one declared name (or its one spelling), and the namespace
  // must not be a word of the pack's own names.
  let core = received;
  for (const { prefix, rest } of namespaced(received)) {
    const found = declared.includes(rest) ? [infos[declared.indexOf(rest)]] : variantsOf(rest, infos);
    if (found.length === 1 && prefixMeans(prefix, rest, found[0].name, infos)) return { kind: 'near', candidates: byArguments(nearTools(received, infos, context), context) };
    if (found.length === 1) return { kind: 'variant', to: found[0].name };
    if (found.length > 1) return { kind: 'near', candidates: byArguments(tie(found.map((v) => v.name)), context) };
    if (core === received) core = rest;
  }
  // The whole name first: an SDK's `pages.create` names its resource in front; then what the namespace leaves.
  let near = nearTools(received, infos, context);
  if (near.length === 0 && core !== received) near = nearTools(core, infos, context);
  // Names that take none of the arguments sent give way to tools that take the call as sent.
  if (near.length === 0 || (context.argumentFit && near.every((n) => context.argumentFit!(n) === 0))) {
    const fit = fitting(received, infos, context);
    if (fit.length) near = fit;
  }
  return { kind: 'near', candidates: byArguments(near, context) };
}

/**
 * Lists of names that are equally near the name sent (spellings as near as each other, a letter or two
 * off, or the same words): the arguments order them and drop none.
 */
const TIES = new WeakSet<readonly string[]>();
const tie = (names: string[]): string[] => {
  if (names.length > 1) TIES.add(names);
  return names;
};

/**
 * Candidates reordered by how the call's arguments fit them: those that take the call as sent first, then
 * those that declare every argument sent. Where some take the call as sent, the others go, unless the
 * names are equally near (TIES): then the arguments order the choice and do not make it. At most three.
 */
function byArguments(names: readonly string[], context: ToolNameContext): string[] {
  const unique = [...new Set(names)];
  if (!context.argumentFit || unique.length < 2) return unique.slice(0, MAX_CANDIDATES);
  const fit = new Map(unique.map((n) => [n, context.argumentFit!(n)]));
  const best = Math.max(...fit.values());
  const kept = best === 2 && !TIES.has(names) ? unique.filter((n) => fit.get(n) === 2) : unique;
  return kept.sort((a, b) => fit.get(b)! - fit.get(a)!).slice(0, MAX_CANDIDATES);
}

/**
 * Whether `declared` leaves out a word of the caller's name (`search_tickets` for search_open_tickets):
 * it may not be the same action, so it is not offered alone. Namespaces and the pack's own words aside.
 */
export function dropsCallersWord(received: string, declared: string): boolean {
  const r = info(received);
  const d = info(declared);
  const verbWord = r.verb !== null ? r.words.find((w) => group(w) === r.verb) : undefined;
  return r.words.some((w) => {
    if (NAMESPACE_WORDS.has(w) || PREPOSITIONS.has(w)) return false;
    // The caller's verb is kept by the same verb or a kin one (send for post).
    if (w === verbWord && d.verb !== null && (d.verb === r.verb || kin(r.verb, d.verb))) return false;
    return !d.words.some((x) => wordMatch(w, x) > 0 || sameResource(w, x) > 0);
  });
}

/**
 * With no name near: the tools that take the call's arguments as sent and whose verb does not
 * contradict the one asked for (`add_comment` with {task_gid, data: {text}}: the one tool that takes
 * those). Several are offered only when few enough to choose among.
 */
function fitting(received: string, infos: readonly NameInfo[], context: ToolNameContext): string[] {
  if (!context.argumentFit) return [];
  const r = readReceived(received, infos, context);
  const out: string[] = [];
  for (const d of infos) {
    if (r.verb !== null && d.verb !== null && r.verb !== d.verb && !kin(r.verb, d.verb)) continue;
    if (context.argumentFit(d.name) === 2) out.push(d.name);
    if (out.length > MAX_CANDIDATES) return [];
  }
  return out;
}

/** Per list of declared names: each tool's reading from its operation, where it has one. */
const OPERATION_INFOS = new WeakMap<readonly string[], NameInfo[]>();

function operationInfos(declared: readonly string[], context: ToolNameContext): NameInfo[] {
  if (!context.operationOf) return [];
  let out = OPERATION_INFOS.get(declared);
  if (out) return out;
  out = [];
  for (const name of declared) {
    const op = context.operationOf(name);
    const reading = op === undefined ? undefined : operationInfo(name, op);
    if (reading) out.push(reading);
  }
  OPERATION_INFOS.set(declared, out);
  return out;
}

/** Path segments that say where an API lives, not what it acts on: `v1`, `api`, `rest`, `2010-04-01`. */
const NOT_RESOURCE = /^(v\d+(\.\d+)?|api|rest|\d[\d-]*)$/i;

/**
 * A tool read from its HTTP operation: the literal words of its path are what it acts on, and its verb
 * is the path's own (`/query`, `/search`) or the method's: GET of one thing gets it, GET of a collection
 * lists it, POST creates, PUT and PATCH update, DELETE deletes. `POST /v1/pages` reads as pages.create.
 */
function operationInfo(name: string, op: string): NameInfo | undefined {
  const m = /^(GET|POST|PUT|PATCH|DELETE)\s+(\S+)$/i.exec(op.trim());
  if (!m) return undefined;
  const segments = m[2].split('/').filter(Boolean);
  if (segments.length === 0) return undefined;
  const param = (seg: string) => /^\{.*\}(\.json)?$/.test(seg);
  const literal = segments.filter((seg) => !param(seg)).map((seg) => seg.replace(/\.json$/i, '')).filter((seg) => !NOT_RESOURCE.test(seg));
  const ws = contentWords(literal.flatMap((seg) => nameWords(seg)));
  if (ws.length === 0) return undefined;
  const own = verbAt(ws);
  const method = m[1].toLowerCase();
  const ofOne = param(segments[segments.length - 1]);
  const verb = own?.group ?? (method === 'get' ? (ofOne ? GET : LIST) : method === 'post' ? (ofOne ? null : group('create')) : method === 'delete' ? group('delete') : group('update'));
  const objects = own ? ws.filter((_, i) => i !== own.at) : ws;
  return { name, norm: '', key: '', words: ws, verb, objects, head: objects[objects.length - 1], fromOperation: true };
}

/** The received name read as a tool name, less the words of a namespace or the pack's own name no tool has. */
function readReceived(received: string, infos: readonly NameInfo[], context: ToolNameContext): NameInfo {
  const r = info(received);
  const drop = (w: string) => (NAMESPACE_WORDS.has(w) || context.packWords?.includes(w) === true) && !infos.some((d) => d.words.includes(w));
  if (!r.words.some(drop)) return r;
  const words = r.words.filter((w) => !drop(w));
  return { ...r, words, objects: r.objects.filter((w) => !drop(w)) };
}

/** Object words with the things tool names call by other names (an email, a text: a message) made one. */
function canonicalObjects(ws: readonly string[]): string[] {
  return ws.map((w) => {
    const g = RESOURCE_OF.get(w);
    return g ? RESOURCE_GROUPS[g[0]][0] : w;
  });
}

/**
 * Declared tools near `received`, best first, at most three: the name it is a slip of a letter or two of;
 * else those with the same verb that act on the same thing, and when there are any, nothing else; else a
 * name a few letters away (with no other verb); else a kin verb on the same thing (a message sent is one
 * created); else, with no verb to go by, a tool on the same thing; else the same verb on a thing that
 * shares a word. A tool is read by its name and, when it has one, by its operation.
 */
function nearTools(received: string, infos: readonly NameInfo[], context: ToolNameContext = {}): string[] {
  const r = readReceived(received, infos, context);
  if (r.words.length === 0) return [];
  // A slip of a letter or two in the whole name (`update_reservtion_flights`): the name it was meant to be.
  const slip = r.norm.length >= 10 ? 2 : 1;
  const slips: { d: NameInfo; dist: number }[] = [];
  for (const d of infos) {
    if (Math.abs(d.norm.length - r.norm.length) > slip || (r.verb !== null && d.verb !== null && r.verb !== d.verb)) continue;
    const dist = distance(r.norm, d.norm, slip);
    if (dist <= slip) slips.push({ d, dist });
  }
  if (slips.length) {
    const best = Math.min(...slips.map((s) => s.dist));
    return tie(slips.filter((s) => s.dist === best).slice(0, MAX_CANDIDATES).map((s) => s.d.name));
  }
  // Unmatched words of the declared name count first: they name a narrower thing (pull-request-stacks_list
  // for list_pull_requests), where a word the caller added is most often its own wording.
  // `synonym`: the thing matched only under another word (get_user for get_member), ranked after the same
  // word. `scoped`: every word of the declared name left unmatched is one the pack puts on many of its tools
  // (Discord's guild), so get_member reads as get_guild_member before get_thread_member.
  type Scored = { d: NameInfo; i: number; unmatched: number; extra: number; strength: number; dist: number; head: boolean; synonym: boolean; scoped: boolean; fit: number };
  const same: Scored[] = [];
  const kinSame: Scored[] = [];
  const loose: Scored[] = [];
  const partial: Scored[] = [];
  const rHead = r.head;
  const scope = scopeWords(infos);
  const readings = [...infos, ...operationInfos(infos.map((d) => d.name), context)];
  readings.forEach((d, i) => {
    const related = r.verb === null || d.verb === null || r.verb === d.verb;
    if (!related && !kin(r.verb, d.verb)) return;
    let fit = fitWords(r.objects, d.objects);
    let synonym = false;
    let rObjects: readonly string[] = r.objects;
    let dObjects: readonly string[] = d.objects;
    const thing = (f: typeof fit, ro: readonly string[], dO: readonly string[]) => (ro.length === 0 && dO.length === 0) || (f.strong && (ro.length === f.matchedReceived || dO.length === f.matchedDeclared));
    if (!thing(fit, rObjects, dObjects)) {
      const [rc, dc] = [canonicalObjects(r.objects), canonicalObjects(d.objects)];
      const viaSynonym = fitWords(rc, dc);
      if (thing(viaSynonym, rc, dc)) [fit, synonym, rObjects, dObjects] = [viaSynonym, true, rc, dc];
    }
    const unmatched = dObjects.length - fit.matchedDeclared;
    const extra = rObjects.length - fit.matchedReceived;
    // The same thing: every word of one side is met on the other (`pull request` and `pulls`).
    const sameThing = thing(fit, rObjects, dObjects);
    const head = rHead !== undefined && d.objects.some((w) => wordMatch(w, rHead) >= 2 || (sameResource(w, rHead) > 0));
    const scoped = unmatched > 0 && unmatchedWords(r.objects, d.objects).every((w) => scope.has(w));
    const scored = { d, i, unmatched, extra, strength: fit.strength, dist: 0, head, synonym, scoped, fit: 0 };
    if (!related) {
      if (sameThing) kinSame.push(scored);
    } else if (sameThing && r.verb === d.verb) same.push(scored);
    // With a verb on one side only, the other must be all thing: issues_lock is no answer to close_issue.
    else if (sameThing && (r.verb === null ? extra === 0 : unmatched === 0)) loose.push(scored);
    else if (fit.strong && r.verb === d.verb) partial.push(scored);
  });
  const rank = (list: Scored[]) => {
    for (const s of list) {
      s.dist = s.d.fromOperation ? 1e6 : distance(r.norm, s.d.norm);
      // The call's own arguments come first: a tool that takes them beats a nearer wording that does not.
      s.fit = context.argumentFit?.(s.d.name) ?? 0;
    }
    return list.sort((a, b) => b.fit - a.fit || Number(a.synonym) - Number(b.synonym) || a.unmatched - b.unmatched || a.extra - b.extra || Number(b.head) - Number(a.head) || Number(b.scoped) - Number(a.scoped) || b.strength - a.strength || a.dist - b.dist || a.i - b.i);
  };
  const names = (list: Scored[]) => [...new Set(tighten(rank(list)).map((s) => s.d.name))];
  if (same.length) return names(same);
  // A slip of spelling in a name whose words do not read as any declared name's, with no other verb: the
  // nearest spellings only.
  const limit = Math.floor(r.norm.length / 3);
  const byLetters: { d: NameInfo; dist: number }[] = [];
  if (r.norm.length <= MAX_COMPARED) {
    for (const d of infos) {
      if (Math.abs(d.norm.length - r.norm.length) > limit || (r.verb !== null && d.verb !== null && d.verb !== r.verb)) continue;
      const dist = distance(r.norm, d.norm, limit);
      if (dist <= limit) byLetters.push({ d, dist });
    }
  }
  if (byLetters.length) {
    const best = Math.min(...byLetters.map((b) => b.dist));
    return tie(byLetters.filter((b) => b.dist === best).slice(0, MAX_CANDIDATES).map((b) => b.d.name));
  }
  if (kinSame.length) return names(kinSame);
  if (loose.length) return names(loose);
  return names(partial);
}

/**
 * The candidates that are as good as the best: none that leaves more words unmatched than it does, and
 * none that misses the received name's head noun when the best has it (create_calendar_event is an event),
 * none the call's arguments fit less well.
 */
function tighten<T extends { unmatched: number; extra: number; head: boolean; synonym: boolean; scoped: boolean; fit: number }>(ranked: T[]): T[] {
  if (ranked.length === 0) return ranked;
  const [b] = ranked;
  return ranked.filter((s) => s.fit === b.fit && s.synonym === b.synonym && s.unmatched === b.unmatched && s.extra === b.extra && s.head === b.head && s.scoped === b.scoped).slice(0, MAX_CANDIDATES * 2);
}

/** The words of `declared` no word of `received` matches. */
function unmatchedWords(received: readonly string[], declared: readonly string[]): string[] {
  return declared.filter((w) => !received.some((x) => wordMatch(x, w) > 0));
}

/** Per list of declared names: the words a sixth or more of the pack's tools have (its scope: Discord's guild). */
const SCOPES = new WeakMap<readonly NameInfo[], Set<string>>();

function scopeWords(infos: readonly NameInfo[]): Set<string> {
  let scope = SCOPES.get(infos);
  if (scope) return scope;
  const count = new Map<string, number>();
  for (const d of infos) for (const w of new Set(d.objects)) count.set(w, (count.get(w) ?? 0) + 1);
  scope = new Set(infos.length >= 12 ? [...count].filter(([, n]) => n * 6 >= infos.length).map(([w]) => w) : []);
  SCOPES.set(infos, scope);
  return scope;
}

/** Tools named when the name sent acts on nothing any tool acts on: a model with no name to go on still gets a set to choose from. */
export const FIRST_TOOLS_LISTED = 30;

/** The tools named beside an unknown one, and which they are: all of them, those on the same thing, or the first few. */
export interface ToolsListed {
  names: string[];
  scope: 'every' | 'same_thing' | 'first';
}

/**
 * The tools worth naming when none is near: all of them when they are few, else those that act on the same
 * thing. `orFirst` (no tool is offered at all), else all of up to FIRST_TOOLS_LISTED, or the first of them with
 * the count, so the model knows there are more. A tool offered stands alone rather than amid unrelated names.
 */
export function toolsToList(received: string, declared: readonly string[], { max = 12, orFirst = false } = {}): ToolsListed {
  if (declared.length <= max) return { names: [...declared], scope: 'every' };
  const object = info(received).objects;
  const same = infosOf(declared)
    .filter((d) => d.objects.some((w) => object.some((o) => wordMatch(o, w) >= 2)))
    .slice(0, max)
    .map((d) => d.name);
  if (same.length || !orFirst) return { names: same, scope: 'same_thing' };
  if (declared.length <= FIRST_TOOLS_LISTED) return { names: [...declared], scope: 'every' };
  return { names: declared.slice(0, FIRST_TOOLS_LISTED), scope: 'first' };
}
