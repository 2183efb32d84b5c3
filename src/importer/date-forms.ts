// Date-time forms a vendor documents beyond RFC 3339, so the vendor's own values are not refused:
// - a document whose own examples write a date-time offset without its colon (Jira: `…T12:34:00.000+0000`)
//   takes that form on every date-time field of the document, besides RFC 3339's;
// - an object with a date-time `dateTime` beside a `timeZone` (Google Calendar's EventDateTime) takes a
//   dateTime without an offset when timeZone is given, and asks for the offset when it is not, as Google
//   documents (https://developers.google.com/workspace/calendar/api/v3/reference/events#resource).
// - a date-time field whose own examples are plain dates (Twilio's date filters, documented as YYYY-MM-DD)
//   takes a date too.
// All are declared on the field itself (a pattern with its rule and example), never by loosening the
// engine's date-time format, which every other field keeps.
import { DATE_OR_DATE_TIME, DATE_TIME_OFFSET_COLON_OPTIONAL, DATE_TIME_OFFSET_OPTIONAL } from '../engine/shared/date-formats';
import type { SchemaNode } from '../engine/types';

/** A date-time with an offset of four digits and no colon, as found in a document's examples. */
const COLONLESS_OFFSET = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?[+-]\d{4}\b/;

export interface DocumentDateForms {
  /** One of the document's own example values whose offset has no colon, when there is one. */
  colonlessOffsetExample?: string;
}

const EXAMPLE_KEYS = new Set(['example', 'examples', 'x-example', 'x-examples']);

/** Reads the example values of a whole document (request and response sides) for the date-time forms they use. */
export function documentDateForms(doc: unknown): DocumentDateForms {
  const forms: DocumentDateForms = {};
  const seen = new Set<unknown>();
  const scan = (v: unknown, depth: number): void => {
    if (forms.colonlessOffsetExample || depth > 60) return;
    if (typeof v === 'string') {
      const m = COLONLESS_OFFSET.exec(v);
      if (m) forms.colonlessOffsetExample = m[0];
      return;
    }
    if (!v || typeof v !== 'object' || seen.has(v)) return;
    seen.add(v);
    for (const x of Array.isArray(v) ? v : Object.values(v)) scan(x, depth + 1);
  };
  const walk = (node: unknown, depth: number): void => {
    if (forms.colonlessOffsetExample || !node || typeof node !== 'object' || depth > 60 || seen.has(node)) return;
    seen.add(node);
    for (const [k, v] of Array.isArray(node) ? node.entries() : Object.entries(node)) {
      if (typeof k === 'string' && EXAMPLE_KEYS.has(k)) scan(v, 0);
      else walk(v, depth + 1);
    }
  };
  walk(doc, 0);
  return forms;
}

/** The rule of a date-time field that also takes the colonless offset. */
const COLONLESS_RULE = 'a date-time with seconds and an offset written Z, ±hh:mm or ±hhmm';

/** A date-time field of a document whose examples use the colonless offset: it takes both forms. */
export function applyColonlessOffset(node: SchemaNode, forms: DocumentDateForms): boolean {
  if (node.format !== 'date-time' || !forms.colonlessOffsetExample) return false;
  delete node.format;
  node.pattern = DATE_TIME_OFFSET_COLON_OPTIONAL;
  node['x-rule'] = COLONLESS_RULE;
  node['x-example'] = forms.colonlessOffsetExample;
  return true;
}

/** The rule of a dateTime beside a timeZone. */
const ZONED_RULE = 'an RFC 3339 date-time; the offset (Z or ±hh:mm) may be left out only when timeZone is given beside it';

/**
 * The `dateTime` of an object that has a string `timeZone` beside it: it takes a value without an offset.
 * The object then needs ZONED_CONDITION, which holds dateTime to the strict format when timeZone is absent.
 */
export function applyZonedDateTime(dateTime: SchemaNode, timeZone: unknown): boolean {
  const tz = timeZone as SchemaNode | undefined;
  if (!tz || typeof tz !== 'object' || dateTime.format !== 'date-time' || !(tz.type === 'string' || (Array.isArray(tz.type) && tz.type.includes('string')))) return false;
  delete dateTime.format;
  dateTime.pattern = DATE_TIME_OFFSET_OPTIONAL;
  dateTime['x-rule'] = ZONED_RULE;
  dateTime['x-example'] = '2026-03-11T09:00:00+01:00';
  return true;
}

/** On the object that holds a zoned dateTime: without timeZone, dateTime is an RFC 3339 date-time with its offset. */
export function zonedCondition(): SchemaNode {
  return { if: { required: ['timeZone'] }, else: { properties: { dateTime: { format: 'date-time' } } } };
}

/** The rule of a date-time field that also takes a date. */
const DATE_OR_DATE_TIME_RULE = 'an RFC 3339 date-time, or a date in YYYY-MM-DD form';

/** A date-time field whose own example values (`examples`: the vendor's, read only here) are dates: it takes a date too. */
export function applyDateAccepted(node: SchemaNode, examples: unknown[]): boolean {
  const date = examples.find((v): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v));
  if (node.format !== 'date-time' || date === undefined) return false;
  delete node.format;
  node.pattern = DATE_OR_DATE_TIME;
  node['x-rule'] = DATE_OR_DATE_TIME_RULE;
  node['x-example'] = date;
  return true;
}
