// The `date`, `time` and `date-time` formats as the engine asserts them, in the CLI (ajv-backend.ts) and in
// the playground's generated validators (capped-formats.ts) alike. They follow RFC 3339 section 5.6, which
// is stricter than ajv-formats in two ways: the offset is Z or ±hh:mm (ajv-formats also lets +01 and +0100
// through), and the date and time are joined by T (ajv-formats also takes a space). A value of the right
// shape that names a day or a time that does not exist (2026-02-30, 25:61) is told apart from a value of
// the wrong shape, so explain.ts can say which instead of calling both a wrong format.
import { safePatternTest } from '../safe-pattern';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(z|([+-])(\d{2}):(\d{2}))$/i;
/** A time whose offset has a form RFC 3339 does not (+01, +0100), for telling that apart. */
const LOOSE_OFFSET = /^\d{2}:\d{2}:\d{2}(?:\.\d+)?[+-]\d{2}(?:\d{2})?$/;
const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/** Why a value of the right shape is still not a real date or time; undefined when it is one. */
type Unreal = 'day' | 'time' | 'offset';

function dateProblem(m: RegExpExecArray): Unreal | undefined {
  const year = +m[1];
  const month = +m[2];
  const day = +m[3];
  if (month < 1 || month > 12 || day < 1) return 'day';
  return day <= (month === 2 && isLeapYear(year) ? 29 : DAYS[month]) ? undefined : 'day';
}

function timeProblem(m: RegExpExecArray): Unreal | undefined {
  const hour = +m[1];
  const minute = +m[2];
  const second = +m[3];
  const sign = m[5] === '-' ? -1 : 1;
  const offsetHours = +(m[6] ?? 0);
  const offsetMinutes = +(m[7] ?? 0);
  if (offsetHours > 23 || offsetMinutes > 59) return 'offset';
  if (hour <= 23 && minute <= 59 && second <= 59) return undefined;
  // A leap second is 23:59:60 in UTC, whatever the offset it is written with (RFC 3339 section 5.7).
  if (second === 60 && hour <= 23 && minute <= 59) {
    const utcMinute = minute - offsetMinutes * sign;
    const utcHour = hour - offsetHours * sign - (utcMinute < 0 ? 1 : 0);
    if ((utcHour === 23 || utcHour === -1) && (utcMinute === 59 || utcMinute === -1)) return undefined;
  }
  return 'time';
}

type Parsed = { shape: false } | { shape: true; unreal?: Unreal };

function parseDate(s: string): Parsed {
  const m = DATE.exec(s);
  return m ? { shape: true, unreal: dateProblem(m) } : { shape: false };
}

function parseTime(s: string): Parsed {
  const m = TIME.exec(s);
  return m ? { shape: true, unreal: timeProblem(m) } : { shape: false };
}

function parseDateTime(s: string): Parsed {
  const t = s.search(/t/i);
  if (t === -1) return { shape: false };
  const date = parseDate(s.slice(0, t));
  const time = parseTime(s.slice(t + 1));
  if (!date.shape || !time.shape) return { shape: false };
  return { shape: true, unreal: date.unreal ?? time.unreal };
}

const PARSERS: Record<string, (s: string) => Parsed> = { date: parseDate, time: parseTime, 'date-time': parseDateTime };

const valid = (parse: (s: string) => Parsed) => (s: string) => {
  const p = parse(s);
  return p.shape && p.unreal === undefined;
};

/** The three formats, to register on an AJV instance (and to ship in the generated validators' formats). */
export const STRICT_DATE_FORMATS: Record<string, { type: 'string'; validate: (s: string) => boolean }> = {
  date: { type: 'string', validate: valid(parseDate) },
  time: { type: 'string', validate: valid(parseTime) },
  'date-time': { type: 'string', validate: valid(parseDateTime) },
};

/**
 * For a value its format refused: the reason in words when the value has the right shape but does not name
 * a real moment, or writes its offset in a form RFC 3339 does not have. Never quotes the value.
 * `offsetsAllowed` is false for a field whose own pattern takes no ±hh:mm offset (only Z), where the second
 * reason would point the wrong way.
 */
export function dateFormatProblem(format: string, value: string, offsetsAllowed = true): string | undefined {
  const parse = PARSERS[format];
  if (!parse || value.length > 64) return undefined;
  const p = parse(value);
  if (p.shape) {
    if (p.unreal === 'day') return 'names no real day';
    if (p.unreal === 'time') return 'names no real time of day';
    if (p.unreal === 'offset') return 'names no real time zone offset';
    return undefined;
  }
  // The right date and time with an offset such as +01 or +0100. (A missing offset needs no reason: the
  // rule itself says an offset is part of the value.)
  const t = value.search(/t/i);
  const timePart = format === 'time' ? value : t === -1 ? undefined : value.slice(t + 1);
  const datePart = format === 'time' ? undefined : t === -1 ? undefined : value.slice(0, t);
  if (offsetsAllowed && timePart !== undefined && LOOSE_OFFSET.test(timePart) && (datePart === undefined || DATE.test(datePart))) {
    return 'has an offset not in ±hh:mm form';
  }
  return undefined;
}

/**
 * Whether a field's own pattern takes a ±hh:mm offset (Calendar's zoned dateTime does; a UTC-only timestamp
 * does not), which decides whether an offset in another form is worth naming (dateFormatProblem).
 */
export function patternTakesOffsets(pattern: string, format: string): boolean {
  const key = `${format}\u0000${pattern}`;
  let takes = TAKES_OFFSETS.get(key);
  if (takes === undefined) {
    // A pattern that does not compile, or might backtrack (safe-pattern.ts), is not consulted: no offset is named.
    takes = safePatternTest(pattern)?.(format === 'time' ? '09:00:00+01:00' : '2026-03-11T09:00:00+01:00') ?? false;
    if (TAKES_OFFSETS.size >= 1000) TAKES_OFFSETS.clear();
    TAKES_OFFSETS.set(key, takes);
  }
  return takes;
}

/** patternTakesOffsets' answers, per format and pattern: a field's format faults ask it call after call. */
const TAKES_OFFSETS = new Map<string, boolean>();

/**
 * False when a timestamp-shaped value (conditions.ts has checked its shape) names a day, hour or minute that
 * does not exist, which Date.parse would quietly roll over (2026-02-30 reads as 2 March).
 */
export function namesRealMoment(value: string): boolean {
  const date = DATE.exec(value.slice(0, 10));
  if (!date || dateProblem(date)) return false;
  const time = /^[Tt](\d{2}):(\d{2})(?::(\d{2}))?/.exec(value.slice(10));
  return !time || (+time[1] <= 23 && +time[2] <= 59 && +(time[3] ?? 0) <= 60);
}

// Vendor date-time forms beyond RFC 3339, for the fields of the vendors that document them. Each is a
// pattern a pack puts on the field itself (with its x-rule and x-example), so every other field keeps the
// strict format above. The bounds on month, day, hour and minute keep most impossible moments out, as the
// format does; a day past its month's end (02-30) is not caught by a pattern.
const YMD = String.raw`\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])`;
const HMS = String.raw`([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?`;

/**
 * A date-time whose offset is Z, ±hh:mm or ±hhmm: Jira writes its timestamps with the offset's colon left
 * out (`2021-01-17T12:34:00.000+0000`, the form of its own examples) and reads both.
 */
export const DATE_TIME_OFFSET_COLON_OPTIONAL = String.raw`^${YMD}T${HMS}(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)$`;

/**
 * A date-time whose offset may be left out: Google Calendar reads an event's start or end dateTime without
 * an offset in the zone its sibling timeZone names, and needs the offset when there is no timeZone
 * (https://developers.google.com/workspace/calendar/api/v3/reference/events#resource, start.dateTime). The
 * pack pairs this pattern with a condition that asks for the strict format when timeZone is absent.
 */
export const DATE_TIME_OFFSET_OPTIONAL = String.raw`^${YMD}T${HMS}(Z|[+-]([01]\d|2[0-3]):[0-5]\d)?$`;

/**
 * A date-time, or a date alone: Twilio's date filters (ListCall's StartTime, Monitor's StartDate…) are typed
 * date-time while Twilio documents and exemplifies them as YYYY-MM-DD dates, and takes both.
 */
export const DATE_OR_DATE_TIME = String.raw`^${YMD}(T${HMS}(Z|[+-]([01]\d|2[0-3]):[0-5]\d))?$`;

/** A date and time joined by a space (or a lower-case t), with an offset in any of the forms models write. */
const SPACED_DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?: |t)(\d{2}:\d{2}:\d{2}(?:\.\d+)?)(z|Z|[+-]\d{2}(?::?\d{2})?)$/;
/** A date-time of any offset (or none), for a field that wants the date alone. */
const DATE_THEN_TIME = /^(\d{4}-\d{2}-\d{2})[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:[Zz]|[+-]\d{2}(?::?\d{2})?)?$/;
/** 04/20/2026 or 20/04/2026 (or with dots): day and month in an order the value itself does not say. */
const SLASHED_DATE = /^(\d{1,2})([/.])(\d{1,2})\2(\d{4})$/;
/** 2026/04/20: the year first, then the month, as no calendar writes it the other way. */
const YEAR_FIRST_SLASHED = /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/;

/** English month names, whole or cut to three letters ("Sept" too), in calendar order. */
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

export function monthOf(word: string): number | undefined {
  const w = word.toLowerCase();
  const i = MONTHS.findIndex((m) => m === w || (w.length >= 3 && m.startsWith(w) && (w.length === 3 || w === 'sept')));
  return i === -1 ? undefined : i + 1;
}

/**
 * A date written with its month in words, as models write it from prose: "March 11, 2026", "11 March 2026",
 * "Wed, Mar 11, 2026", then a time ("09:00", "9:00 AM", "5pm", "at 17:00:00") and a zone ("UTC", "GMT",
 * "Z", "-05:00", "+0000"). A month name fixes the order of day and month, so such a date has one reading;
 * an hour without minutes is a time only with AM or PM ("5pm"), a bare "5" after a date being no time.
 */
const WORDS_DATE = new RegExp(
  String.raw`^(?:([a-z]+)\.?,?\s+)??(?:([a-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})|(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]+)\.?,?\s+(\d{4}))` +
    String.raw`(?:,?\s+(?:at\s+)?(\d{1,2})(?::(\d{2})(?::(\d{2})(\.\d+)?)?)?(?:\s*([ap])\.?m\.?)?(?:\s*(utc|gmt|z|[+-]\d{2}(?::?\d{2})?))?)?$`,
  'i',
);

interface WordsDate {
  date: string;
  /** hh:mm:ss, with the fraction as written; absent when no time was written. */
  time?: string;
  /** Z or ±hh:mm; absent when no zone was written. */
  offset?: string;
}

/** The date (and time, and offset) a date in words names; undefined when it is not one or names no real day. */
function readWordsDate(value: string): WordsDate | undefined {
  const m = WORDS_DATE.exec(value.trim());
  if (!m) return undefined;
  const [, weekday, monthFirst, dayAfter, yearA, dayFirst, monthAfter, yearB, hour, minute, second, fraction, half, zone] = m;
  const month = monthOf(monthFirst ?? monthAfter);
  if (month === undefined) return undefined;
  const year = yearA ?? yearB;
  const date = realDate(year, month, +(dayAfter ?? dayFirst));
  if (!date) return undefined;
  if (weekday !== undefined) {
    // A weekday that is not that date's makes the value say two things: no reading.
    const w = weekday.toLowerCase();
    const named = WEEKDAYS.findIndex((d) => d === w || (w.length >= 3 && d.startsWith(w)));
    if (named === -1 || named !== new Date(`${date}T00:00:00Z`).getUTCDay()) return undefined;
  }
  if (hour === undefined) return { date };
  if (minute === undefined && half === undefined) return undefined;
  let h = +hour;
  if (half !== undefined) {
    if (h < 1 || h > 12) return undefined;
    h = (h % 12) + (half.toLowerCase() === 'p' ? 12 : 0);
  } else if (h > 23) return undefined;
  if ((minute !== undefined && +minute > 59) || (second !== undefined && +second > 59)) return undefined;
  const time = `${String(h).padStart(2, '0')}:${minute ?? '00'}:${second ?? '00'}${fraction ?? ''}`;
  if (zone === undefined) return { date, time };
  const z = zone.toUpperCase();
  return { date, time, offset: z === 'UTC' || z === 'GMT' ? 'Z' : rfcOffset(z) };
}

/** An offset as RFC 3339 writes it: `Z`, or ±hh:mm from ±hh or ±hhmm. */
function rfcOffset(offset: string): string {
  if (/^[+-]\d{2}$/.test(offset)) return `${offset}:00`;
  if (/^[+-]\d{4}$/.test(offset)) return `${offset.slice(0, 3)}:${offset.slice(3)}`;
  return offset;
}

function realDate(year: string, month: number, day: number): string | undefined {
  const text = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const m = DATE.exec(text);
  return m && !dateProblem(m) ? text : undefined;
}

/**
 * A value that is plainly a date or a date-time written in another form: why it is refused, and the one
 * value it reads as in the form the field wants, when there is exactly one. A space for the T reads as
 * the same moment; a date-time where a date is wanted reads as its own date; 04/20/2026 reads as
 * 2026-04-20 only because 20 cannot be a month (03/04/2026 could be either, and gets the reason alone).
 * A date in words ("March 11, 2026 09:00 UTC") reads as its date, and as a date-time only when it
 * writes a time and a zone. A date where a date-time is wanted has no reading: its time and offset would be made up.
 */
export interface DateReading {
  why: string;
  /** The one value it reads as, in the form the field wants. */
  reading?: string;
  /** Both values it reads as, when the order of day and month is not fixed (03/04/2026). */
  readings?: [string, string];
  /** The reading names the very same day or moment: nothing of the value is dropped (its time, say). */
  same?: true;
}

export function dateReading(format: string, value: string): DateReading | undefined {
  if (value.length > 64) return undefined;
  if (format === 'date-time') {
    const m = SPACED_DATE_TIME.exec(value);
    if (!m || !parseDate(m[1]).shape) {
      // In words: read only with a time and a zone written, which nothing here makes up.
      const words = readWordsDate(value);
      if (!words) return undefined;
      const reading = words.time !== undefined && words.offset !== undefined ? `${words.date}T${words.time}${words.offset}` : undefined;
      return { why: 'writes the date in words', ...(reading !== undefined && valid(parseDateTime)(reading) ? { reading, same: true as const } : {}) };
    }
    const reading = `${m[1]}T${m[2]}${rfcOffset(m[3].toUpperCase())}`;
    return { why: 'joins the date and time with a space where RFC 3339 puts T', ...(valid(parseDateTime)(reading) ? { reading, same: true as const } : {}) };
  }
  if (format === 'date') {
    const dt = DATE_THEN_TIME.exec(value);
    if (dt) {
      const date = parseDate(dt[1]);
      return { why: 'is a date and time where only a date goes', ...(date.shape && !date.unreal ? { reading: dt[1] } : {}) };
    }
    const sl = SLASHED_DATE.exec(value);
    if (sl) {
      const a = +sl[1];
      const b = +sl[3];
      const readings = [realDate(sl[4], a, b), realDate(sl[4], b, a)].filter((r): r is string => r !== undefined);
      const unique = [...new Set(readings)].sort();
      const why = `writes the date with ${sl[2] === '/' ? 'slashes' : 'dots'}, in which the order of day and month is not fixed`;
      if (unique.length === 2) return { why, readings: [unique[0], unique[1]] };
      return { why, ...(unique.length === 1 ? { reading: unique[0], same: true as const } : {}) };
    }
    const ymd = YEAR_FIRST_SLASHED.exec(value);
    if (ymd) {
      const reading = realDate(ymd[1], +ymd[2], +ymd[3]);
      return { why: 'writes the date with slashes', ...(reading ? { reading, same: true as const } : {}) };
    }
    const words = readWordsDate(value);
    if (words) return { why: 'writes the date in words', reading: words.date, ...(words.time === undefined ? { same: true as const } : {}) };
  }
  return undefined;
}
