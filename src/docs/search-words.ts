// Words a tool page is found by in the site search (Pagefind), made from the tool's facts, never from the
// vendor's prose: its name split into words, its operation (HTTP verb and path, or a Discovery id), its
// resource, its argument names, and the words people use for its verb and its object (the tables below, in
// our own words). "send sms" finds Twilio's CreateMessage, which never says either word; "create issue"
// finds GitHub's issues_create. ToolSearch.astro puts them on the page, weighted, for the index only.

import type { CompiledTool } from '../engine/types';
import { escapeHtml } from './html';

/** What a page's search words are made from: a tool of a pack. */
export interface SearchableTool {
  name: string;
  resource?: string;
  operation?: { id: string };
  /** The names of its arguments. */
  argumentNames: string[];
}

export interface ToolSearchWords {
  /** The action: the verb and its object, with the words people use for each. Weighted highest. */
  action: string[];
  /** Everything else the facts name: the other words of the name, the resource, the path. */
  context: string[];
  verb?: string;
  object?: string;
}

/** A verb, as tool names spell it, and the words people search with for it. */
const VERBS: Record<string, string[]> = {
  create: ['create', 'add', 'new', 'make', 'open'],
  add: ['add', 'create', 'new', 'attach'],
  insert: ['insert', 'add', 'create', 'new'],
  post: ['post', 'send', 'publish', 'create'],
  send: ['send', 'post', 'deliver'],
  get: ['get', 'fetch', 'read', 'retrieve', 'show', 'view', 'find'],
  fetch: ['fetch', 'get', 'read', 'retrieve', 'show'],
  retrieve: ['retrieve', 'get', 'fetch', 'read'],
  read: ['read', 'get', 'fetch'],
  list: ['list', 'all', 'browse', 'find', 'get'],
  search: ['search', 'find', 'query', 'lookup'],
  find: ['find', 'search', 'lookup'],
  lookup: ['lookup', 'find', 'search'],
  query: ['query', 'search', 'find'],
  update: ['update', 'edit', 'change', 'modify', 'set'],
  patch: ['patch', 'update', 'edit', 'change'],
  set: ['set', 'update', 'change'],
  replace: ['replace', 'update', 'overwrite'],
  delete: ['delete', 'remove', 'erase', 'destroy'],
  remove: ['remove', 'delete', 'erase'],
  cancel: ['cancel', 'stop', 'abort'],
  merge: ['merge', 'combine', 'land'],
  upload: ['upload', 'attach', 'put'],
  download: ['download', 'export', 'save'],
  invite: ['invite', 'add'],
  archive: ['archive', 'close'],
  close: ['close', 'end', 'finish'],
  move: ['move', 'relocate'],
  copy: ['copy', 'duplicate', 'clone'],
  assign: ['assign', 'give'],
  batch: ['batch', 'bulk'],
};

/** The verbs that make a new thing. */
const CREATE_VERBS = new Set(['create', 'post', 'send', 'add', 'insert']);

/** The verb an HTTP method stands for when the name has none. */
const METHOD_VERBS: Record<string, string> = { POST: 'create', PUT: 'update', PATCH: 'update', DELETE: 'delete', GET: 'get' };

/** An object, singular, and the words people search with for it. */
const OBJECTS: Record<string, string[]> = {
  message: ['message', 'msg'],
  issue: ['issue', 'ticket', 'bug'],
  pull: ['pull', 'pr', 'merge request'],
  repo: ['repository', 'repo', 'project'],
  repository: ['repository', 'repo', 'project'],
  user: ['user', 'member', 'person', 'account'],
  member: ['member', 'user'],
  file: ['file', 'document', 'attachment'],
  event: ['event', 'meeting', 'appointment'],
  channel: ['channel', 'room'],
  conversation: ['conversation', 'thread', 'chat'],
  comment: ['comment', 'reply', 'note'],
  task: ['task', 'todo', 'item'],
  page: ['page', 'document'],
  spreadsheet: ['spreadsheet', 'sheet', 'workbook'],
  call: ['call', 'phone call'],
  customer: ['customer', 'client'],
  invoice: ['invoice', 'bill'],
  label: ['label', 'tag'],
  webhook: ['webhook', 'hook', 'callback'],
  draft: ['draft', 'unsent'],
  thread: ['thread', 'conversation'],
};

/**
 * Words that say what a tool is for beyond its verb and object, by the facts that show it: a message tool
 * that takes a recipient (`To`) sends it, and Twilio's go out as SMS or MMS; Gmail's messages are email.
 */
function vendorWords(vendor: string, verb: string | undefined, object: string | undefined, argumentNames: readonly string[]): string[] {
  const out: string[] = [];
  const creates = verb !== undefined && CREATE_VERBS.has(verb);
  if (object === 'message' && creates && argumentNames.some((a) => /^to$/i.test(a))) {
    out.push('send', 'deliver');
    if (/twilio/i.test(vendor)) out.push('sms', 'text', 'texts', 'mms', 'text message');
  }
  if (object === 'message' && /google/i.test(vendor) && argumentNames.some((a) => /^(raw|threadId|labelIds)$/.test(a))) out.push('email', 'mail');
  if (object === 'message' && creates) out.push('send');
  return out;
}

/** Words that are not what a tool does: version and date segments, HTTP noise, file suffixes. */
const NOISE = new Set(['api', 'apis', 'json', 'rest', 'the', 'an', 'and', 'or', 'id', 'ids', 'sid']);
/** Where a name's object ends: create_thread_from_message creates a thread. */
const PREPOSITIONS = new Set(['from', 'to', 'in', 'into', 'on', 'for', 'by', 'of', 'with', 'at', 'as']);

/** `CreateMessage` -> create message; `issues_create` -> issues create; `chat.postMessage` -> chat post message. */
export function splitWords(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z]+/)
    .map((w) => w.toLowerCase())
    .filter((w) => w.length > 1 && !NOISE.has(w));
}

/** `issues` -> issue, `repositories` -> repository, `addresses` -> address; short words and `-ss` words stay. */
export function singular(word: string): string {
  if (word.length <= 3 || word.endsWith('ss') || word.endsWith('us') || word.endsWith('is')) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(?:ch|sh|x|ss|zz)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

function plural(word: string): string {
  if (word.includes(' ') || word.length <= 3) return word;
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(?:ch|sh|x|s|z)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

/** The words of the operation: a route's verb and its path without placeholders and versions; a Discovery id's parts. */
function operationWords(id: string | undefined): { method?: string; words: string[]; endsInPlaceholder?: boolean } {
  if (!id) return { words: [] };
  const m = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+(.+)$/.exec(id);
  if (!m) return { words: splitWords(id) };
  const endsInPlaceholder = /\}(?:\.json)?\/?$/.test(m[2]);
  const path = m[2].replace(/\{[^}]*\}/g, ' ').replace(/\.json$/, '');
  return { method: m[1], endsInPlaceholder, words: path.split('/').filter((s) => !/^v\d+|^\d{4}-\d{2}-\d{2}$/.test(s)).flatMap(splitWords) };
}

/**
 * The verb of a route: a POST to one existing thing (`POST /v1/refunds/{refund}`) changes it, as a GET of a
 * collection lists it. For a name that has no verb, or whose verb is only its method (Stripe's PostRefundsRefund).
 */
function routeVerb(op: { method?: string; endsInPlaceholder?: boolean }): string | undefined {
  if (op.method === 'POST' && op.endsInPlaceholder) return 'update';
  if (op.method === 'GET' && op.endsInPlaceholder === false) return 'list';
  return op.method ? METHOD_VERBS[op.method] : undefined;
}

/** A compiled tool's facts for its search words. */
export function searchableTool(tool: CompiledTool): SearchableTool {
  return { name: tool.name, resource: tool.resource, operation: tool.operation, argumentNames: Object.keys(tool.source.arguments.properties ?? {}) };
}

/** The search words of one tool, from its facts. */
export function toolSearchWords(vendor: string, tool: SearchableTool): ToolSearchWords {
  const name = splitWords(tool.name);
  const op = operationWords(tool.operation?.id);
  const at = name.findIndex((w) => w in VERBS);
  // A name that opens with its own HTTP method says only how it is called: the route says what it does.
  const methodNamed = at === 0 && name[0] === op.method?.toLowerCase();
  const verb = at >= 0 && !methodNamed ? name[at] : routeVerb(op);
  // The object is what the verb acts on: the head (last) noun of the words after it, up to a preposition
  // (CreateSmsCommand: command; create_thread_from_message: thread), else the last noun before it (issues_create: issue).
  const after: string[] = [];
  for (const w of at >= 0 ? name.slice(at + 1) : []) {
    if (PREPOSITIONS.has(w)) break;
    after.push(w);
  }
  const before = (at >= 0 ? name.slice(0, at) : name).filter((w) => !PREPOSITIONS.has(w));
  const objectWord = after[after.length - 1] ?? before[before.length - 1];
  const object = objectWord === undefined ? undefined : singular(objectWord);
  const action = new Set<string>();
  if (verb) for (const w of VERBS[verb] ?? [verb]) action.add(w);
  if (object) {
    for (const w of OBJECTS[object] ?? [object]) {
      action.add(w);
      action.add(plural(w));
    }
  }
  for (const w of vendorWords(vendor, verb, object, tool.argumentNames)) action.add(w);
  const context = new Set<string>();
  for (const w of [...name, ...splitWords(tool.resource ?? ''), ...op.words]) {
    const s = singular(w);
    if (!PREPOSITIONS.has(w) && !/^v\d+$/.test(w) && !action.has(w) && !action.has(s)) context.add(w);
  }
  return { action: [...action], context: [...context], verb, object };
}

/**
 * The part of a tool page only the search index reads (`hidden`: no reader sees it, no screen reader reads it):
 * metadata, never the page's text, so no result's excerpt quotes these lists (Pagefind cuts an excerpt from the
 * text, and indexes the words of metadata as well). `does`: the action words, ranked as a title match is
 * (SEARCH_RANKING); `makes`: the thing a creating tool makes, so a search for the thing alone ("refund") finds
 * the tools that create one first; `about`: the other words of its facts, at a low weight. Then filters, and
 * the operation for the results.
 */
export function toolSearchHtml(vendor: string, packId: string, tool: SearchableTool): string {
  const words = toolSearchWords(vendor, tool);
  const meta = (field: string, value: string) => `<span data-pagefind-meta="${field}:${escapeHtml(value.replace(/[,:]/g, ' '))}"></span>`;
  const creates = words.verb !== undefined && CREATE_VERBS.has(words.verb) && words.object !== undefined;
  const parts = [
    meta('does', words.action.join(' ')),
    creates ? meta('makes', [...new Set((OBJECTS[words.object!] ?? [words.object!]).flatMap((w) => [w, plural(w)]))].join(' ')) : '',
    words.context.length ? meta('about', words.context.join(' ')) : '',
    `<span data-pagefind-filter="vendor:${escapeHtml(vendor.replace(/[,:]/g, ' '))}"></span>`,
    `<span data-pagefind-filter="pack:${escapeHtml(packId)}"></span>`,
    `<span data-pagefind-filter="kind:tool"></span>`,
    tool.operation ? meta('operation', tool.operation.id) : '',
  ];
  return `<div hidden data-role="search-words">${parts.join('')}</div>`;
}
