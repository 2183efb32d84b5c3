// JSON as models write it: a code fence around the call, a sentence before it, a trailing comma, single
// quotes, Python's True/False/None, closers missing at the very end. jsonrepair does the repair; this module
// only lets it stand when the difference between the text and the repair is of those kinds and nothing
// else, token by token, so the repaired value is the only reading of the text. Anything jsonrepair
// guesses (a value added after `"b":`, a string cut off, a missing comma, a comment, a concatenation,
// unquoted keys) fails the comparison and the text stays invalid_json.
import { cutString } from '../faults/received';
import type { Correction, Json, JsonRepairRule } from '../types';

type RepairKind = JsonRepairRule;

/**
 * The longest text a repair is tried on. jsonrepair takes over a second on 5 MB of one string, and a text
 * dense with tokens costs the comparison more; a tool call is far shorter, and a paste past this stays
 * invalid_json, unrepaired, at no extra cost.
 */
export const MAX_REPAIR_CHARS = 128 * 1024;

/**
 * jsonrepair, once installed: json-repair-default.ts installs it, and every entry point imports that (the
 * engine's index, so the package and the CLI; the CLI's log threads; the playground's island and workers).
 * Injected rather than imported here so the playground's first body, which needs no repair for a call that
 * JSON.parse reads, loads without its 3 KB; until it is installed no text is repaired, and the first body
 * leaves a call that fails to parse to the island (first-body-early.ts).
 */
let repairText: ((text: string) => string) | undefined;

export function installJsonRepair(repair: (text: string) => string): void {
  repairText = repair;
}

export function jsonRepairInstalled(): boolean {
  return repairText !== undefined;
}

export interface Repaired {
  /** The repaired text: JSON that JSON.parse accepts. */
  text: string;
  value: Json;
  /** One correction per kind of repair, in the order of REPAIR_ORDER, each showing its first instance. */
  corrections: Correction[];
  /** The text before the JSON (a sentence, a fence's first line), so a line and column in `text` can be told in the text as sent. */
  before: string;
}

type Token =
  | { t: 'p'; v: string }
  | { t: 's'; v: string; single: boolean; raw: string }
  | { t: 'n'; raw: string }
  | { t: 'w'; raw: string };

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const WORD = /[A-Za-z_][A-Za-z0-9_]*/y;
const WORDS = new Set(['true', 'false', 'null', 'True', 'False', 'None']);
const PYTHON: Record<string, string> = { True: 'true', False: 'false', None: 'null' };

/** A character that, right after a number, means it was cut short or is no JSON number (`1.`, `1e`, `0x1`, `1_000`). */
function continuesNumber(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 46 || c === 43 || c === 45;
}

/** A single-quoted string's value: `\'` is a quote, a bare `"` is a character; other escapes as JSON's. */
function singleQuoted(body: string): string | null {
  let json = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '\\' && body[i + 1] === "'") {
      json += "'";
      i++;
    } else if (c === '\\') {
      json += c + (body[i + 1] ?? '');
      i++;
    } else json += c === '"' ? '\\"' : c;
  }
  try {
    return JSON.parse(`"${json}"`) as string;
  } catch {
    return null;
  }
}

/**
 * The tokens of JSON written with single quotes and Python's literals; null at anything else (a comment,
 * an unterminated string, a bare word, a number cut short like `1.` or `-`).
 */
function tokens(text: string): Token[] | null {
  const out: Token[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') i++;
    else if (c === '{' || c === '}' || c === '[' || c === ']' || c === ':' || c === ',') {
      out.push({ t: 'p', v: c });
      i++;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < n && text[j] !== c) {
        if (text.charCodeAt(j) < 0x20) return null;
        j += text[j] === '\\' ? 2 : 1;
      }
      if (j >= n) return null;
      const raw = text.slice(i, j + 1);
      let v: string | null;
      if (c === '"') {
        try {
          v = JSON.parse(raw) as string;
        } catch {
          v = null;
        }
      } else v = singleQuoted(raw.slice(1, -1));
      if (v === null) return null;
      out.push({ t: 's', v, single: c === "'", raw });
      i = j + 1;
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      NUMBER.lastIndex = i;
      const m = NUMBER.exec(text);
      if (!m || continuesNumber(text.charCodeAt(i + m[0].length))) return null;
      out.push({ t: 'n', raw: m[0] });
      i += m[0].length;
    } else {
      WORD.lastIndex = i;
      const m = WORD.exec(text);
      if (!m || !WORDS.has(m[0])) return null;
      out.push({ t: 'w', raw: m[0] });
      i += m[0].length;
    }
  }
  return out;
}

/** A fence's opening: three backticks and an optional `json` tag on their own line. */
const FENCE_OPEN = /^```[ \t]*(?:json|JSON)?[ \t]*(?:\r?\n)?/;

/** The text split into what a model put around the JSON and the JSON itself; null when that is not certain. */
function unwrap(text: string): { core: string; fence: string | null; lead: string; before: string } | null {
  // JSON from its first character: nothing around it (a ``` further on sits inside a string).
  const start = text.search(/\S/);
  if (start >= 0 && (text[start] === '{' || text[start] === '[')) return { core: text, fence: null, lead: '', before: '' };
  const fenceAt = text.indexOf('```');
  let lead: string;
  let core: string;
  let fence: string | null = null;
  let before: string;
  if (fenceAt >= 0) {
    lead = text.slice(0, fenceAt);
    // One fenced block and nothing after it but white space: the last ``` closes the first.
    const close = text.lastIndexOf('```');
    const open = FENCE_OPEN.exec(text.slice(fenceAt, fenceAt + 16));
    if (!open || close <= fenceAt || text.slice(close + 3).trim() !== '') return null;
    core = text.slice(fenceAt + open[0].length, close);
    before = text.slice(0, fenceAt + open[0].length);
    if (core.includes('```')) return null;
    fence = open[0].trim();
  } else {
    const brace = text.indexOf('{');
    if (brace < 0) return null;
    lead = text.slice(0, brace);
    core = text.slice(brace);
    before = lead;
  }
  // A sentence, not JSON cut at the front: no bracket, double quote or quoted key in it (`"a": 1, {"b": 2}`
  // has two readings).
  if (/[{}[\]"]|'\s*:/.test(lead)) return null;
  if (fence === null && !/[A-Za-z]/.test(lead)) return null;
  return { core, fence, lead: lead.trim(), before };
}

const REPAIR_ORDER: readonly RepairKind[] = ['json_code_fence', 'json_leading_text', 'json_trailing_comma', 'json_single_quotes', 'json_python_literals', 'json_closing_brackets'];

/**
 * The text repaired, when every repair it needs is certain; null otherwise. `field` names where the text sat
 * ('' for a whole call, 'arguments' for OpenAI's arguments string). Only for text JSON.parse has refused.
 */
export function repairJson(text: string, field: string): Repaired | null {
  if (text.length > MAX_REPAIR_CHARS || !repairText) return null;
  const parts = unwrap(text);
  if (!parts) return null;
  let repaired: string;
  try {
    repaired = repairText(parts.core);
  } catch {
    // jsonrepair gives up (or recurses too deep on 10,000 levels): nothing certain to offer.
    return null;
  }
  let value: Json;
  try {
    value = JSON.parse(repaired) as Json;
  } catch {
    return null;
  }
  const sent = tokens(parts.core);
  const made = tokens(repaired);
  if (!sent || !made || !sent.length) return null;
  const found = new Map<RepairKind, { from: Json; to: Json }>();
  const note = (kind: RepairKind, from: Json, to: Json) => {
    if (!found.has(kind)) found.set(kind, { from, to });
  };
  if (parts.fence !== null) note('json_code_fence', parts.fence, '');
  if (parts.lead) note('json_leading_text', cutString(parts.lead), '');
  let j = 0;
  for (let i = 0; i < sent.length; i++) {
    const s = sent[i];
    const next = sent[i + 1];
    if (s.t === 'p' && s.v === ',' && next?.t === 'p' && (next.v === '}' || next.v === ']')) {
      note('json_trailing_comma', `,${next.v}`, next.v);
      continue;
    }
    const m = made[j++];
    if (!m || m.t !== (s.t === 'w' && s.raw in PYTHON ? 'w' : s.t)) return null;
    if (s.t === 'p' && (m as typeof s).v !== s.v) return null;
    if (s.t === 'n' && (m as typeof s).raw !== s.raw) return null;
    if (s.t === 's') {
      if ((m as typeof s).v !== s.v) return null;
      if (s.single) note('json_single_quotes', cutString(s.raw), cutString((m as typeof s).raw));
    }
    if (s.t === 'w') {
      const want = PYTHON[s.raw] ?? s.raw;
      if ((m as typeof s).raw !== want) return null;
      if (want !== s.raw) note('json_python_literals', s.raw, want);
    }
  }
  if (j < made.length) {
    // Only closers, and only after a finished value: `{"a": [` ends inside a value, which no closer finishes.
    const last = sent[sent.length - 1];
    if (last.t === 'p' && last.v !== '}' && last.v !== ']') return null;
    const rest = made.slice(j);
    if (!rest.every((t) => t.t === 'p' && (t.v === '}' || t.v === ']'))) return null;
    note('json_closing_brackets', '', rest.map((t) => (t as { v: string }).v).join(''));
  }
  if (!found.size) return null;
  const corrections: Correction[] = REPAIR_ORDER.filter((k) => found.has(k)).map((rule) => ({ field, rule, ...found.get(rule)! }));
  return { text: repaired, value, corrections, before: parts.before };
}
