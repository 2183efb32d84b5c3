// The choice family: a value that fits none (or more than one) of a field's allowed shapes, that a rule
// excludes, that lacks a required item, or that breaks a rule no other family words.
import { deref } from '../schema';
import { pointerToSegments, valueAt } from '../paths';
import type { AjvError, ExplainContext, Fault, Json, SchemaNode } from '../types';
import { compact } from './shape-text';
import { fitsAt } from './probe';
import { branchPhrase, minimalExample } from './schema-example';
import { containsText, SCHEMA_WORDS, schemaText, typePhrase } from '../faults/rule-words';
import { base, type Explainers, type Violation } from './context';
import { firstType } from '../faults/fault';

/** The field names of an anyOf/oneOf whose every branch is `{required: [one name]}`; else undefined. */
function requiredChoice(branches: unknown): string[] | undefined {
  if (!Array.isArray(branches) || branches.length === 0) return undefined;
  const req = branches.map((b) => (b && typeof b === 'object' && Object.keys(b).length === 1 && Array.isArray(b.required) && b.required.length === 1 ? String(b.required[0]) : null));
  return req.every((r) => r !== null) ? (req as string[]) : undefined;
}

/** The branch nearest a value: for an object, the one declaring most of its keys; else the first of its type. */
function nearestBranch(root: SchemaNode, branches: SchemaNode[], value: Json | undefined): SchemaNode {
  const resolved = branches.map((b) => (b && typeof b === 'object' ? deref(root, b) : ({} as SchemaNode)));
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const keys = Object.keys(value);
    let best = 0;
    let bestScore = -1;
    resolved.forEach((b, i) => {
      const props = b.properties && typeof b.properties === 'object' ? b.properties : {};
      const score = keys.filter((k) => k in props).length;
      if (score > bestScore) [best, bestScore] = [i, score];
    });
    return branches[best];
  }
  const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : typeof value;
  const i = resolved.findIndex((b) => [b.type].flat().includes(kind) || (kind === 'integer' && [b.type].flat().includes('number')));
  return branches[i === -1 ? 0 : i];
}

/** The types of a choice whose every branch is a bare type (`[{type: integer}, {type: string}]`). */
function bareTypes(branches: SchemaNode[]): string[] | undefined {
  const types = branches.map((b) => (b && typeof b === 'object' && typeof b.type === 'string' && Object.keys(b).length === 1 ? b.type : null));
  return types.every((t) => t !== null) ? (types as string[]) : undefined;
}

/** The type a choice of bare types asks for first, when choiceText words the choice so. */
function typeChoice(e: AjvError, node: SchemaNode | undefined): string | undefined {
  const branches: SchemaNode[] | undefined = node?.[e.keyword];
  if ((e.keyword === 'oneOf' && Array.isArray(e.params?.passingSchemas)) || !Array.isArray(branches) || requiredChoice(branches)) return undefined;
  const types = bareTypes(branches);
  return types && firstType(types);
}

/** anyOf / oneOf in words: a choice between fields, a choice of types, or a choice of shapes. */
function choiceText(ctx: ExplainContext, e: AjvError, node: SchemaNode | undefined): string {
  const branches: SchemaNode[] | undefined = node?.[e.keyword];
  if (e.keyword === 'oneOf' && Array.isArray(e.params?.passingSchemas)) return 'matches more than one of its allowed shapes; it must match exactly one';
  if (Array.isArray(branches)) {
    const req = requiredChoice(branches);
    if (req) return `must include ${e.keyword === 'oneOf' ? 'exactly one' : 'one'} of: ${req.map(schemaText).join(', ')}`;
    const types = bareTypes(branches);
    if (types) return `must be ${typePhrase(types)}`;
    // Each branch in a few words, and the smallest value of the branch nearest what was sent, when the
    // validator takes it in place (a branch the schema says too little about leaves the phrase out).
    const root = ctx.tool.source.arguments;
    const phrases = branches.map((b) => branchPhrase(root, b, SCHEMA_WORDS));
    if (branches.length <= 4 && phrases.every((p): p is string => typeof p === 'string') && new Set(phrases).size === phrases.length) {
      const at = pointerToSegments(e.instancePath, ctx.args);
      const text = `must be ${phrases.length === 2 ? `either ${phrases[0]} or ${phrases[1]}` : `one of: ${phrases.join('; ')}`}`;
      const example = minimalExample(root, nearestBranch(root, branches, valueAt(ctx.args, at).value), SCHEMA_WORDS);
      return example !== undefined && compact(example).length <= 100 && fitsAt(ctx, at, example) ? `${text}, e.g. ${compact(example)}` : text;
    }
  }
  return `must match ${e.keyword === 'oneOf' ? 'exactly one' : 'at least one'} of its allowed shapes`;
}

/** `anyOf`, `oneOf`. */
function noBranchFits({ ctx, e, at, here, field, node, reason }: Violation): Fault {
  // AJV paths the errors of a schema behind a $ref from that schema (`#/oneOf`): the field's node holds the branches then.
  if (!Array.isArray(node?.[e.keyword]) && Array.isArray(field?.schema?.[e.keyword])) node = field!.schema;
  const fault = base(at, 'invalid_value', choiceText(ctx, e, node), e, here, reason);
  const type = typeChoice(e, node);
  if (type) fault.facts = { type };
  const names = requiredChoice(node?.[e.keyword]);
  if (names && !Array.isArray(e.params?.passingSchemas)) fault.requiresOneOf = names;
  return fault;
}

/** `not`. */
function excludedValue({ e, at, here, reason }: Violation): Fault {
  return base(at, 'invalid_value', 'is a value this field excludes', e, here, reason);
}

/** `false schema`. */
function notAllowedHere({ e, at, here, reason }: Violation): Fault {
  return base(at, 'invalid_value', 'is not allowed here', e, here, reason);
}

/** `contains`, `minContains`, `maxContains`. */
function lacksAnItem({ e, at, here, node, reason }: Violation): Fault {
  return base(at, 'invalid_value', containsText(node), e, here, reason);
}

/** `propertyNames`. */
function badPropertyName({ e, at, here, reason }: Violation): Fault {
  return base(at, 'invalid_value', 'has a property name that breaks its naming rule', e, here, reason);
}

/** A keyword no family above words: its name, so the engineer can look it up. */
function otherRule({ e, at, here, reason }: Violation): Fault {
  return base(at, 'invalid_value', `breaks the schema rule "${e.keyword}"`, e, here, reason);
}

export const CHOICES: Explainers = {
  anyOf: noBranchFits,
  oneOf: noBranchFits,
  not: excludedValue,
  'false schema': notAllowedHere,
  contains: lacksAnItem,
  minContains: lacksAnItem,
  maxContains: lacksAnItem,
  propertyNames: badPropertyName,
};

/** The explainer of a keyword no family lists. */
export const OTHER_RULE = otherRule;
