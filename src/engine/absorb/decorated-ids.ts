// Ids sent decorated, where an id goes (id-fields.ts says where): each reading has one answer or none.
// - a resource URL whose host and form are known (Notion, GitHub, Slack permalinks, Google Docs, Sheets,
//   Slides, Forms and Drive, Jira's browse URL, Asana's task and project URLs) -> the id in it, when the
//   URL names the kind of thing the field holds, the call's other fields agree with it (GitHub's owner
//   and repo) and the id fits the field (id_from_url); a Slack ts in its permalink form (p1405894322002768)
//   where the field's examples show the ts (1405894322.002768) is the same ts;
// - a mention (`<@U123>`, `<#C123|general>`, Discord's `<@!123>`, `<@&123>`) -> the id in it, when the
//   field names that kind of thing (a channel, a user, a role) (id_from_mention);
// - a leading # or @ missing or extra, when the field's pattern, or every one of its examples, fixes it
//   (id_sigil); `#412` where an integer issue number goes is 412;
// - an id in the wrong case, when the field's pattern fixes the case of every letter, or, with no pattern,
//   when every example is a tracker's key (PROJ-123: a project key, upper case by definition, and a number) (id_case).
// A Gmail URL names a conversation: its id is offered (idOfferedByUrl), never taken, where a message or
// thread id goes, as the web view may show one message or the thread.
// A name where an id goes (`#general`, `@jane`) has no such reading: namedInstead says so, for a refusal.
import type { Json, JsonObject, SchemaNode } from '../types';
import { safePatternTest } from '../safe-pattern';
import { examplesOf, idNouns, isIdField, takesType, takesUrls } from './id-fields';

export type DecoratedRule = 'id_from_url' | 'id_from_mention' | 'id_sigil' | 'id_case';

/** The field a value is read for: its name, its schema, the object it sits in, and the tool's own words. */
export interface IdSlot {
  name: string;
  node: SchemaNode;
  siblings: JsonObject | undefined;
  /** The words of the tool's name and resource, made on first ask. */
  toolWords: () => ReadonlySet<string>;
}

/** Longer values are not read here: an id, a mention or a resource URL is short. */
const MAX_DECORATED = 512;

const patterns = new Map<string, { test(s: string): boolean } | null>();

/**
 * The field's pattern as the validator reads it (flag u), once; null when it does not compile or could
 * backtrack without end on the platform's matcher (safe-pattern.ts): a server's schema is untrusted input,
 * and such a field is then not read for decorated ids at all.
 */
function patternOf(node: SchemaNode): { test(s: string): boolean } | null | undefined {
  const p = node.pattern;
  if (typeof p !== 'string') return undefined;
  let re = patterns.get(p);
  if (re === undefined) {
    const test = safePatternTest(p, 'u');
    re = test ? { test } : null;
    if (patterns.size >= 1000) patterns.clear();
    patterns.set(p, re);
  }
  return re;
}

/** Whether `value` fits the field's type, pattern and uuid format: what a reading must do to be one. */
export function fits(node: SchemaNode, value: Json): boolean {
  if (typeof value === 'number') return Number.isSafeInteger(value) && takesType(node, 'integer');
  if (typeof value !== 'string' || !takesType(node, 'string')) return false;
  if (typeof node.maxLength === 'number' && value.length > node.maxLength) return false;
  if (typeof node.minLength === 'number' && value.length < node.minLength) return false;
  if (node.format === 'uuid' && !UUID.test(value)) return false;
  const re = patternOf(node);
  return re === undefined || (re !== null && re.test(value));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the value reads as in this field, with the rule that reads it; undefined when it reads as sent. */
export function readDecoratedId(slot: IdSlot, value: string): { rule: DecoratedRule; to: Json } | undefined {
  if (value.length > MAX_DECORATED || value.length < 2) return undefined;
  const { name, node } = slot;
  // A value the field's pattern takes as sent is the field's own (a # that is part of the value).
  const re = patternOf(node);
  // A pattern not run here (unsafe, or not one) leaves the value as sent: the validator has the last word.
  if (re === null || (re && re.test(value))) return undefined;
  const first = value[0];
  if (first === 'h' || first === 'H') {
    if (!/^https?:\/\//i.test(value) || takesUrls(node)) return undefined;
    const to = idFromUrl(slot, value);
    return to !== undefined && fits(node, to) ? { rule: 'id_from_url', to } : undefined;
  }
  if (!isIdField(name, node) && !(takesType(node, 'integer') && isNumberName(name))) return undefined;
  if (first === '<') {
    const to = idFromMention(slot, value);
    return to !== undefined && fits(node, to) ? { rule: 'id_from_mention', to } : undefined;
  }
  const ts = tsFromPermalinkForm(node, value);
  if (ts) return ts;
  const sigil = re ? sigilByPattern(node, value) : sigilByExamples(node, value);
  if (sigil) return sigil;
  if (re) return caseByPattern(node, re, value);
  return caseOfKey(node, value);
}

/** Slack's ts as its permalink writes it: p, then the ts's 16 digits without the point. */
const PERMALINK_TS = /^p(\d{10})(\d{6})$/;
const TS = /^\d{10}\.\d{6}$/;

/** `p1405894322002768` where the field's examples (or its pattern) show `1405894322.002768`: the one ts it names. */
function tsFromPermalinkForm(node: SchemaNode, value: string): { rule: DecoratedRule; to: Json } | undefined {
  const m = PERMALINK_TS.exec(value);
  if (!m) return undefined;
  const examples = examplesOf(node);
  if (!examples.length || !examples.every((e) => typeof e === 'string' && TS.test(e))) return undefined;
  const to = `${m[1]}.${m[2]}`;
  return fits(node, to) ? { rule: 'id_from_url', to } : undefined;
}

/** A tracker's issue key (Jira's, Linear's, YouTrack's): a project key in capitals, a hyphen, a number. */
const KEY = /^[A-Z][A-Z0-9_]{0,29}-[0-9]{1,12}$/;

/** `proj-123` where every example is a key (`PROJ-123`): a project key is upper case, so the key is the one reading. */
function caseOfKey(node: SchemaNode, value: string): { rule: DecoratedRule; to: Json } | undefined {
  const to = value.toUpperCase();
  if (to === value || !KEY.test(to) || !/^[A-Za-z]/.test(value)) return undefined;
  const examples = examplesOf(node);
  if (!examples.length || !examples.every((e) => typeof e === 'string' && KEY.test(e))) return undefined;
  return fits(node, to) ? { rule: 'id_case', to } : undefined;
}

/** `issue_number`, `pull_number`, `number`: an integer that trackers write as #412. */
const isNumberName = (name: string) => /(?:^|_|[a-z])(?:number|Number)$/.test(name);

/** A # or @ added or taken away, when the field's pattern takes the value only that way. */
function sigilByPattern(node: SchemaNode, value: string): { rule: DecoratedRule; to: Json } | undefined {
  const readings: string[] = [];
  if (value[0] === '#' || value[0] === '@') readings.push(value.slice(1));
  else for (const s of ['#', '@']) readings.push(s + value);
  const fitting = readings.filter((r) => r.length > 0 && fits(node, r));
  if (fitting.length === 1) return { rule: 'id_sigil', to: fitting[0] };
  if (value[0] === '#' && /^#\d{1,15}$/.test(value) && takesType(node, 'integer') && !takesType(node, 'string')) return { rule: 'id_sigil', to: Number(value.slice(1)) };
  return undefined;
}

/** The kinds of character an id is made of, and its length: `U024BE7LH` and `C024BE91L` are alike, `general` is not. */
function idShape(s: string): string {
  return `${/[A-Z]/.test(s) ? 'A' : ''}${/[a-z]/.test(s) ? 'a' : ''}${/\d/.test(s) ? '9' : ''}${/[^A-Za-z0-9]/.test(s) ? '.' : ''}`;
}

function sameShape(s: string, example: string): boolean {
  return idShape(s) === idShape(example) && s.length * 2 >= example.length && s.length <= example.length * 2;
}

/** A # or @ added or taken away where every example of the field has it, or none does and the rest is shaped like them. */
function sigilByExamples(node: SchemaNode, value: string): { rule: DecoratedRule; to: Json } | undefined {
  if (takesType(node, 'integer') && !takesType(node, 'string') && /^#\d{1,15}$/.test(value)) return { rule: 'id_sigil', to: Number(value.slice(1)) };
  const examples = examplesOf(node).filter((e): e is string => typeof e === 'string' && e.length > 1);
  if (!examples.length) return undefined;
  for (const s of ['#', '@']) {
    const all = examples.every((e) => e[0] === s);
    const none = examples.every((e) => e[0] !== '#' && e[0] !== '@');
    if (all && value[0] !== s && value[0] !== '#' && value[0] !== '@' && examples.some((e) => sameShape(value, e.slice(1)))) return { rule: 'id_sigil', to: s + value };
    if (none && value[0] === s && examples.some((e) => sameShape(value.slice(1), e))) return { rule: 'id_sigil', to: value.slice(1) };
  }
  return undefined;
}

/** The value in one case, when the field's pattern takes it so and fixes the case of every letter of it. */
function caseByPattern(node: SchemaNode, re: { test(s: string): boolean }, value: string): { rule: DecoratedRule; to: Json } | undefined {
  if (value.length > 64) return undefined;
  const fitting = [value.toUpperCase(), value.toLowerCase()].filter((v) => v !== value && fits(node, v));
  if (fitting.length !== 1) return undefined;
  const to = fitting[0];
  // Twilio's `^IS[0-9a-fA-F]{32}$` fixes the IS and leaves the hex digits' case free: ISABCDEF… and
  // ISabcdef… name two records, so neither is read. Every letter must be one the pattern holds to its case.
  for (let i = 0; i < to.length; i++) {
    const c = to[i];
    const flipped = c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase();
    if (flipped === c) continue;
    if (re.test(to.slice(0, i) + flipped + to.slice(i + 1))) return undefined;
  }
  return { rule: 'id_case', to };
}

// Mentions: Slack's `<@U123>`, `<@U123|jane>`, `<#C123|general>`; Discord's `<@123>`, `<@!123>`, `<@&123>`, `<#123>`.
const MENTION = /^<(#|@!?|@&)([A-Za-z0-9]{1,40})(?:\|[^<>]{0,200})?>$/;
const NOUNS_OF: Record<'channel' | 'user' | 'role', ReadonlySet<string>> = {
  channel: new Set(['channel', 'conversation', 'thread']),
  user: new Set(['user', 'member', 'author', 'owner', 'assignee', 'recipient', 'person', 'people']),
  role: new Set(['role']),
};

function idFromMention(slot: IdSlot, value: string): string | undefined {
  const m = MENTION.exec(value);
  if (!m) return undefined;
  const kind = m[1] === '#' ? 'channel' : m[1] === '@&' ? 'role' : 'user';
  // The field must name the kind the mention is of: a user mention where a channel goes may mean a direct
  // message, or be a slip; neither is certain.
  const nouns = idNouns(slot.name);
  const named = nouns.length ? nouns : [...slot.toolWords()];
  return named.some((w) => NOUNS_OF[kind].has(w)) ? m[2] : undefined;
}

// URLs. Each vendor's reader returns the id the URL holds for this field, or undefined.

/** The URL, when its host is one whose URLs this module reads. */
function vendorUrl(value: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.username || url.password || (url.port && url.port !== '443')) return undefined;
  const host = url.hostname.toLowerCase();
  const known = host === 'notion.so' || host.endsWith('.notion.so') || host.endsWith('.notion.site') || host === 'github.com' || host === 'www.github.com' || host.endsWith('.slack.com') || host === 'docs.google.com' || host === 'drive.google.com' || host.endsWith('.atlassian.net') || host === 'app.asana.com' || host === 'mail.google.com';
  return known ? url : undefined;
}

/**
 * A URL of a vendor this module reads, sent where an id goes and not read as one (another repository's
 * issue, a spreadsheet where a document goes): refused, as it names no id the field takes.
 */
export function vendorUrlWhereIdGoes(slot: IdSlot, value: string): boolean {
  if (value.length > MAX_DECORATED || !/^https?:\/\//i.test(value) || takesUrls(slot.node)) return false;
  if (!isIdField(slot.name, slot.node) && !(takesType(slot.node, 'integer') && isNumberName(slot.name))) return false;
  return vendorUrl(value) !== undefined;
}

function idFromUrl(slot: IdSlot, value: string): Json | undefined {
  const url = vendorUrl(value);
  if (!url) return undefined;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean).map((s) => decodeSegment(s));
  if (segments.some((s) => s === undefined)) return undefined;
  const path = segments as string[];
  if (host === 'notion.so' || host === 'www.notion.so' || host.endsWith('.notion.site') || host.endsWith('.notion.so')) return notionId(slot, url, path);
  if (host === 'github.com' || host === 'www.github.com') return githubId(slot, path);
  if (host.endsWith('.slack.com')) return slackId(slot, url, path);
  if (host === 'docs.google.com' || host === 'drive.google.com') return googleId(slot, url, host, path);
  if (host.endsWith('.atlassian.net')) return jiraKey(slot, path);
  if (host === 'app.asana.com') return asanaGid(slot, path);
  return undefined;
}

/** The field's words, or else the tool's when the field is named `id` alone: what kind of thing it holds. */
function namedKinds(slot: IdSlot): string[] {
  const nouns = idNouns(slot.name);
  return nouns.length ? nouns : [...slot.toolWords()];
}

/** From <site>.atlassian.net/browse/<KEY-123>: the key, where an issue goes (not a comment, not a project). */
function jiraKey(slot: IdSlot, path: string[]): string | undefined {
  if (path.length !== 2 || path[0] !== 'browse' || !KEY.test(path[1]) || !isIdField(slot.name, slot.node)) return undefined;
  const kinds = namedKinds(slot);
  return kinds.includes('issue') && !kinds.some((w) => w === 'comment' || w === 'project' || w === 'worklog' || w === 'attachment') ? path[1] : undefined;
}

const GID = /^[0-9]{1,20}$/;

/**
 * From Asana's URLs: /0/<project>/<task>[/f] (the first form; project 0 when the task is in none) and
 * /0/home/<workspace>, and /1/<workspace>/project/<project>[/task/<task>] or /1/<workspace>/task/<task>
 * (the second, where every page names its workspace first), the gid of the kind the field names. Any
 * other page (inbox, search) names no id of these kinds here.
 */
function asanaGid(slot: IdSlot, path: string[]): string | undefined {
  if (!isIdField(slot.name, slot.node)) return undefined;
  const found: Record<string, string> = {};
  if (path[0] === '0' && GID.test(path[1] ?? '') && GID.test(path[2] ?? '') && (path.length === 3 || (path.length === 4 && path[3] === 'f'))) {
    found.task = path[2];
    if (path[1] !== '0') found.project = path[1];
  } else if (path[0] === '0' && path[1] === 'home' && GID.test(path[2] ?? '') && path.length === 3) found.workspace = path[2];
  else if (path[0] === '1' && GID.test(path[1] ?? '')) {
    found.workspace = path[1];
    for (let i = 2; i + 1 < path.length; i += 2) {
      if ((path[i] === 'project' || path[i] === 'task') && GID.test(path[i + 1])) found[path[i]] = path[i + 1];
      else if (i + 2 < path.length) return undefined;
    }
  } else return undefined;
  const kinds = namedKinds(slot).filter((w) => w === 'task' || w === 'project' || w === 'workspace');
  return kinds.length === 1 ? found[kinds[0]] : undefined;
}

/**
 * The id in a Gmail web URL (mail.google.com/mail/u/0/#inbox/<16 hex>), where a message or thread id
 * goes: offered, not taken. The web view names a conversation, whose id is its first message's, or one
 * message when conversations are off: which the caller means is not said.
 */
export function idOfferedByUrl(slot: IdSlot, value: string): string | undefined {
  if (value.length > MAX_DECORATED || takesUrls(slot.node) || !isIdField(slot.name, slot.node)) return undefined;
  const url = vendorUrl(value);
  if (!url || url.hostname.toLowerCase() !== 'mail.google.com' || !/^\/mail\/(?:u\/\d{1,2}\/)?$/.test(url.pathname)) return undefined;
  const id = /^#[A-Za-z0-9%/_-]{0,200}\/([0-9a-f]{16})$/.exec(url.hash)?.[1];
  if (!id || !fits(slot.node, id)) return undefined;
  // users_messages_attachments_get's `id` is an attachment's, though its tool names a message too.
  const kinds = namedKinds(slot);
  return (kinds.includes('message') || kinds.includes('thread')) && !kinds.some((w) => OTHER_GMAIL_KINDS.has(w)) ? id : undefined;
}

const OTHER_GMAIL_KINDS: ReadonlySet<string> = new Set(['attachment', 'draft', 'label', 'filter', 'history']);

function decodeSegment(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

const HEX32 = /(?:^|-)([0-9a-f]{32})$/i;
const DASHED = /(?:^|-)([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The 32 hex digits at the end of a Notion page's or database's URL, dashed when the field's examples are. */
function notionId(slot: IdSlot, url: URL, path: string[]): string | undefined {
  // A block anchor (#…) or a page opened over a database (?p=…) names a second thing: which one is meant is not said.
  if (/[0-9a-f]{32}/i.test(url.hash) || url.searchParams.has('p')) return undefined;
  if (!isIdField(slot.name, slot.node) || !takesType(slot.node, 'string')) return undefined;
  const last = path[path.length - 1];
  if (!last) return undefined;
  const m = HEX32.exec(last) ?? DASHED.exec(last);
  if (!m) return undefined;
  const hex = m[1].replace(/-/g, '').toLowerCase();
  const dashed = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const wantsDashes = slot.node.format === 'uuid' || examplesOf(slot.node).some((e) => typeof e === 'string' && UUID.test(e));
  return wantsDashes ? dashed : hex;
}

const sameName = (a: Json | undefined, b: string) => typeof a !== 'string' || a.toLowerCase() === b.toLowerCase();

/**
 * From github.com/<owner>/<repo>[/issues|pull/<n>]: the owner, the repository or the number, by the field's
 * name, when the call's owner and repo (if sent) are the URL's: a number from another repository's URL
 * names another issue.
 */
function githubId(slot: IdSlot, path: string[]): Json | undefined {
  const [owner, repo, section, number] = path;
  if (!owner || !repo) return undefined;
  const nouns = idNouns(slot.name);
  const sib = slot.siblings ?? {};
  const repoName = repo.replace(/\.git$/, '');
  if (nouns.length === 1 && (nouns[0] === 'owner' || nouns[0] === 'org' || nouns[0] === 'organization')) return sameName(sib.repo, repoName) ? owner : undefined;
  if (nouns.length === 1 && (nouns[0] === 'repo' || nouns[0] === 'repository')) return sameName(sib.owner, owner) ? repoName : undefined;
  if (!isNumberName(slot.name) || !number || !/^\d{1,15}$/.test(number)) return undefined;
  // Issues and pull requests share one numbering, and an issue's calls take a pull request's number; a
  // pull request's calls take no issue's.
  const isPull = section === 'pull' || section === 'pulls';
  if (section !== 'issues' && !isPull) return undefined;
  if (nouns.includes('pull') && !isPull) return undefined;
  if (!sameName(sib.owner, owner) || !sameName(sib.repo, repoName)) return undefined;
  return takesType(slot.node, 'integer') ? Number(number) : number;
}

/**
 * From a Slack permalink (<team>.slack.com/archives/<channel>/p<digits>) or a client URL
 * (app.slack.com/client/<team>/<channel>): the channel for a channel field, the message's ts for a ts
 * field (the thread's for thread_ts, when the link is a reply's), when the call's channel is the URL's.
 */
function slackId(slot: IdSlot, url: URL, path: string[]): string | undefined {
  let channel: string | undefined;
  let message: string | undefined;
  if (path[0] === 'archives' && path[1]) {
    channel = path[1];
    const p = path[2] ? /^p(\d{10})(\d{6})$/.exec(path[2]) : null;
    if (path[2] && !p) return undefined;
    if (p) message = `${p[1]}.${p[2]}`;
  } else if (path[0] === 'client' && path[2] && path.length === 3) channel = path[2];
  if (!channel || !/^[CDG][A-Z0-9]{6,}$/.test(channel)) return undefined;
  const nouns = idNouns(slot.name);
  if (nouns.length && nouns.every((w) => NOUNS_OF.channel.has(w))) return channel;
  const last = nouns[nouns.length - 1];
  // Slack calls a message's ts `timestamp` in some methods (reactions_add): the same value.
  if ((last !== 'ts' && last !== 'timestamp') || !message) return undefined;
  if (typeof slot.siblings?.channel === 'string' && slot.siblings.channel !== channel) return undefined;
  const thread = url.searchParams.get('thread_ts');
  if (nouns[0] === 'thread' && thread !== null) return /^\d{10}\.\d{6}$/.test(thread) ? thread : undefined;
  return nouns.length === 1 || nouns[0] === 'thread' || nouns[0] === 'message' ? message : undefined;
}

/** Google's kinds of file, by the URL's path, and the words a field uses for each. */
const GOOGLE_KINDS: Record<string, readonly string[]> = {
  document: ['document', 'doc'],
  spreadsheets: ['spreadsheet'],
  presentation: ['presentation', 'slide', 'deck'],
  forms: ['form'],
  file: ['file'],
  folders: ['folder', 'parent'],
};
const ALL_KIND_WORDS = new Set(Object.values(GOOGLE_KINDS).flat());

/** From docs.google.com/<kind>/d/<id>/… or drive.google.com/file/d/<id>, /drive/folders/<id>, /open?id=<id>. */
function googleId(slot: IdSlot, url: URL, host: string, path: string[]): string | undefined {
  let kind: string | undefined;
  let id: string | undefined;
  if (host === 'docs.google.com') {
    // /spreadsheets/d/e/<id>: a published copy's id, which the API does not take.
    if (path[1] === 'd' && path[2] && path[2] !== 'e' && GOOGLE_KINDS[path[0]] && path[0] !== 'file' && path[0] !== 'folders') [kind, id] = [path[0], path[2]];
  } else if (path[0] === 'file' && path[1] === 'd' && path[2]) [kind, id] = ['file', path[2]];
  else if (path[0] === 'drive') {
    const at = path.indexOf('folders');
    if (at > 0 && path[at + 1] && at + 2 === path.length) [kind, id] = ['folders', path[at + 1]];
  } else if ((path[0] === 'open' || path[0] === 'uc') && path.length === 1) [kind, id] = ['file', url.searchParams.get('id') ?? undefined];
  if (!kind || !id || !/^[A-Za-z0-9_-]{10,}$/.test(id)) return undefined;
  if (!isIdField(slot.name, slot.node)) return undefined;
  // The field's words, or else the tool's, must name this kind of file; every Drive item is a file.
  const nouns = idNouns(slot.name).filter((w) => ALL_KIND_WORDS.has(w));
  const named = nouns.length ? nouns : [...slot.toolWords()].filter((w) => ALL_KIND_WORDS.has(w));
  if (!named.length) return undefined;
  return named.every((w) => w === 'file' || GOOGLE_KINDS[kind].includes(w)) ? id : undefined;
}

/**
 * A name sent where an id goes: `#general` or `@jane`, where the field's pattern or examples show an id of
 * another shape. The bare name, for the refusal's words; undefined when the value may be an id.
 */
export function namedInstead(slot: IdSlot, value: string): string | undefined {
  const m = /^[#@]([\p{L}\p{N}][\p{L}\p{N}._-]{0,79})$/u.exec(value);
  if (!m || !isIdField(slot.name, slot.node) || !takesType(slot.node, 'string')) return undefined;
  // A name is written in lower case or with a separator; an id of letters and digits alone may be one.
  if (!/[a-z]/.test(m[1])) return undefined;
  const re = patternOf(slot.node);
  if (re) return !re.test(value) && !re.test(m[1]) ? m[1] : undefined;
  const examples = examplesOf(slot.node).filter((e): e is string => typeof e === 'string' && e.length > 1);
  if (!examples.length) return undefined;
  return examples.every((e) => e[0] !== value[0] && !sameShape(m[1], e)) ? m[1] : undefined;
}

/** A key with a lower-case letter in its project part: what caseOfKey may read. */
const LOWER_KEY = /^[A-Za-z][A-Za-z0-9_]{0,29}-[0-9]{1,12}$/;

/** Strings looked at before a call valid as sent is taken as it is: past them, the call is taken as sent. */
const DECORATION_SCAN_LIMIT = 256;

/**
 * Whether a call holds a string that starts as a decorated id does (`<`, `#`, `@`, `http`): only such a
 * call, valid as sent, is read again for one. A bounded scan, without recursion.
 */
export function mayHoldDecoratedId(args: Json): boolean {
  const stack: Json[] = [args];
  let pushed = 1;
  while (stack.length) {
    const v = stack.pop()!;
    if (typeof v === 'string') {
      const c = v.charCodeAt(0);
      // < # @ h H
      if (c === 60 || c === 35 || c === 64 || ((c === 104 || c === 72) && /^https?:\/\//i.test(v))) return true;
      // p1405894322002768 (a ts as its permalink writes it), proj-123 (a key in lower case)
      if (v.length <= 44 && (PERMALINK_TS.test(v) || (LOWER_KEY.test(v) && /[a-z]/.test(v)))) return true;
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length && pushed < DECORATION_SCAN_LIMIT; i++, pushed++) stack.push(v[i]);
    } else if (v !== null && typeof v === 'object') {
      for (const k in v) {
        if (pushed++ >= DECORATION_SCAN_LIMIT) break;
        if (Object.prototype.hasOwnProperty.call(v, k)) stack.push(v[k]);
      }
    }
  }
  return false;
}
