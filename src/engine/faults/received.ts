// `received`: the parsed value as JSON, with long strings cut and marked, and deep or wide values
// bounded, so a 5 MB paste still gives a short body.
import type { Json } from '../types';

export const RECEIVED_MAX_STRING = 120;
const MAX_ITEMS = 8;
const MAX_DEPTH = 3;

export function cutString(s: string, max = RECEIVED_MAX_STRING): string {
  if (s.length <= max) return s;
  // Do not split a surrogate pair at the cut.
  let end = max;
  const code = s.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${s.slice(0, end)}…[cut: ${s.length} characters in all]`;
}

export function cutReceived(value: Json, depth = 0): Json {
  if (typeof value === 'string') return cutString(value);
  // JSON would write NaN and Infinity as null; say what arrived.
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return Array.isArray(value) ? `[…${value.length} items]` : '{…}';
  if (Array.isArray(value)) {
    const head = value.slice(0, MAX_ITEMS).map((v) => cutReceived(v, depth + 1));
    if (value.length > MAX_ITEMS) head.push(`…[cut: ${value.length} items in all]`);
    return head;
  }
  const keys = Object.keys(value);
  const entries: [string, Json][] = keys.slice(0, MAX_ITEMS).map((k) => [cutString(k, 40), cutReceived(value[k], depth + 1)]);
  if (keys.length > MAX_ITEMS) entries.push(['…', `[cut: ${keys.length} keys in all]`]);
  return Object.fromEntries(entries);
}
