// What a field takes, read from its schema (its types from schema.ts's typesOf): whether a string goes in
// it and is held to a format or pattern there. The shape modules choose with these where a value may go.
import { typesOf } from '../schema';
import type { FieldInfo } from '../types';

/** A field a string may be sent in: a string field, or one of no declared type. */
export function takesString(f: FieldInfo): boolean {
  const t = typesOf(f.schema);
  return t.length === 0 || t.includes('string');
}

/** A string field whose format or pattern a string can be said to fit (any string fits a bare string field). */
export function hasStringRule(f: FieldInfo): boolean {
  return takesString(f) && (typeof f.schema.format === 'string' || typeof f.schema.pattern === 'string');
}
