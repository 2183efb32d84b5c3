// What the engine enforces once a vendor drops a rule: every JSON Schema 2020-12 assertion AJV knows, and the
// formats it has. A keyword outside ASSERTIONS is an annotation: words for the model, never enforced.
import { fullFormats } from 'ajv-formats/dist/formats';
import { STRICT_DATE_FORMATS } from '../shared/date-formats';

const ENGINE_FORMATS = new Set([...Object.keys(fullFormats), ...Object.keys(STRICT_DATE_FORMATS)]);
export const ASSERTIONS = new Set([
  'type', 'enum', 'const', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength', 'pattern',
  'maxItems', 'minItems', 'uniqueItems', 'maxContains', 'minContains', 'contains', 'maxProperties', 'minProperties', 'required',
  'dependentRequired', 'dependentSchemas', 'properties', 'patternProperties', 'additionalProperties', 'propertyNames', 'items',
  'prefixItems', 'unevaluatedItems', 'unevaluatedProperties', 'allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', '$ref', 'format',
]);
// Keywords the walk passes over in silence (identifiers) or builds itself (structure).
export const SILENT = new Set(['$schema', '$id', '$anchor', '$dynamicAnchor', '$vocabulary']);
export const STRUCTURE = new Set(['type', 'description', 'properties', 'required', 'additionalProperties', 'items', 'anyOf', 'oneOf', 'allOf', 'not', 'if', 'then', 'else', 'enum', 'const', '$defs', 'definitions', '$ref']);

export function engineEnforces(keyword: string, value: unknown): boolean {
  if (!ASSERTIONS.has(keyword)) return false;
  return keyword !== 'format' || (typeof value === 'string' && ENGINE_FORMATS.has(value));
}
