// Where checking a call departs from what JSON Schema alone would say, each with its reason: the one list the
// docs, the tool pages and the conformance benchmark read. None of them ever refuses what the author's
// schema explicitly allows: an object that says `additionalProperties` or `unevaluatedProperties` itself is
// taken at its word, and formats are read as the schema's own keywords name them.
import type { CompiledTool } from '../types';

export interface Departure {
  id: 'closed-objects' | 'formats-asserted' | 'root-object' | 'absorbs-mistakes';
  /** What the engine does differently, in a phrase. */
  what: string;
  /** Why: what a model gains from it. */
  why: string;
}

export const DEPARTURES: readonly Departure[] = [
  {
    id: 'closed-objects',
    what: 'An argument or field declared nowhere is refused. "Declared" is judged as unevaluatedProperties judges it: by properties, patternProperties, an additionalProperties schema, and every allOf, anyOf, oneOf, if/then/else, dependentSchemas or $ref branch that applies to the value.',
    why: 'A misspelt or invented argument that the server would drop silently is the mistake a model most needs told about; the body names the nearest declared one.',
  },
  {
    id: 'formats-asserted',
    what: 'format is checked (date-time, date, email, uri, uuid and the rest), where draft 2020-12 treats it as an annotation by default.',
    why: 'A tool that declares a date-time means one; a model that sends "tomorrow" should hear so before the server does.',
  },
  {
    id: 'root-object',
    what: 'The arguments are an object: a tool schema without a type gets "type": "object", a list of types keeps only "object", and true means any object. A $ref to the root therefore also asks for an object.',
    why: 'Every tool-calling API sends arguments as a JSON object.',
  },
  {
    id: 'absorbs-mistakes',
    what: 'Unambiguous mistakes are corrected before validation and reported: a field name in another case or under a declared alias, a nested object or array sent as JSON text. Where an object allows keys it does not declare, a call valid as sent is taken as sent: its keys are neither renamed nor moved.',
    why: 'The intent is certain, so a round trip to the model would only cost tokens; the correction is still reported to the caller.',
  },
];

/** The departures that change how this tool's calls are judged, for its page. */
export function departuresFor(tool: CompiledTool): Departure[] {
  const wire = JSON.stringify(tool.wireSchema ?? null);
  return DEPARTURES.filter((d) => {
    if (d.id === 'closed-objects') return /"(additionalProperties|unevaluatedProperties)":false/.test(wire);
    if (d.id === 'formats-asserted') return /"format":/.test(wire);
    return true;
  });
}
