// Length caps that keep a pasted megabyte away from every regular expression. Two layers:
// - validate.ts refuses, before AJV runs, any string longer than its field's own maxLength (or, when the
//   field declares none, PATTERN_FIELD_MAX) on a field with a `pattern` or `format`, with `invalid_length`;
// - the AJV instance's pattern engine and string formats refuse anything over REGEX_INPUT_MAX outright, for
//   patterns the field index cannot see (patternProperties keys, branches of a combinator).
// Capping in the compiler instead (adding maxLength to the wire schema) would change the vendor's facts.
import type { FieldInfo } from '../types';

/** A pattern or format field that declares no maxLength takes at most this many characters. */
export const PATTERN_FIELD_MAX = 4096;
/** No regular expression, pattern or format, ever sees a longer string. */
export const REGEX_INPUT_MAX = 65_536;

/** The longest string a field's pattern or format is run on; undefined when the field has neither. */
export function regexInputLimit(field: FieldInfo | undefined): number | undefined {
  const s = field?.schema;
  if (!s || (typeof s.pattern !== 'string' && typeof s.format !== 'string')) return undefined;
  return typeof s.maxLength === 'number' ? s.maxLength : PATTERN_FIELD_MAX;
}

interface RegExpLike {
  test(s: string): boolean;
  toString(): string;
}

/** AJV's `code.regExp` engine: the platform RegExp behind a length check. */
export function cappedRegExp(pattern: string, flags: string): RegExpLike {
  const re = new RegExp(pattern, flags);
  return {
    test: (s: string) => s.length <= REGEX_INPUT_MAX && re.test(s),
    // AJV caches compiled patterns by this string; it must differ per pattern.
    toString: () => re.toString(),
  };
}
// AJV reads this only when it writes standalone code; src/cli/precompile-validators.ts names its own.
cappedRegExp.code = 'new RegExp';

export type FormatDefinition = RegExp | ((s: string) => boolean) | { type?: string; validate: RegExp | ((s: string) => boolean); [k: string]: unknown };

/** Puts every string format AJV knows behind the same length check. */
export function capFormats(ajv: { formats: Record<string, unknown>; addFormat(name: string, format: any): unknown }): void {
  for (const [name, def] of Object.entries(ajv.formats) as [string, FormatDefinition][]) {
    const capped = capFormat(def);
    if (capped) ajv.addFormat(name, capped);
  }
}

/** One string format behind the length check; undefined for a format that is not a string test. */
export function capFormat(def: FormatDefinition): FormatDefinition | undefined {
  if (def === true as unknown) return undefined;
  if (def instanceof RegExp) return { type: 'string', validate: (s: string) => s.length <= REGEX_INPUT_MAX && def.test(s) };
  if (typeof def === 'function') return { type: 'string', validate: (s: string) => s.length <= REGEX_INPUT_MAX && def(s) };
  if (def && typeof def === 'object' && (def.type === undefined || def.type === 'string') && !def.async) {
    const inner = def.validate;
    const test = inner instanceof RegExp ? (s: string) => inner.test(s) : inner;
    return { ...def, validate: (s: string) => s.length <= REGEX_INPUT_MAX && test(s) };
  }
  return undefined;
}
