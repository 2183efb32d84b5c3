// Which fields hold an id, read from the schema alone: the name (`page_id`, `channelId`, `ServiceSid`), a
// declared alias named so (`channel_id` for Slack's `channel`), the description or gloss ("The id of the
// document", "the channel's id"), a call that lists its values (x-resolve-with), or format uuid. A field
// that takes URLs, addresses, dates or prose is never one, whatever its name says.
import type { SchemaNode } from '../types';
import { singular, words } from '../shared/name-words';

const ID_WORDS = new Set(['id', 'ids', 'gid', 'sid', 'uuid']);
/** Words that make a field hold something other than an id: a link, an address, a date, prose. */
const NOT_ID_WORDS = new Set(['url', 'uri', 'link', 'href', 'permalink', 'webhook', 'callback', 'email', 'text', 'title', 'query', 'content', 'body', 'message', 'description', 'note', 'comment', 'name']);
const NOT_ID_FORMATS = new Set(['uri', 'uri-reference', 'iri', 'iri-reference', 'url', 'email', 'idn-email', 'hostname', 'date', 'date-time', 'time', 'duration']);
/** "The id of the document", "the channel's id", "identifier": the words a description uses for an id. */
const ID_PROSE = /\b(?:id|ID|Id)s? of\b|['’]s (?:id|ID)\b|\bidentifier\b/;

/** Per schema node (one $defs entry may serve fields of several names), per field name. */
const idFields = new WeakMap<SchemaNode, Map<string, boolean>>();

/** Whether the field `name`, declared by `node`, holds an id. */
export function isIdField(name: string, node: SchemaNode): boolean {
  let byName = idFields.get(node);
  if (!byName) idFields.set(node, (byName = new Map()));
  let answer = byName.get(name);
  if (answer === undefined) byName.set(name, (answer = readIdField(name, node)));
  return answer;
}

function readIdField(name: string, node: SchemaNode): boolean {
  if (typeof node.format === 'string' && NOT_ID_FORMATS.has(node.format)) return false;
  const ws = words(name);
  if (ws.some((w) => NOT_ID_WORDS.has(w))) return false;
  if (takesUrls(node)) return false;
  if (ws.some((w) => ID_WORDS.has(w)) || node.format === 'uuid' || typeof node['x-resolve-with'] === 'string') return true;
  const aliases: unknown = node['x-aliases'];
  if (Array.isArray(aliases) && aliases.some((a) => typeof a === 'string' && words(a).some((w) => ID_WORDS.has(w)))) return true;
  for (const prose of [node.description, node['x-gloss']]) if (typeof prose === 'string' && ID_PROSE.test(prose)) return true;
  return false;
}

/** Whether the field's own examples are URLs, or its format is one: a URL sent there is the value itself. */
export function takesUrls(node: SchemaNode): boolean {
  if (typeof node.format === 'string' && /^(?:uri|iri|url)/.test(node.format)) return true;
  return examplesOf(node).some((e) => typeof e === 'string' && /^[a-z][a-z0-9+.-]*:\/\//i.test(e));
}

/** The field's examples, in the pack's word and in JSON Schema's and OpenAPI's. */
export function examplesOf(node: SchemaNode): unknown[] {
  const out: unknown[] = [];
  if ('x-example' in node) out.push(node['x-example']);
  if (Array.isArray(node.examples)) out.push(...node.examples);
  if ('example' in node) out.push(node.example);
  return out;
}

/** The field's words that name what it holds, less the id words: [channel] of channel_id, [] of id. */
export function idNouns(name: string): string[] {
  return words(name).filter((w) => !ID_WORDS.has(w)).map(singular);
}

/** Whether the field takes a string (a plain id), or only an integer (a number: GitHub's issue_number). */
export function takesType(node: SchemaNode, type: 'string' | 'integer'): boolean {
  const t = node.type;
  if (t === undefined) return type === 'string' && node.enum === undefined && node.const === undefined;
  return t === type || (Array.isArray(t) && t.includes(type)) || (type === 'integer' && (t === 'number' || (Array.isArray(t) && t.includes('number'))));
}
