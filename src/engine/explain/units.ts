// Units of numeric fields (the `x-unit` pack keyword): the rule a fault's message states, and the value
// the caller obviously meant, converted. An amount in the smallest currency unit is the classic case: a
// model reads 15.00 off a page and sends "15.00", and offering 15 would refund fifteen cents. A decimal
// point on such a field means major units, and a conversion that depends on the currency is offered only
// when the currency is known (a sibling argument, or the record the call names). Pure: no DOM, no Node.
import currencyData from '../registries/data/currency-digits.json';
import { checkExpr, evaluate, parsePath, type ExprContext, type ParsedPath } from '../shared/conditions';
import type { WrittenNumber } from '../parse/json-scan';
import { patternOf, valueAt } from '../paths';
import { makeFault } from '../faults/fault';
import type { CompiledTool, Fault, Json, JsonObject, SchemaNode, UnitSpec } from '../types';
import { typesOf } from '../schema';

export type UnitKind = UnitSpec['kind'];
export const UNIT_KINDS: readonly UnitKind[] = ['currency-minor', 'unix-seconds', 'unix-milliseconds', 'minutes', 'seconds', 'bytes'];

/** The currency an amount is counted in, for one call: its ISO 4217 code (lower case) and minor-unit digits. */
export interface CurrencyFacts {
  code: string;
  digits: number;
}

/** The x-unit value as the field index keeps it; undefined when it is not a well-formed unit. */
export function parseUnit(raw: unknown): UnitSpec | undefined {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const r = raw as JsonObject;
  if (typeof r.kind !== 'string' || !(UNIT_KINDS as readonly string[]).includes(r.kind)) return undefined;
  return r.currency === undefined ? { kind: r.kind as UnitKind } : { kind: r.kind as UnitKind, currency: r.currency };
}

// ---- currencies ----------------------------------------------------------------------------------

const DIGITS: Readonly<Record<string, number>> = (currencyData as { digits: Record<string, number> }).digits;

/** ISO 4217 minor-unit digits (usd 2, jpy 0, kwd 3), from currency-codes via npm run registries; undefined for an unknown code. */
export function currencyDigits(code: string): number | undefined {
  const key = code.toLowerCase();
  return Object.prototype.hasOwnProperty.call(DIGITS, key) ? DIGITS[key] : undefined;
}

/** The currency of one call, from the unit's expression over the arguments and the state; undefined when unknown. */
export function resolveCurrency(unit: UnitSpec, args: Json, state: unknown): CurrencyFacts | undefined {
  if (unit.kind !== 'currency-minor' || unit.currency === undefined) return undefined;
  const s = state && typeof state === 'object' && !Array.isArray(state) ? (state as JsonObject) : {};
  let value: Json | undefined;
  try {
    value = evaluate(unit.currency, { args, caller: s.caller, now: s.now, records: s.records, names: new Map() });
  } catch {
    return undefined;
  }
  if (typeof value !== 'string' || !/^[A-Za-z]{3}$/.test(value)) return undefined;
  const digits = currencyDigits(value);
  // A registry code, never the caller's text, is what a message may name.
  return digits === undefined ? undefined : { code: value.toLowerCase(), digits };
}

const symbolCache = new Map<string, string[]>();

/** What may mark an amount as being in this currency: its code, and its English symbols ("$", "CA$", "€"). */
function currencyMarkers(code: string): string[] {
  let markers = symbolCache.get(code);
  if (!markers) {
    markers = [code.toLowerCase()];
    for (const currencyDisplay of ['symbol', 'narrowSymbol'] as const) {
      try {
        const part = new Intl.NumberFormat('en', { style: 'currency', currency: code.toUpperCase(), currencyDisplay }).formatToParts(0).find((p) => p.type === 'currency');
        if (part && !markers.includes(part.value.toLowerCase())) markers.push(part.value.toLowerCase());
      } catch {
        // An engine without this currency's data: the code alone marks it.
      }
    }
    symbolCache.set(code, markers);
  }
  return markers;
}

// ---- fitting the field -----------------------------------------------------------------------------

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

function wantsInteger(schema: SchemaNode): boolean {
  const t = schema.type;
  return t === 'integer' || (Array.isArray(t) && t.includes('integer') && !t.includes('number'));
}

/** Whether a number satisfies the field's numeric rules: integer, bounds, multipleOf. */
export function fitsNumber(n: number, schema: SchemaNode): boolean {
  if (!Number.isFinite(n) || (wantsInteger(schema) && !Number.isSafeInteger(n))) return false;
  const min = num(schema.minimum);
  const max = num(schema.maximum);
  const xmin = num(schema.exclusiveMinimum);
  const xmax = num(schema.exclusiveMaximum);
  const step = num(schema.multipleOf);
  if (min !== undefined && n < min) return false;
  if (max !== undefined && n > max) return false;
  if (xmin !== undefined && n <= xmin) return false;
  if (xmax !== undefined && n >= xmax) return false;
  if (step !== undefined && step > 0 && !Number.isInteger(n / step)) return false;
  return true;
}

// ---- the rule in words --------------------------------------------------------------------------------

const MINUTE_EXAMPLES: [number, string][] = [[1440, '1 day'], [60, '1 hour'], [30, '30 minutes'], [1, '1 minute']];
const SECOND_EXAMPLES: [number, string][] = [[3600, '1 hour'], [60, '1 minute'], [1, '1 second']];
const BYTE_EXAMPLES: [number, string][] = [[1048576, '1 MiB'], [1024, '1 KiB'], [1, '1 byte']];
const EPOCH_EXAMPLE = { seconds: 1700000000, iso: '2023-11-14T22:13:20Z' };

/** ", e.g. 1440 for 1 day" with the first example the field accepts; empty when none does. */
function firstExample(examples: [number, string][], schema: SchemaNode): string {
  const hit = examples.find(([n]) => fitsNumber(n, schema));
  return hit ? `, e.g. ${hit[0]} for ${hit[1]}` : '';
}

/** 15.5 with `digits` decimals: "15.50"; 1550 with none: "1550". */
function majorText(major: number, digits: number): string {
  return major.toFixed(digits);
}

function currencyExample(schema: SchemaNode, digits: number, suffix: string): string {
  // 15.50 in major units, or a credit of -15.50 on a field that only takes negatives.
  for (const major of digits === 0 ? [1550, -1550] : [15.5, 0.5, -15.5]) {
    const minor = Math.round(major * 10 ** digits);
    if (fitsNumber(minor, schema)) return `, e.g. ${minor} for ${majorText(major, digits)}${suffix}`;
  }
  return '';
}

/**
 * What the field holds, as a noun phrase completing "must be …", with a worked example that the field
 * itself accepts: `an integer in usd cents, e.g. 1550 for 15.50`.
 * `currency` is the call's currency for a currency-minor field; undefined when it cannot be known.
 */
/** The JSON type unitRule's words ask for first ("an integer in usd cents"); none for a time, which it names by its unit. */
export function unitType(unit: UnitSpec, schema: SchemaNode): string | undefined {
  if (unit.kind === 'unix-seconds' || unit.kind === 'unix-milliseconds') return undefined;
  return wantsInteger(schema) ? 'integer' : 'number';
}

export function unitRule(unit: UnitSpec, schema: SchemaNode, currency?: CurrencyFacts): string {
  const count = wantsInteger(schema) ? 'an integer in' : 'a number in';
  switch (unit.kind) {
    case 'currency-minor': {
      if (!currency) return `${count} the currency's smallest unit (cents for usd, whole yen for jpy)${currencyExample(schema, 2, ' usd')}`;
      const { code, digits } = currency;
      if (digits === 0) return `${count} whole ${code} (it has no smaller unit)${currencyExample(schema, 0, ` ${code}`)}`;
      const what = digits === 2 ? `${code} cents` : `the smallest unit of ${code} (1/${10 ** digits})`;
      return `${count} ${what}${currencyExample(schema, digits, '')}`;
    }
    case 'unix-seconds':
      return `Unix time in seconds (not ms)${fitsNumber(EPOCH_EXAMPLE.seconds, schema) ? `, e.g. ${EPOCH_EXAMPLE.seconds} for ${EPOCH_EXAMPLE.iso}` : ''}`;
    case 'unix-milliseconds':
      return `Unix time in milliseconds${fitsNumber(EPOCH_EXAMPLE.seconds * 1000, schema) ? `, e.g. ${EPOCH_EXAMPLE.seconds * 1000} for ${EPOCH_EXAMPLE.iso}` : ''}`;
    case 'minutes':
      return `${count} minutes${firstExample(MINUTE_EXAMPLES, schema)}`;
    case 'seconds':
      return `${count} seconds${firstExample(SECOND_EXAMPLES, schema)}`;
    case 'bytes':
      return `${count} bytes${firstExample(BYTE_EXAMPLES, schema)}`;
  }
}

// ---- what the caller meant ------------------------------------------------------------------------------

/** A non-negative decimal numeral as an exact integer count of 10^-scale units; undefined if it needs more decimals or is unsafe. */
function scaled(intDigits: string, fracDigits: string, scale: number): number | undefined {
  // Extra decimals are acceptable only as trailing zeros: 15.500 is 15.50, 15.505 is not a count of cents.
  if (fracDigits.length > scale && /[^0]/.test(fracDigits.slice(scale))) return undefined;
  const n = Number(intDigits + fracDigits.slice(0, scale).padEnd(scale, '0'));
  return Number.isSafeInteger(n) ? n : undefined;
}

// sign, marker, sign, digits (optionally grouped by commas in threes), decimals, marker.
const AMOUNT = /^([-+]?)\s*([^\d\s.,+-]*)\s*([-+]?)\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?\s*([^\d\s.,+-]*)$/u;
const MAX_TEXT = 64;

/**
 * An amount as sent, in the smallest unit: `"1,550"` -> 1550 (a count), `"15.50"`, `15.5`, `"$15.50"` and
 * `"15.50 USD"` -> 1550 for usd (a decimal point or a currency marker means major units). Nothing when the
 * conversion needs a currency that is not known, or the marker names another currency.
 */
function minorAmount(value: Json, currency: CurrencyFacts | undefined): number | undefined {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value.trim() : '';
  if (!text || text.length > MAX_TEXT) return undefined;
  const m = AMOUNT.exec(text);
  if (!m) return undefined;
  const [, sign1, pre, sign2, grouped, frac, post] = m;
  if (sign1 && sign2) return undefined;
  const negative = (sign1 || sign2) === '-';
  const digits = grouped.replace(/,/g, '');
  const markers = [pre, post].filter(Boolean).map((s) => s.toLowerCase());
  let count: number | undefined;
  if (markers.length === 0 && frac === undefined) {
    // A plain count, the field's own unit: no currency needed.
    count = Number(digits);
    if (!Number.isSafeInteger(count)) return undefined;
  } else {
    if (!currency) return undefined;
    const allowed = currencyMarkers(currency.code);
    if (!markers.every((mk) => allowed.includes(mk))) return undefined;
    count = scaled(digits, frac ?? '', currency.digits);
  }
  if (count === undefined) return undefined;
  return negative ? -count : count;
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** Epoch milliseconds of a date-time with an offset; a date-time without one is no instant, so undefined. */
function instantMs(text: string): number | undefined {
  if (!RFC3339.test(text)) return undefined;
  const ms = Date.parse(text.replace(' ', 'T'));
  return Number.isFinite(ms) ? ms : undefined;
}

/** An integer written as digits, as a number; undefined otherwise. */
function integerOf(value: Json): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value === 'string' && /^-?\d{1,16}$/.test(value.trim())) {
    const n = Number(value.trim());
    return Number.isSafeInteger(n) ? n : undefined;
  }
  return undefined;
}

/** Seconds since the epoch for an epoch in seconds, milliseconds or microseconds, or an ISO date-time. */
function epochSeconds(value: Json): number | undefined {
  if (typeof value === 'string') {
    const ms = instantMs(value.trim());
    if (ms !== undefined) return ms % 1000 === 0 ? ms / 1000 : undefined;
  }
  const n = integerOf(value);
  if (n === undefined) return undefined;
  // 1e11 seconds is the year 5138: anything larger is milliseconds or microseconds, converted only when exact.
  if (Math.abs(n) < 1e11) return n;
  for (const per of [1000, 1e6]) if (n % per === 0 && Math.abs(n / per) < 1e11) return n / per;
  return undefined;
}

function epochMilliseconds(value: Json): number | undefined {
  if (typeof value === 'string') {
    const ms = instantMs(value.trim());
    if (ms !== undefined) return ms;
  }
  const n = integerOf(value);
  if (n === undefined) return undefined;
  // Microseconds (past 1e14, the year 5138 in milliseconds) convert when exact; a smaller count is taken as sent.
  if (Math.abs(n) < 1e14) return n;
  return n % 1000 === 0 ? n / 1000 : undefined;
}

const DURATION_UNITS: Record<string, number> = {
  w: 604800, wk: 604800, wks: 604800, week: 604800, weeks: 604800,
  d: 86400, day: 86400, days: 86400,
  h: 3600, hr: 3600, hrs: 3600, hour: 3600, hours: 3600,
  m: 60, min: 60, mins: 60, minute: 60, minutes: 60,
  s: 1, sec: 1, secs: 1, second: 1, seconds: 1,
};
const ISO_DURATION = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;

/** A duration in seconds: "1 day", "2 hours", "90 min", "1h30m", "1 hour and 30 minutes", "PT1H30M". No months or years: their length varies. */
export function durationSeconds(text: string): number | undefined {
  const t = text.trim();
  if (!t || t.length > MAX_TEXT) return undefined;
  const iso = ISO_DURATION.exec(t.toUpperCase());
  if (iso) {
    if (!iso.slice(1).some((x) => x !== undefined) || /T$/.test(t.toUpperCase())) return undefined;
    const [w, d, h, m, s] = iso.slice(1).map((x) => Number(x ?? 0));
    return w * 604800 + d * 86400 + h * 3600 + m * 60 + s;
  }
  let rest = t.toLowerCase();
  let total = 0;
  let parts = 0;
  const part = /^(\d+(?:\.\d+)?)\s*([a-z]+)\s*(?:,\s*|and\s+)?/;
  while (rest.length) {
    const m = part.exec(rest);
    if (!m || !(m[2] in DURATION_UNITS)) return undefined;
    total += Number(m[1]) * DURATION_UNITS[m[2]];
    parts++;
    rest = rest.slice(m[0].length);
  }
  return parts ? total : undefined;
}

const BYTE_UNITS: Record<string, number> = { b: 1, byte: 1, bytes: 1, kib: 1024, mib: 1024 ** 2, gib: 1024 ** 3, tib: 1024 ** 4 };

/** A size in bytes; only binary multiples (KiB, MiB…), since "1 MB" may mean 10^6 or 2^20. */
function byteCount(text: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)\s*([a-z]+)$/i.exec(text.trim());
  if (!m || !(m[2].toLowerCase() in BYTE_UNITS)) return undefined;
  return Number(m[1]) * BYTE_UNITS[m[2].toLowerCase()];
}

/** A duration field: a plain count is already in the unit; text with units is converted exactly. */
function durationIn(value: Json, unitSeconds: number): number | undefined {
  const n = integerOf(value);
  if (n !== undefined) return n;
  if (typeof value !== 'string') return undefined;
  const secs = durationSeconds(value);
  if (secs === undefined) return undefined;
  const r = secs / unitSeconds;
  return Number.isInteger(r) ? r : undefined;
}

/**
 * The value the caller obviously meant, in the field's unit, when exactly one reading exists and the field
 * accepts it: `"15.50"` -> [1550] for usd, `1700000000000` -> [1700000000] on unix seconds, `"1 day"` ->
 * [1440] on minutes. Never a reading that depends on a currency that is not known. Empty otherwise.
 */
export function unitCandidates(value: Json, unit: UnitSpec, schema: SchemaNode, currency?: CurrencyFacts): number[] {
  let n: number | undefined;
  switch (unit.kind) {
    case 'currency-minor':
      n = minorAmount(value, currency);
      break;
    case 'unix-seconds':
      n = epochSeconds(value);
      break;
    case 'unix-milliseconds':
      n = epochMilliseconds(value);
      break;
    case 'minutes':
      n = durationIn(value, 60);
      break;
    case 'seconds':
      n = durationIn(value, 1);
      break;
    case 'bytes':
      n = integerOf(value) ?? (typeof value === 'string' ? byteCount(value) : undefined);
      break;
  }
  // Offering back exactly what was sent would only repeat the fault.
  if (n === undefined || n === value || Object.is(n, -0) || !fitsNumber(n, schema)) return [];
  return [n];
}

/**
 * Faults for whole numbers the call wrote as decimals (`"amount": 15.00`) on fields counted in a currency's
 * smallest unit: JSON.parse reads 15.00 as 15, which the schema accepts as fifteen cents, but a decimal
 * point means major units, so 15.00 usd is 1500. The value read as written is what did_you_mean converts.
 * A number that absorption or the caller changed since (no longer the one written) is left alone.
 */
export function writtenDecimalFaults(tool: CompiledTool, args: Json, decimals: readonly WrittenNumber[], state: unknown): Fault[] {
  const out: Fault[] = [];
  for (const d of decimals) {
    const field = tool.fields.get(patternOf(d.path));
    if (field?.unit?.kind !== 'currency-minor') continue;
    const at = valueAt(args, d.path);
    if (!at.found || at.value !== Number(d.literal)) continue;
    const currency = resolveCurrency(field.unit, args, state);
    const candidates = unitCandidates(d.literal, field.unit, field.schema, currency);
    out.push(makeFault({
      code: wantsInteger(field.schema) ? 'invalid_type' : 'invalid_value',
      stage: 'validate',
      path: d.path,
      statement: `must be ${unitRule(field.unit, field.schema, currency)}`,
      // As written: the number JSON.parse made of it (15) is the very reading that would be wrong.
      received: d.literal,
      candidates,
      showCandidates: true,
      ...(candidates.length === 1 ? { fix: { kind: 'replace' as const, path: d.path } } : {}),
      packKeyword: 'x-unit',
      reason: `number written as ${d.literal.slice(0, 40)}: a decimal point on a field counted in minor units means major units`,
    }));
  }
  return out;
}

/**
 * A fault on an object that holds a number written as a decimal on a field counted in minor units quotes
 * that number as written (`"15.00"`), as the field's own fault does (writtenDecimalFaults): the 15 JSON.parse
 * made of it is the reading the body must not show. Faults' `received` values are their own copies (cut
 * for the body), so they are changed in place.
 */
export function quoteWrittenDecimals(faults: readonly Fault[], decimalFaults: readonly Fault[]): void {
  for (const d of decimalFaults) {
    const literal = d.received;
    if (d.packKeyword !== 'x-unit' || typeof literal !== 'string' || !d.path) continue;
    for (const f of faults) {
      if (f === d || !f.hasReceived || !f.path || f.path.length >= d.path.length || !f.path.every((s, i) => s === d.path![i])) continue;
      const rest = d.path.slice(f.path.length);
      let holder: Json | undefined = f.received;
      for (const seg of rest.slice(0, -1)) holder = holder !== null && typeof holder === 'object' ? (holder as Record<string, Json>)[seg as string] : undefined;
      const last = rest[rest.length - 1];
      if (holder !== null && typeof holder === 'object' && Object.prototype.hasOwnProperty.call(holder, last) && (holder as Record<string, Json>)[last as string] === Number(literal)) {
        (holder as Record<string, Json>)[last as string] = literal;
      }
    }
  }
}

// ---- checking a pack's x-unit ---------------------------------------------------------------------------------

export interface UnitProblem {
  /** JSON pointer relative to the x-unit value. */
  path: string;
  message: string;
}

export interface UnitCheckContext extends Pick<ExprContext, 'argumentPaths' | 'recordKeys'> {
  /** Record kinds a caller may be unable to see (an exists check with `visible`): a message must not disclose their currency. */
  hiddenKinds: Set<string>;
}

function recordKindsRead(expr: unknown, out = new Set<string>()): Set<string> {
  const walk = (p: ParsedPath) => {
    const first = p.segments[0];
    if (p.root === 'records' && first && 'key' in first) out.add(first.key);
    for (const s of p.segments) if ('dynamic' in s) walk(s.dynamic);
  };
  if (typeof expr === 'string' && expr.startsWith('$')) {
    const p = parsePath(expr);
    if (typeof p !== 'string') walk(p);
  } else if (Array.isArray(expr)) for (const e of expr) recordKindsRead(e, out);
  else if (expr && typeof expr === 'object') for (const [k, v] of Object.entries(expr)) if (k !== 'literal') recordKindsRead(v, out);
  return out;
}

function rootsRead(expr: unknown, out = new Set<string>()): Set<string> {
  const walk = (p: ParsedPath) => {
    out.add(p.root);
    for (const s of p.segments) if ('dynamic' in s) walk(s.dynamic);
  };
  if (typeof expr === 'string' && expr.startsWith('$')) {
    const p = parsePath(expr);
    if (typeof p !== 'string') walk(p);
  } else if (Array.isArray(expr)) for (const e of expr) rootsRead(e, out);
  else if (expr && typeof expr === 'object') for (const [k, v] of Object.entries(expr)) if (k !== 'literal') rootsRead(v, out);
  return out;
}

/** What is wrong with a field's x-unit (its shape is checked by KEYWORD_SCHEMAS first). */
export function unitProblems(raw: unknown, schema: SchemaNode, ctx: UnitCheckContext): UnitProblem[] {
  const unit = parseUnit(raw);
  if (!unit) return [];
  const problems: UnitProblem[] = [];
  const types = typesOf(schema);
  // null beside a number is "no value", which has no unit to get wrong.
  if (!types.some((t) => t === 'integer' || t === 'number') || !types.every((t) => t === 'integer' || t === 'number' || t === 'null')) {
    problems.push({ path: '', message: 'a unit belongs on a numeric field: type integer or number (or either with null)' });
  }
  if (unit.currency === undefined) return problems;
  if (unit.kind !== 'currency-minor') {
    problems.push({ path: '/currency', message: `only a currency-minor unit has a currency, and this one is ${unit.kind}` });
    return problems;
  }
  const c = unit.currency;
  if (typeof c === 'string' && !c.startsWith('$')) {
    if (currencyDigits(c) === undefined) problems.push({ path: '/currency', message: `"${c}" is not an ISO 4217 currency code` });
    return problems;
  }
  const roots = [...rootsRead(c)].filter((r) => r !== 'args' && r !== 'records');
  if (roots.length) {
    problems.push({ path: '/currency', message: `reads ${roots.map((r) => `$${r}`).join(', ')}; a currency comes from an argument ($args.…) or a record ($records.…), read before any check runs` });
    return problems;
  }
  const sub: { path: string; message: string }[] = [];
  checkExpr(c, '/currency', { names: new Map(), argumentPaths: ctx.argumentPaths, callerKeys: null, recordKeys: ctx.recordKeys }, sub);
  problems.push(...sub);
  for (const kind of recordKindsRead(c)) {
    if (ctx.hiddenKinds.has(kind)) {
      problems.push({ path: '/currency', message: `reads the record kind ${kind}, which an exists check of this tool may hide (visible); a message naming its currency would disclose the record` });
    }
  }
  return problems;
}
