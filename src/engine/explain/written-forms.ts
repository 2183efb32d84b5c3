// A value written in another plain form than a format or pattern asks, read the one way it can be read:
// a phone number with spaces, brackets or dashes, or the 00 international prefix, as + and its digits; a host
// and path without a scheme, as an https URL; a mailbox (`Ada <ada@example.com>`, `mailto:ada@example.com`)
// as its address; a size written `1920 by 1080` or `1920 × 1080` as `1920x1080`; a hex colour with or
// without its `#` or `0x`; a month in words (`March 2026`) as `2026-03`; a value in the other case; an RFC
// 3339 date-time as the Unix time the rule counts in, where the rule names its unit; an ISO date in the
// template the rule names (`DD-MM-YYYY`); a title as a slug; degrees with hemisphere letters as signed
// decimals; a value with spaces around it, trimmed. These are offers, not
// absorptions: candidates.ts keeps one only if it passes the field's whole schema (and the rules read beside
// it), and a model chooses.
import { monthOf } from '../shared/date-formats';

/** A phone number as people write it: + or 00, then digits with spaces, brackets, dashes or dots. */
const WRITTEN_PHONE = /^(?:\+|00)\s*\(?\d[\d\s().-]{5,}$/;
/** A host with at least one dot, and an optional port and path: `example.com/icon.png`, `www.example.org`. */
const BARE_HOST = /^((?:www\.)?[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.([a-z]{2,}))(?::\d{1,5})?([/?#][^\s]*)?$/i;
/** Endings that are hosts' more often than files' (`notes.md`, `file.txt` are files). */
const COMMON_TLDS = new Set(['com', 'org', 'net', 'io', 'dev', 'app', 'co', 'ai', 'edu', 'gov', 'us', 'uk', 'de', 'fr', 'eu', 'ca', 'au', 'jp', 'in', 'info', 'biz', 'me', 'tv', 'site', 'cloud', 'tech']);

/** A host the value plainly names: www. before it, a path after it, or an ending hosts use. */
function bareHost(t: string): boolean {
  const m = BARE_HOST.exec(t);
  return !!m && (/^www\./i.test(t) || m[3] !== undefined || COMMON_TLDS.has(m[2].toLowerCase()));
}

/** An address in angle brackets after a display name, or behind mailto:, one address only. */
const MAILBOX = /^[^<>@]*<([^<>\s@]+@[^<>\s@]+\.[^<>\s@]+)>$/;
const MAILTO = /^mailto:([^?\s@]+@[^?\s@]+\.[^?\s@]+)$/i;
/** Two whole numbers joined by "by", "×" or "X" with spaces: a width and a height. */
const SIZE = /^(\d{1,6})\s*(?:by|×|\*|\s[xX]\s)\s*(\d{1,6})$/;

const MONTH_YEAR = /^([A-Za-z]+)\.? (\d{4})$/;
const HEX = /^(#|0x)?([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
/** An RFC 3339 date-time with its offset: one instant, so one Unix time. */
const INSTANT = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:[Zz]|[+-]\d{2}:\d{2})$/;

export interface WrittenFormOptions {
  /** The unit the rule counts a Unix time in, when its words name one. */
  epoch?: 'seconds' | 'milliseconds';
  /** The date template the rule's words name, day or month first (`DD/MM/YYYY`, `MM-DD-YYYY HH:MM`). */
  template?: string;
}

/** A latitude and longitude with hemisphere letters: `36.2522 N, 105.3437 W`. */
const GEO = /^(\d{1,2}(?:\.\d+)?)\s*°?\s*([NSns])\s*,?\s+(\d{1,3}(?:\.\d+)?)\s*°?\s*([EWew])$/;

/** A date as YYYY-MM-DD, with a time of hours and minutes (and seconds) after a space or a T, nothing after. */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::\d{2})?)?$/;

/** An ISO date written in the template: one reading, since the ISO form says which number is the day. */
function inTemplate(t: string, template: string): string | undefined {
  const tm = /^(DD|MM)([-/])(MM|DD)\2YYYY( HH:MM)?$/.exec(template);
  const d = ISO_DATE.exec(t);
  if (!tm || !d || tm[1] === tm[3] || !!tm[4] !== (d[4] !== undefined)) return undefined;
  const [, year, month, day] = d;
  const date = tm[1] === 'DD' ? `${day}${tm[2]}${month}${tm[2]}${year}` : `${month}${tm[2]}${day}${tm[2]}${year}`;
  return tm[4] ? `${date} ${d[4]}:${d[5]}` : date;
}

export function rewrittenForms(value: string, options: WrittenFormOptions = {}): string[] {
  if (value.length > 512) return [];
  const out = new Set<string>();
  const t = value.trim();
  if (t !== value && t !== '') out.add(t);
  if (WRITTEN_PHONE.test(t)) {
    const digits = t.replace(/[\s().-]/g, '');
    out.add(digits.startsWith('00') ? `+${digits.slice(2)}` : digits);
  }
  if (bareHost(t)) out.add(`https://${t}`);
  const mailbox = MAILBOX.exec(t) ?? MAILTO.exec(t);
  if (mailbox) out.add(mailbox[1]);
  const size = SIZE.exec(t);
  if (size) out.add(`${size[1]}x${size[2]}`);
  const hex = HEX.exec(t);
  if (hex && (hex[1] || /[a-f]/i.test(hex[2]) || hex[2].length === 6)) {
    out.add(hex[2]);
    out.add(`#${hex[2]}`);
  }
  const month = MONTH_YEAR.exec(t);
  const m = month ? monthOf(month[1]) : undefined;
  if (month && m !== undefined) out.add(`${month[2]}-${String(m).padStart(2, '0')}`);
  if (options.epoch && INSTANT.test(t)) {
    const ms = Date.parse(t);
    if (Number.isFinite(ms)) out.add(options.epoch === 'milliseconds' ? String(ms) : String(Math.floor(ms / 1000)));
  }
  // A title where a slug goes: its words in lower case joined by hyphens.
  if (/^[A-Za-z][A-Za-z0-9]*(?: [A-Za-z][A-Za-z0-9]*)+$/.test(t)) out.add(t.toLowerCase().split(' ').join('-'));
  // Degrees with their hemisphere letters, as signed decimal degrees (south and west below zero).
  const geo = GEO.exec(t);
  if (geo) out.add(`${geo[2].toUpperCase() === 'S' ? '-' : ''}${geo[1]}, ${geo[4].toUpperCase() === 'W' ? '-' : ''}${geo[3]}`);
  const dated = options.template ? inTemplate(t, options.template) : undefined;
  if (dated) out.add(dated);
  // A Unix time in the other unit: ten digits of seconds where milliseconds go, thirteen of milliseconds where seconds go.
  if (options.epoch === 'milliseconds' && /^\d{9,10}$/.test(t)) out.add(`${t}000`);
  if (options.epoch === 'seconds' && /^\d{12,13}$/.test(t)) out.add(t.slice(0, -3));
  out.delete(value);
  return [...out];
}

/** A token (no spaces) in the other case: where a rule fixes the case, only one of them passes it. Mixed case is kept: there the case is part of the value (an id's), and changing it would name another. */
export function otherCases(value: string): string[] {
  if (value.length > 64) return [];
  const t = value.trim();
  if (/\s/.test(t) || !/[a-z]/i.test(t) || (/[a-z]/.test(t) && /[A-Z]/.test(t))) return [];
  return [...new Set([t.toUpperCase(), t.toLowerCase()])].filter((v) => v !== value);
}
