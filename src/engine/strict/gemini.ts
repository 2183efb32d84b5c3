// Gemini's rules for a function declaration's `parameters`: the Schema fields it takes, those it accepts
// without documenting that a call is held to them, and the formats per type. [GEM-…] are the sources in
// targets.ts.
import type { Verdict } from './targets';

// [GEM-S] The Schema fields: type, format, title, description, nullable, enum (strings), maxItems, minItems,
// properties, required, minProperties, maxProperties, minLength, maxLength, pattern, example, anyOf,
// propertyOrdering, default, items, minimum, maximum. Any other key is refused: users report 400s
// "Invalid JSON payload received. Unknown name ..." for additionalProperties (BerriAI/litellm#14330),
// const (zed-industries/zed#44875), $schema and propertyNames (openswarm-ai/openswarm#24), and a type
// array ("Proto field is not repeating", zed-industries/zed#53919).
const GEMINI_KEEP = new Set(['nullable', 'title', 'format', 'minItems', 'maxItems', 'minProperties', 'maxProperties', 'minLength', 'maxLength', 'pattern', 'example', 'default', 'minimum', 'maximum', 'propertyOrdering']);
// Accepted, but not documented as enforced when the model writes a call: a Google SDK comment says pattern,
// minLength and maxLength "may only be advisory" (google-gemini/deprecated-generative-ai-js#369); the
// reference says nothing about enforcing the others. Kept in the export, reported as ignored.
const GEMINI_ADVISORY = new Set(['minItems', 'maxItems', 'minProperties', 'maxProperties', 'minLength', 'maxLength', 'pattern', 'minimum', 'maximum']);
// [GEM-S] format: "Supported formats: for NUMBER type: float, double; for INTEGER type: int32, int64; for
// STRING type: enum, date-time". Users get a 400 for others: "format: only 'enum' and 'date-time' are
// supported for STRING type" (google-gemini/gemini-cli#3178).
const GEMINI_FORMATS: Record<string, Set<string>> = { string: new Set(['enum', 'date-time']), number: new Set(['float', 'double']), integer: new Set(['int32', 'int64']) };
// Gemini documents no size limits for function declarations. Users report undocumented ceilings on enum
// values in structured output ("too many states for serving"); with no figure there is no rule here.

/** What Gemini does with `key` on a node of `type`. */
export function geminiVerdict(key: string, value: unknown, type: string | undefined): Verdict {
  if (key === 'format') {
    const ok = type ? GEMINI_FORMATS[type]?.has(value as string) : false;
    return ok ? { kind: 'keep' } : { kind: 'refused', why: `Gemini takes format ${JSON.stringify(value)} on a ${type ?? 'value'} with a 400 ("only 'enum' and 'date-time' are supported for STRING type", google-gemini/gemini-cli#3178)` };
  }
  if (GEMINI_ADVISORY.has(key)) return { kind: 'ignored', why: `Gemini accepts ${key}, but its reference does not say a function call is held to it${['pattern', 'minLength', 'maxLength'].includes(key) ? ' (a Google SDK comment calls it "advisory")' : ''}: enforcement not documented` };
  if (GEMINI_KEEP.has(key)) return { kind: 'keep' };
  return { kind: 'refused', why: `Gemini's Schema has no ${key} field, and unknown fields fail the request ("Unknown name")` };
}
