// A value that fits a sibling: `ch_…` sent as payment_intent goes in charge. The message names the one
// sibling whose own pattern or format the value fits, and the fix moves it there when that validates.
import { FORMAT_RULES } from '../faults/rule-words';
import { childFieldsOf } from '../field-index';
import { PATTERN_FIELD_MAX, regexInputLimit } from '../validate/input-cap';
import { safePatternTest } from '../safe-pattern';
import { moveValue, patternOf, pointerOf, valueAt } from '../paths';
import { addNote } from '../faults/fault';
import { atOrUnder, changeFits, checkedArgs, errorsWith, inLongArray } from './probe';
import { hasStringRule } from './field-kinds';
import type { ExplainContext, FieldInfo, Fault } from '../types';

function ruleOf(f: FieldInfo): string | undefined {
  return f.rule ?? (typeof f.schema.format === 'string' ? FORMAT_RULES[f.schema.format]?.rule : undefined);
}

/**
 * Sibling patterns, compiled as the validator compiles them (flag u), once each; null when one does not
 * compile or might backtrack (safe-pattern.ts): the full validation below then decides, on its own engine.
 */
const OWN_PATTERNS = new Map<string, ((s: string) => boolean) | null>();

function failsOwnPattern(f: FieldInfo, value: string): boolean {
  const pattern = f.schema.pattern;
  if (typeof pattern !== 'string') return false;
  let test = OWN_PATTERNS.get(pattern);
  if (test === undefined) {
    test = safePatternTest(pattern) ?? null;
    if (OWN_PATTERNS.size >= 1000) OWN_PATTERNS.clear();
    OWN_PATTERNS.set(pattern, test);
  }
  return test !== null && !test(value);
}

/**
 * On a pattern or format fault: when the value fits exactly one sibling field's own pattern or format,
 * the message names that field, and the fix moves the value there when the sibling is free and the
 * moved call breaks nothing new.
 */
export function noteSiblingFit(ctx: ExplainContext, fault: Fault): Fault {
  const path = fault.path;
  if (!path || path.length === 0) return fault;
  const key = path[path.length - 1];
  const value = valueAt(ctx.args, path).value;
  if (typeof key !== 'string' || typeof value !== 'string' || inLongArray(ctx, path)) return fault;
  const parentPath = path.slice(0, -1);
  const parent = valueAt(ctx.args, parentPath).value;
  if (parent === null || typeof parent !== 'object' || Array.isArray(parent)) return fault;
  const own = ctx.tool.fields.get(patternOf(path));
  // The field's own example: a sibling whose rule accepts it too (one line of text, say) cannot tell
  // the two fields' values apart, and naming it would be noise.
  const ownExample = own?.example ?? (typeof own?.schema.format === 'string' ? FORMAT_RULES[own.schema.format]?.example : undefined);
  if (typeof ownExample !== 'string') return fault;
  const checked = checkedArgs(ctx);
  const accepts = (f: FieldInfo, v: string): boolean | undefined => {
    const at = [...parentPath, f.name];
    const errors = errorsWith(ctx, at, v);
    if (!errors) return undefined;
    const pointer = pointerOf(at);
    return !errors.some((e) => atOrUnder(e.instancePath, pointer));
  };
  const fitting: FieldInfo[] = [];
  for (const f of childFieldsOf(ctx.tool, patternOf(parentPath))) {
    if (f.name === key || !hasStringRule(f) || f.enumValues) continue;
    if (value.length > (regexInputLimit(f) ?? PATTERN_FIELD_MAX)) continue;
    // A value the sibling's own pattern refuses cannot fit there: no validation of the whole call needed.
    if (failsOwnPattern(f, value)) continue;
    const fits = accepts(f, value);
    if (fits === undefined) return fault;
    if (fits) fitting.push(f);
  }
  if (fitting.length !== 1 || accepts(fitting[0], ownExample) !== false) return fault;
  const sibling = fitting[0];
  const rule = ruleOf(sibling);
  addNote(fault, 'sibling', rule ? `the value sent is ${rule}, which goes in ${sibling.name}` : `the value sent fits ${sibling.name} instead`);
  const to = [...parentPath, sibling.name];
  if (!Object.prototype.hasOwnProperty.call(parent, sibling.name) && changeFits(ctx, moveValue(checked, path, to), [to])) {
    fault.fix = { kind: 'move', path: path.slice(), parentPath, to };
  }
  return fault;
}
