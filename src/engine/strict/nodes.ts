// Small readers of schema nodes the strict files share.
import type { SchemaNode } from '../types';

export function isObj(v: unknown): v is SchemaNode {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}


/** The schema without its x- keywords: what a vendor is sent. */
export function withoutExtensions(v: unknown): unknown {
  return Array.isArray(v) ? v.map(withoutExtensions) : isObj(v) ? Object.fromEntries(Object.entries(v).filter(([k]) => !k.startsWith('x-')).map(([k, x]) => [k, withoutExtensions(x)])) : v;
}

/** A schema as one line of JSON, for a rule stated in words. */
export function compact(v: unknown): string {
  return JSON.stringify(withoutExtensions(v));
}
