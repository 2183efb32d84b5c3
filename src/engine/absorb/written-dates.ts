// A date or date-time written in another form, where the field's format is date or date-time: read as the
// one value it names (26/05/2024 -> 2024-05-26, "March 11, 2026" -> 2026-03-11, a space for the T), when
// it has exactly one reading and that reading drops nothing (a time where only a date goes is refused, as
// is 05/06/2024, whose two readings explain/values.ts names). The readings are date-formats.ts's.
import { dateReading } from '../shared/date-formats';
import type { SchemaNode } from '../types';
import { fits } from './decorated-ids';

/** The value in the form the field's format wants; undefined when it has no one reading, or is in that form. */
export function readWrittenDate(node: SchemaNode, value: string): string | undefined {
  const format = node.format;
  if ((format !== 'date' && format !== 'date-time') || value.length > 64) return undefined;
  // RFC 3339 takes a lower-case t: such a value is in the form already.
  if (/^\d{4}-\d{2}-\d{2}t/.test(value)) return undefined;
  const r = dateReading(format, value);
  return r?.same && r.reading !== undefined && fits(node, r.reading) ? r.reading : undefined;
}
