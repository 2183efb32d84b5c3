// Turns a CheckResult into editor diagnostics: each fault of the body, and each absorbed correction,
// placed on a range of the text. Pure (no Monaco), so the placement is unit-tested.
import type { CheckResult, Correction, Json } from '../../../engine/types';
import { pythonLiteral } from '../../../sandbox/formats';
import { faultEntries } from '../../../sandbox/faults';
import { describeCorrection } from '../views/labels';
import { locateCall, parsePath, type CallLocation, type Segment, type TextRange } from '../../../sandbox/positions';
import { offsetOfLineColumn } from './definition-problems';

export { offsetOfLineColumn };

export interface Diagnostic extends TextRange {
  severity: 'error' | 'info';
  /** The body's field path ('' for the whole call). */
  field: string;
  code: string;
  /** The sentence shown on hover. */
  message: string;
  /** Fix candidates the engine found for this field. */
  didYouMean?: Json[];
  /** What the range covers: the value, the key, the nearest place to a missing field, a syntax position… */
  kind: 'value' | 'key' | 'missing' | 'syntax' | 'call' | 'conflict' | 'correction';
  /** How an edit on this range must be written: escaped this many times (inside a JSON string)… */
  escapes: number;
  /** …and as Python (bare keys and tool names, True/False/None). */
  python: boolean;
  /** For a fault: the index of its entry in the body (faultEntries' order), which the body view links back here. */
  entry?: number;
}

/** The text that puts a did_you_mean candidate in place of a diagnostic's range. */
export function replacementText(d: Pick<Diagnostic, 'kind' | 'escapes' | 'python' | 'field'>, candidate: Json): string {
  const isName = d.kind === 'key' || (d.kind === 'call' && d.field === 'name');
  if (d.python) {
    if (isName) return String(candidate);
    return pythonLiteral(candidate);
  }
  let text = isName ? JSON.stringify(String(candidate)) : JSON.stringify(candidate);
  for (let i = 0; i < d.escapes; i++) text = JSON.stringify(text).slice(1, -1);
  return text;
}

/** Codes whose fault is the key itself, not its value. */
const KEY_CODES = new Set(['unknown_argument', 'duplicate_argument']);
/** Corrections of a value, not of a name: marked on the value. */
const VALUE_RULES: ReadonlySet<string> = new Set(['json_string_parsed', 'case_folded', 'id_from_url', 'id_from_mention', 'id_sigil', 'id_case', 'date_rewritten']);


/** A one-character range at an offset, kept inside the text so it stays visible at the very end. */
function pointAt(text: string, offset: number): TextRange {
  if (text.length === 0) return { start: 0, end: 0 };
  const start = Math.max(0, Math.min(offset, text.length - 1));
  return { start, end: start + 1 };
}

function argumentsStart(loc: CallLocation, text: string): TextRange {
  if (loc.argumentsKey) return loc.argumentsKey;
  if (loc.argumentsRange) return pointAt(text, loc.argumentsRange.start);
  return pointAt(text, text.search(/\S/));
}

export function diagnosticsFor(text: string, result: CheckResult): Diagnostic[] {
  const loc = locateCall(text, result.corrections);
  const stages = result.log.faults.map((f) => f.stage);
  const candidates = new Map(result.did_you_mean.map((d) => [d.field, d.candidates]));
  const out: Diagnostic[] = [];
  const label = (field: string, message: string) => (field ? `${field} ${message}` : message);

  faultEntries(result).forEach((e, i) => {
    const base = { severity: 'error' as const, field: e.field, code: e.code, message: label(e.field, e.message), didYouMean: candidates.get(e.field), escapes: 0, python: loc.python, entry: i };
    if (stages[i] === 'parse') {
      if (e.line !== undefined && e.column !== undefined) {
        const inner = e.field === 'arguments' && loc.argumentsText !== undefined && loc.argumentsOffset;
        const offset = inner ? loc.argumentsOffset!(offsetOfLineColumn(loc.argumentsText!, e.line, e.column)) : offsetOfLineColumn(text, e.line, e.column);
        out.push({ ...base, ...pointAt(text, offset), kind: 'syntax' });
        return;
      }
      const where = e.field === 'name' ? loc.name : e.field === 'arguments' ? loc.argumentsRange : e.field === 'method' ? loc.method : undefined;
      const firstLine = { start: Math.max(0, text.search(/\S/)), end: text.indexOf('\n') === -1 ? text.length : text.indexOf('\n') };
      out.push({ ...base, ...(where ?? (firstLine.end > firstLine.start ? firstLine : pointAt(text, 0))), kind: 'call' });
      return;
    }
    const path = parsePath(e.field);
    if (!path || path.length === 0) {
      out.push({ ...base, ...argumentsStart(loc, text), kind: 'missing' });
      return;
    }
    const at = loc.field(path);
    if (!at) {
      out.push({ ...base, ...argumentsStart(loc, text), kind: 'missing' });
      return;
    }
    if (!at.exact || !at.value) out.push({ ...base, ...at.nearest, kind: 'missing', escapes: at.escapes });
    else if (KEY_CODES.has(e.code)) out.push({ ...base, ...(at.key ?? at.value), kind: 'key', escapes: at.escapes });
    else out.push({ ...base, ...at.value, kind: 'value', escapes: at.escapes });
    for (const other of e.conflictsWith ?? []) {
      const sibling = loc.field([...path.slice(0, -1), other]);
      if (sibling?.exact && sibling.value) out.push({ ...base, field: other, message: `${other} cannot be sent with ${e.field}: ${e.field} ${e.message}`, didYouMean: undefined, ...sibling.value, kind: 'conflict', escapes: sibling.escapes });
    }
  });

  for (const c of result.corrections) out.push(correctionDiagnostic(loc, c, text));
  return out;
}

function correctionDiagnostic(loc: CallLocation, c: Correction, text: string): Diagnostic {
  if (c.rule === 'tool_name_variant') {
    // The call's own name, not an argument that happens to be called "name".
    const where = loc.name ?? pointAt(text, Math.max(0, text.search(/\S/)));
    return { severity: 'info', field: 'name', code: c.rule, message: `Absorbed: ${describeCorrection(c)}`, kind: 'correction', escapes: 0, python: loc.python, ...where };
  }
  const path: Segment[] = parsePath(c.field) ?? [];
  const at = path.length ? loc.field(path) : null;
  const base = { severity: 'info' as const, field: c.field, code: c.rule, message: `Absorbed: ${describeCorrection(c)}`, kind: 'correction' as const, escapes: at?.escapes ?? 0, python: loc.python };
  // A parsed string, a folded value, an id or a date read another way is marked on the value; a renamed field on its key.
  if (at?.exact && at.value) return { ...base, ...(VALUE_RULES.has(c.rule) ? at.value : at.key ?? at.value) };
  return { ...base, ...(at?.nearest ?? argumentsStart(loc, text)) };
}
