// A value written in another plain form than a format or pattern asks, read the one way it can be read:
// a phone number with spaces, brackets or dashes, or the 00 international prefix, as + and its digits; a host
// and path without a scheme, as an https URL; a value with spaces around it, trimmed. These are offers, not
// absorptions: candidates.ts keeps one only if it passes the field's whole schema (and the rules read beside
// it), and a model chooses.

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

export function rewrittenForms(value: string): string[] {
  if (value.length > 512) return [];
  const out = new Set<string>();
  const t = value.trim();
  if (t !== value && t !== '') out.add(t);
  if (WRITTEN_PHONE.test(t)) {
    const digits = t.replace(/[\s().-]/g, '');
    out.add(digits.startsWith('00') ? `+${digits.slice(2)}` : digits);
  }
  if (bareHost(t)) out.add(`https://${t}`);
  out.delete(value);
  return [...out];
}
