// OpenAI strict mode's rules: the keywords and formats it takes, and its size limits. [OAI-…] are the
// sources in targets.ts.
import { ASSERTIONS } from './enforced';
import type { Verdict } from './targets';

// [OAI-SO] "Supported properties": strings take pattern and format, and only these formats.
const OPENAI_FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);
// [OAI-SO] Supported number properties (multipleOf, maximum, exclusiveMaximum, minimum, exclusiveMinimum) and
// array properties (minItems, maxItems). `title` is not listed, but OpenAI's own SDK sends Pydantic's titles
// in strict schemas (openai-python, src/openai/lib/_pydantic.py, to_strict_json_schema keeps them).
const OPENAI_KEEP = new Set(['pattern', 'format', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'minItems', 'maxItems', 'title']);
// [OAI-SO] "Some type-specific keywords are not yet supported": allOf, not, dependentRequired,
// dependentSchemas, if, then, else. Anything else outside the supported list is refused too: "If you turn
// on Structured Outputs by supplying strict: true and call the API with an unsupported JSON Schema, you
// will receive an error."
const OPENAI_DOCUMENTED_UNSUPPORTED = new Set(['allOf', 'not', 'dependentRequired', 'dependentSchemas', 'if', 'then', 'else']);
// [OAI-SO] limits: "up to 5000 object properties total, with up to 10 levels of nesting"; "total string
// length of all property names, definition names, enum values, and const values cannot exceed 120,000
// characters"; "up to 1000 enum values across all enum properties"; "for a single enum property with string
// values, the total string length of all enum values cannot exceed 15,000 characters when there are more
// than 250 enum values". How levels are counted is not documented (users ask in
// community.openai.com/t/918388); counted conservatively here: every object and every array is a level,
// the root object is level 1. Earlier docs said 100 properties and 5 levels (tidyverse/ellmer#671 quotes
// the error "6 levels of nesting exceeds limit of 5").
export const OPENAI_MAX_PROPERTIES = 5000;
export const OPENAI_MAX_DEPTH = 10;
export const OPENAI_MAX_CHARS = 120_000;
export const OPENAI_MAX_ENUM_VALUES = 1000;
export const OPENAI_BIG_ENUM = 250;
export const OPENAI_BIG_ENUM_CHARS = 15_000;

/** What OpenAI strict mode does with `key`. */
export function openaiVerdict(key: string, value: unknown): Verdict {
  const annotation = !ASSERTIONS.has(key);
  if (key === 'format') return OPENAI_FORMATS.has(value as string) ? { kind: 'keep' } : { kind: 'refused', why: `OpenAI strict mode takes only the formats ${[...OPENAI_FORMATS].join(', ')}, not ${JSON.stringify(value)}` };
  if (OPENAI_KEEP.has(key)) return { kind: 'keep' };
  if (key === 'minLength' || key === 'maxLength')
    return {
      kind: 'refused',
      why: `OpenAI's supported string keywords are pattern and format; ${key} is not listed (the docs name it only as unsupported for fine-tuned models). Users disagree: pydantic/pydantic-ai#7400 reports it accepted and enforced in 2026, jina-ai/node-DeepResearch#79 reports "maxLength is not permitted" in 2025. Treated as refused`,
    };
  if (key === 'default') return { kind: 'refused', why: 'OpenAI strict mode refuses default (not in the supported subset; users report "\'default\' is not permitted", 567-labs/instructor#961)' };
  if (OPENAI_DOCUMENTED_UNSUPPORTED.has(key)) return { kind: 'refused', why: `OpenAI lists ${key} among the keywords not yet supported` };
  return { kind: 'refused', why: annotation ? `${key} is not in OpenAI's supported subset` : `OpenAI strict mode does not support ${key} (not in its supported subset; unsupported keywords are refused with an error)` };
}
