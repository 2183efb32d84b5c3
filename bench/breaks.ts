// The ways models break calls, applied to a ground-truth call. Each break touches one place, chosen the
// same way every run (the first eligible field in the call's own order, or the tool's name), and says
// whether the fix is knowable from the schema alone. A call with no eligible place is "not applicable"
// for that break. The tables of words below are this file's own, never read from the engine.
import { distance } from 'fastest-levenshtein';
import type { CompiledTool, Json } from './engine-entry';

export const BREAKS = [
  'enum_case', 'enum_synonym', 'enum_typo', 'number_as_string', 'case_field', 'misspelt_field', 'synonym_field', 'json_string', 'extra_argument', 'missing_required', 'loose_date',
  'tool_prefix', 'tool_camel', 'tool_dotted', 'tool_misspelt',
] as const;
export type BreakKind = (typeof BREAKS)[number];

/** The issue's eight kinds, and issue 17's: an enum's wrong case and its synonym are one kind there, two rows here. */
export const BREAK_LABELS: Record<BreakKind, string> = {
  enum_case: 'enum value in the wrong case',
  enum_synonym: 'enum value under a synonym',
  enum_typo: 'enum value misspelt (two letters swapped, or one dropped)',
  number_as_string: 'number sent as a string',
  case_field: 'camelCase or PascalCase field name',
  misspelt_field: 'misspelt field name',
  synonym_field: 'argument under a synonym or a shorter name (artist for artist_name, date for day)',
  json_string: 'object or array sent as JSON text',
  extra_argument: 'extra argument',
  missing_required: 'missing required field',
  loose_date: 'date in a loose format',
  tool_prefix: 'tool name behind a namespace (functions.math_factorial)',
  tool_camel: 'tool name in camelCase (mathFactorial)',
  tool_dotted: 'tool name with dots (math.factorial)',
  tool_misspelt: 'misspelt tool name (one letter dropped)',
};

/** The breaks that change the tool's name and leave the arguments as they were. */
export const NAME_BREAKS: ReadonlySet<BreakKind> = new Set(['tool_prefix', 'tool_camel', 'tool_dotted', 'tool_misspelt']);

/**
 * Argument names a model writes in place of a declared one: a shorter or longer word, the full word for an
 * abbreviation or the other way round, a near synonym. Applied to one word of a declared name (`day` in
 * `day`, `q` in `q`, `temp` in `max_temp`).
 */
export const NAME_SYNONYMS: Record<string, string> = {
  day: 'date', date: 'day', q: 'query', query: 'search_query', keyword: 'search_term', loc: 'location', location: 'place',
  num: 'number', number: 'num', temp: 'temperature', temperature: 'temp', avg: 'average', average: 'avg', max: 'maximum', min: 'minimum',
  desc: 'description', description: 'desc', msg: 'message', message: 'text', text: 'content', content: 'text', body: 'content',
  url: 'link', link: 'url', img: 'image', image: 'picture', dir: 'directory', directory: 'folder', dest: 'destination', destination: 'dest',
  src: 'source', source: 'origin', origin: 'source', lang: 'language', language: 'lang', qty: 'quantity', quantity: 'qty',
  info: 'information', identifier: 'id', ticker: 'symbol', symbol: 'ticker', begin: 'start', start: 'begin', end: 'finish', finish: 'end',
  country: 'nation', phone: 'telephone', email: 'email_address', addr: 'address', address: 'street_address', category: 'type', genre: 'category',
  city: 'town', town: 'city', limit: 'max_results', size: 'count', count: 'total', amount: 'sum', title: 'name', rating: 'score',
};

/** Words a model leaves off the end of a declared name (`artist` for artist_name, `user` for user_id). */
const DROPPED_QUALIFIERS = new Set(['name', 'id', 'title', 'value', 'text', 'str', 'string']);

/** Words a model reaches for instead of an enum's value. Fixed here, not taken from any pack's aliases. */
export const SYNONYMS: Record<string, string> = {
  open: 'active', closed: 'resolved', pending: 'waiting', p1: 'urgent', p2: 'normal', p3: 'low',
  duplicate: 'double_charge', fraudulent: 'fraud', requested_by_customer: 'customer_request', none: 'no', exempt: 'tax_exempt',
  manual: 'authorize', automatic: 'auto', off_session: 'recurring', on_session: 'online',
  starttime: 'start', updated: 'modified', accepted: 'yes', declined: 'no', tentative: 'maybe', needsaction: 'invited',
  email: 'mail', popup: 'notification', public: 'everyone', private: 'hidden', opaque: 'busy', transparent: 'free',
  hangoutsmeet: 'google_meet', all: 'everyone', externalonly: 'external', reader: 'viewer', writer: 'editor', owner: 'admin',
  economy: 'coach', business: 'first', basic_economy: 'basic', one_way: 'single', round_trip: 'return', yes: 'true', no: 'false',
  'no longer needed': 'not needed', 'ordered by mistake': 'mistake', high: 'urgent', low: 'minor', medium: 'normal',
  ascending: 'asc', descending: 'desc', daily: 'every day', weekly: 'every week', monthly: 'every month', annually: 'yearly',
  celsius: 'C', fahrenheit: 'F', male: 'man', female: 'woman', driving: 'car', walking: 'on foot', bicycling: 'bike', transit: 'public transport',
};

export type Segment = string | number;

export interface Broken {
  args: Record<string, Json>;
  /** The tool name the broken call sends, when the break changes it. */
  name?: string;
  /** Where the break is, for the record. */
  at: string;
  knowable: boolean;
}

interface Place {
  path: Segment[];
  pattern: string;
  value: Json;
}

/** Every value in the call, depth first in the call's own order, with its field path pattern. */
function places(value: Json, path: Segment[] = [], pattern = '', out: Place[] = [], depth = 0): Place[] {
  if (depth > 8) return out;
  if (path.length) out.push({ path, pattern, value });
  if (Array.isArray(value)) value.forEach((v, i) => places(v, [...path, i], `${pattern}[]`, out, depth + 1));
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) places(v, [...path, k], pattern ? `${pattern}.${k}` : k, out, depth + 1);
  }
  return out;
}

function setAt(root: Record<string, Json>, path: Segment[], value: Json): Record<string, Json> {
  const copy = structuredClone(root);
  let cur: any = copy;
  for (const s of path.slice(0, -1)) cur = cur[s];
  cur[path[path.length - 1]] = value;
  return copy;
}

function typesOf(schema: any): string[] {
  const t = schema?.type;
  return Array.isArray(t) ? t : typeof t === 'string' ? [t] : [];
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2}(?:\.\d+)?)(Z|[+-]\d{2}:\d{2})$/;

/** "2024-05-20" -> "May 20, 2024"; "2026-03-13T17:00:00Z" -> "March 13, 2026 17:00:00 UTC". Nothing is lost. */
export function looseDate(s: string): string | null {
  let m = ISO_DATE.exec(s);
  if (m && Number(m[2]) >= 1 && Number(m[2]) <= 12) return `${MONTHS[Number(m[2]) - 1]} ${Number(m[3])}, ${m[1]}`;
  m = ISO_DATE_TIME.exec(s);
  if (m && Number(m[2]) >= 1 && Number(m[2]) <= 12) return `${MONTHS[Number(m[2]) - 1]} ${Number(m[3])}, ${m[1]} ${m[4]}:${m[5]}:${m[6]} ${m[7] === 'Z' ? 'UTC' : m[7]}`;
  return null;
}

function flipCase(s: string): string {
  return /[a-z]/.test(s) ? s.toUpperCase() : s.toLowerCase();
}

function camel(name: string): string {
  return name.replace(/[_-]+([a-zA-Z0-9])/g, (_m, c: string) => c.toUpperCase());
}

/** A name's words, as models and schemas split them: `mathFactorial`, `math_factorial`, `Math-Factorial`. */
function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/** Two letters swapped in the middle of a word, or (where they are the same letter) one dropped. */
function typo(s: string): string | null {
  const i = Math.floor(s.length / 2) - 1;
  if (i < 1 || i + 1 >= s.length || !/[A-Za-z]/.test(s[i]) || !/[A-Za-z]/.test(s[i + 1])) return null;
  if (s[i] !== s[i + 1]) return s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2);
  return s.slice(0, i) + s.slice(i + 1);
}

/** A name written as `the same letters, other separators and case` of one of `names`. */
function sameLetters(a: string, names: Iterable<string>): boolean {
  const n = (x: string) => x.toLowerCase().replace(/[^a-z0-9]/g, '');
  for (const b of names) if (n(a) === n(b)) return true;
  return false;
}

/** The tool-name breaks: the name a model sends for `tool`, or null when it has no such form. */
function breakName(kind: BreakKind, tool: CompiledTool, declared: readonly string[]): string | null {
  const ws = nameWords(tool.name);
  const others = declared.filter((d) => d !== tool.name);
  let out: string | null = null;
  switch (kind) {
    case 'tool_prefix':
      out = `functions.${tool.name}`;
      break;
    case 'tool_camel':
      out = ws.length >= 2 ? ws[0] + ws.slice(1).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('') : null;
      break;
    case 'tool_dotted':
      out = ws.length >= 2 ? ws.join('.') : null;
      break;
    case 'tool_misspelt': {
      // One letter dropped from the middle of a name of at least six letters.
      const letters = tool.name.replace(/[^A-Za-z]/g, '');
      if (letters.length < 6) return null;
      const i = Math.floor(tool.name.length / 2);
      const at = /[A-Za-z]/.test(tool.name[i]) ? i : /[A-Za-z]/.test(tool.name[i - 1]) ? i - 1 : -1;
      out = at < 0 ? null : tool.name.slice(0, at) + tool.name.slice(at + 1);
      if (out !== null && sameLetters(out, others)) return null;
      break;
    }
  }
  return out === null || out === tool.name || declared.includes(out) ? null : out;
}

/** The name a model writes for the declared name `k`, from the tables above; null when none. */
function synonymName(k: string): string | null {
  const ws = nameWords(k);
  if (ws.length === 0) return null;
  const sep = k.includes('_') || ws.length === 1 ? '_' : '';
  const join = (parts: string[]) => (sep ? parts.join('_') : parts.map((w, i) => (i ? w.charAt(0).toUpperCase() + w.slice(1) : w)).join(''));
  if (ws.length >= 2 && DROPPED_QUALIFIERS.has(ws[ws.length - 1])) return join(ws.slice(0, -1));
  for (let i = 0; i < ws.length; i++) {
    const other = NAME_SYNONYMS[ws[i]];
    if (other !== undefined) return join([...ws.slice(0, i), ...other.split('_'), ...ws.slice(i + 1)]);
  }
  return null;
}

export function breakCall(kind: BreakKind, tool: CompiledTool, truth: Record<string, Json>, declaredTools?: readonly string[]): Broken | null {
  if (NAME_BREAKS.has(kind)) {
    const name = breakName(kind, tool, declaredTools ?? [tool.name]);
    return name === null ? null : { args: truth, name, at: 'name', knowable: true };
  }
  const all = places(truth);
  const field = (p: Place) => tool.fields.get(p.pattern);
  const keys = Object.keys(truth);
  const declared = new Set([...tool.fields.values()].filter((f) => f.path === f.name).map((f) => f.name));
  switch (kind) {
    case 'enum_case':
      for (const p of all) {
        const f = field(p);
        if (typeof p.value !== 'string' || !f?.enumValues?.includes(p.value)) continue;
        const broken = flipCase(p.value);
        if (broken !== p.value && !f.enumValues.includes(broken)) return { args: setAt(truth, p.path, broken), at: p.pattern, knowable: true };
      }
      return null;
    case 'enum_typo':
      for (const p of all) {
        const f = field(p);
        if (typeof p.value !== 'string' || !f?.enumValues?.includes(p.value) || p.value.replace(/[^A-Za-z]/g, '').length < 4) continue;
        const broken = typo(p.value);
        if (broken === null || sameLetters(broken, f.enumValues.map(String))) continue;
        return { args: setAt(truth, p.path, broken), at: p.pattern, knowable: true };
      }
      return null;
    case 'synonym_field':
      for (const k of keys) {
        const other = synonymName(k);
        if (other === null || declared.has(other) || sameLetters(other, declared)) continue;
        const args = Object.fromEntries(Object.entries(truth).map(([key, v]) => [key === k ? other : key, v]));
        return { args, at: k, knowable: true };
      }
      return null;
    case 'enum_synonym':
      for (const p of all) {
        const f = field(p);
        if (typeof p.value !== 'string' || !f?.enumValues?.includes(p.value)) continue;
        const synonym = SYNONYMS[p.value.toLowerCase()];
        if (synonym === undefined || f.enumValues.includes(synonym)) continue;
        // Knowable only where the pack itself maps the synonym to this value.
        const knowable = Object.prototype.hasOwnProperty.call(f.valueAliases, synonym.toLowerCase()) && f.valueAliases[synonym.toLowerCase()] === p.value;
        return { args: setAt(truth, p.path, synonym), at: p.pattern, knowable };
      }
      return null;
    case 'number_as_string':
      for (const p of all) {
        const types = typesOf(field(p)?.schema);
        if (typeof p.value === 'number' && (types.includes('number') || types.includes('integer')) && !types.includes('string')) return { args: setAt(truth, p.path, String(p.value)), at: p.pattern, knowable: true };
      }
      return null;
    case 'case_field':
      for (const k of keys) {
        const variant = k.includes('_') ? camel(k) : k.charAt(0).toUpperCase() + k.slice(1);
        if (variant === k || declared.has(variant)) continue;
        const args = Object.fromEntries(Object.entries(truth).map(([key, v]) => [key === k ? variant : key, v]));
        return { args, at: k, knowable: true };
      }
      return null;
    case 'misspelt_field':
      for (const k of keys) {
        // One letter dropped from the middle of a name of at least four characters.
        const letters = k.replace(/[^A-Za-z]/g, '');
        if (letters.length < 4) continue;
        const i = Math.floor(k.length / 2);
        const at = /[A-Za-z]/.test(k[i]) ? i : /[A-Za-z]/.test(k[i - 1]) ? i - 1 : -1;
        if (at < 0) continue;
        const typo = k.slice(0, at) + k.slice(at + 1);
        if (declared.has(typo) || [...declared].some((d) => d.toLowerCase().replace(/[_-]/g, '') === typo.toLowerCase().replace(/[_-]/g, ''))) continue;
        const args = Object.fromEntries(Object.entries(truth).map(([key, v]) => [key === k ? typo : key, v]));
        return { args, at: k, knowable: true };
      }
      return null;
    case 'json_string':
      for (const p of all) {
        const types = typesOf(field(p)?.schema);
        const isObject = p.value !== null && typeof p.value === 'object' && !Array.isArray(p.value) && Object.keys(p.value).length > 0;
        const isArray = Array.isArray(p.value) && p.value.length > 0;
        if ((isObject && types.includes('object')) || (isArray && types.includes('array'))) {
          if (types.includes('string')) continue;
          return { args: setAt(truth, p.path, JSON.stringify(p.value)), at: p.pattern, knowable: true };
        }
      }
      return null;
    case 'extra_argument': {
      // An argument the tool does not take and that is no near miss of one it does (that is misspelt_field).
      const near = (a: string, b: string) => distance(a.toLowerCase(), b.toLowerCase()) <= Math.floor(a.length / 3);
      const name = ['confirm', 'trace_context', 'client_reference'].find((n) => ![...declared].some((d) => near(n, d)))!;
      return { args: { ...truth, [name]: true }, at: name, knowable: true };
    }
    case 'missing_required':
      for (const k of keys) {
        if (!tool.fields.get(k)?.required) continue;
        const { [k]: _gone, ...rest } = truth;
        return { args: rest, at: k, knowable: true };
      }
      return null;
    case 'loose_date':
      for (const p of all) {
        if (typeof p.value !== 'string') continue;
        const loose = looseDate(p.value);
        if (!loose) continue;
        const s = field(p)?.schema;
        const knowable = typeof s?.format === 'string' && /date/.test(s.format) ? true : typeof s?.pattern === 'string';
        return { args: setAt(truth, p.path, loose), at: p.pattern, knowable };
      }
      return null;
    default:
      return null;
  }
}
