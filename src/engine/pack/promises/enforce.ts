// Enforcing the rules read from descriptions, beside the validator and never inside the wire schema (which
// stays the vendor's facts, and what the exports carry). A broken rule is reported as the validator would
// report the keyword it would add, so every later stage (explain, candidates, the suggested call) reads it
// as it reads any other fault; `params.readRule` carries where the rule came from.
import { cappedFormats } from '../../validate/capped-formats';
import { cappedRegExp } from '../../validate/input-cap';
import { pointerOf, valuesAlong } from '../../paths';
import type { AjvError, Json } from '../../types';
import type { ReadRule } from './read-rules';

/** A read rule on its field, with the steps to its values (`items.[].due`), ready to check. */
export interface EnforcedRule {
  rule: ReadRule;
  steps: string[];
}

export function enforcedRules(rules: readonly ReadRule[]): EnforcedRule[] {
  return rules.map((rule) => ({ rule, steps: rule.field.replace(/\[\]/g, '.[]').split('.').filter(Boolean) }));
}

function formatTest(name: string): ((s: string) => boolean) | undefined {
  const def = cappedFormats[name] as RegExp | ((s: string) => boolean) | { validate: RegExp | ((s: string) => boolean) } | undefined;
  if (!def) return undefined;
  if (def instanceof RegExp) return (s) => def.test(s);
  if (typeof def === 'function') return def;
  const v = def.validate;
  return v instanceof RegExp ? (s) => v.test(s) : v;
}

const patterns = new Map<string, { test(s: string): boolean }>();

function patternTest(source: string): { test(s: string): boolean } {
  let re = patterns.get(source);
  if (!re) patterns.set(source, (re = cappedRegExp(source, 'u')));
  return re;
}

/** Code points, as JSON Schema counts a string's length. */
function length(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** The keyword of `keywords` that `value` breaks, with AJV's params for it; undefined when it breaks none. */
export function brokenKeyword(keywords: ReadRule['keywords'], value: Json): { keyword: string; params: Record<string, unknown>; message: string } | undefined {
  for (const [keyword, want] of Object.entries(keywords)) {
    switch (keyword) {
      case 'format': {
        const test = formatTest(String(want));
        if (typeof value === 'string' && test && !test(value)) return { keyword, params: { format: want }, message: `must match format "${String(want)}"` };
        break;
      }
      case 'pattern':
        if (typeof value === 'string' && !patternTest(String(want)).test(value)) return { keyword, params: { pattern: want }, message: `must match pattern "${String(want)}"` };
        break;
      case 'enum':
        if (Array.isArray(want) && (typeof value === 'string' || typeof value === 'number') && !want.includes(value)) return { keyword, params: { allowedValues: want }, message: 'must be equal to one of the allowed values' };
        break;
      case 'maximum':
        if (typeof value === 'number' && value > (want as number)) return { keyword, params: { comparison: '<=', limit: want }, message: `must be <= ${String(want)}` };
        break;
      case 'minimum':
        if (typeof value === 'number' && value < (want as number)) return { keyword, params: { comparison: '>=', limit: want }, message: `must be >= ${String(want)}` };
        break;
      case 'maxLength':
        if (typeof value === 'string' && length(value) > (want as number)) return { keyword, params: { limit: want }, message: `must NOT have more than ${String(want)} characters` };
        break;
      case 'minLength':
        if (typeof value === 'string' && length(value) < (want as number)) return { keyword, params: { limit: want }, message: `must NOT have fewer than ${String(want)} characters` };
        break;
      case 'maxItems':
        if (Array.isArray(value) && value.length > (want as number)) return { keyword, params: { limit: want }, message: `must NOT have more than ${String(want)} items` };
        break;
      case 'minItems':
        if (Array.isArray(value) && value.length < (want as number)) return { keyword, params: { limit: want }, message: `must NOT have fewer than ${String(want)} items` };
        break;
      case 'type':
        if (want === 'integer' && typeof value === 'number' && !Number.isInteger(value)) return { keyword, params: { type: 'integer' }, message: 'must be integer' };
        break;
    }
  }
  return undefined;
}

/** The errors the read rules find in `args`, shaped as AJV's; null when there are none. */
export function readRuleErrors(rules: readonly EnforcedRule[], args: unknown): AjvError[] | null {
  let errors: AjvError[] | null = null;
  for (const { rule, steps } of rules) {
    for (const { path, value } of valuesAlong(args as Json, steps)) {
      const broken = brokenKeyword(rule.keywords, value);
      if (!broken) continue;
      (errors ??= []).push({
        keyword: broken.keyword,
        instancePath: pointerOf(path),
        schemaPath: `#${rule.path}/${broken.keyword}`,
        params: { ...broken.params, readRule: rule },
        message: broken.message,
      });
    }
  }
  return errors;
}

/** A validator that also enforces `rules`: the wire schema's errors, then the rules' on the fields the schema passed. */
export function withReadRules(validate: (args: unknown) => AjvError[] | null, rules: readonly EnforcedRule[]): (args: unknown) => AjvError[] | null {
  if (rules.length === 0) return validate;
  return (args) => {
    const errors = validate(args);
    const read = readRuleErrors(rules, args);
    if (!read) return errors;
    if (!errors) return read;
    // A value the schema already refuses hears the schema's rule, not one read beside it.
    const faulty = new Set(errors.map((e) => e.instancePath));
    const extra = read.filter((e) => !faulty.has(e.instancePath));
    return extra.length ? [...errors, ...extra] : errors;
  };
}
