// A dropped keyword's rule in words, for the description the strict export sends instead.
import { FORMAT_RULES, lengthText, listValues, oneOfText, rangeText, whatToSend } from '../faults/rule-words';
import { enumIsListable } from '../schema';
import { compact, isObj } from './nodes';
import type { FieldInfo, Json, SchemaNode } from '../types';

/** The rule of one keyword in words, as a sentence for the description. */
export function ruleWords(keyword: string, n: SchemaNode, info: FieldInfo | undefined): string {
  const v = n[keyword];
  switch (keyword) {
    case 'pattern':
      return info?.rule ? `Must be ${info.rule}${info.example !== undefined ? `, e.g. ${typeof info.example === 'string' ? info.example : JSON.stringify(info.example)}` : ''}.` : `Must match the regular expression ${v}.`;
    case 'format':
      return FORMAT_RULES[v] ? `Must be ${FORMAT_RULES[v].rule}, e.g. ${FORMAT_RULES[v].example}.` : `Must be in ${v} format.`;
    case 'minLength':
    case 'maxLength':
      return `Must be ${lengthText(n, 'minLength', 'maxLength', 'characters')} long.`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `Must be ${rangeText(n)}.`;
    case 'multipleOf':
      return `Must be a multiple of ${v}.`;
    case 'minItems':
    case 'maxItems':
      return `Must have ${lengthText(n, 'minItems', 'maxItems', 'items')}.`;
    case 'uniqueItems':
      return v === true ? 'Items must not repeat.' : '';
    case 'minProperties':
    case 'maxProperties':
      return `Must have ${lengthText(n, 'minProperties', 'maxProperties', 'keys')}.`;
    case 'propertyNames':
      return `Every key must match ${compact(v)}.`;
    case 'default':
      return `Defaults to ${JSON.stringify(v)} when left out.`;
    case 'examples':
      return Array.isArray(v) && v.length ? `For example: ${v.map((x) => JSON.stringify(x)).join(', ')}.` : '';
    case 'example':
      return `For example: ${JSON.stringify(v)}.`;
    case 'title':
      return typeof v === 'string' ? `${v.replace(/\.$/, '')}.` : '';
    case 'deprecated':
      return v === true ? 'Deprecated.' : '';
    case 'readOnly':
      return v === true ? 'Read-only.' : '';
    case 'writeOnly':
      return v === true ? 'Write-only.' : '';
    case 'enum':
      return Array.isArray(v) ? `Must be ${enumWords(info, v)}.` : '';
    case 'const':
      return `Must be ${JSON.stringify(v)}.`;
    case 'additionalProperties':
      return v === false ? 'Send no keys other than the ones listed.' : `Other keys must match ${compact(v)}.`;
    case 'not':
      return `Must not match ${compact(v)}.`;
    case 'allOf':
      return `Must also match all of ${compact(v)}.`;
    case 'dependentRequired':
      return isObj(v) ? Object.entries(v).map(([k, list]) => `When ${k} is sent, ${(list as string[]).join(', ')} must be sent too.`).join(' ') : '';
    case 'if':
      return `Must satisfy: if ${compact(n.if)} then ${compact(n.then ?? {})}${n.else ? ` else ${compact(n.else)}` : ''}.`;
    case 'then':
    case 'else':
      return '';
    default:
      return `Must satisfy ${keyword}: ${compact(v)}.`;
  }
}

/** The permitted values of a dropped enum in words. */
function enumWords(info: FieldInfo | undefined, values: readonly Json[]): string {
  if (enumIsListable(values)) return oneOfText(values);
  if (info?.rule) return whatToSend(info, info.schema);
  return `one of ${values.length} permitted values, e.g. ${listValues(values.slice(0, 3))}`;
}
