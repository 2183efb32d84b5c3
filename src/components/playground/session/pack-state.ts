// The State tab: a pack's state as editable text, read back for the ordered checks. Pure, so which state a
// call is checked against, what a share link carries and where a problem is marked are all unit-tested.
// Loaded with the checker (it needs the engine), never with the page's first JavaScript.
import { stateDiffers, stateProblems } from '../../../sandbox/checker';
import { parseJsonText } from '../../../sandbox/formats';
import type { CompiledPack, Json } from '../../../engine/types';
import { jsonSyntaxProblem, type DefinitionProblem } from '../editor/definition-problems';
import type { Diagnostic } from '../editor/diagnostics';
import { rangeOfPointer } from '../editor/pointer-range';

export type StateProblem = DefinitionProblem;

/** Which state the ordered checks read, and why. */
export type StateReading =
  /** The pack ships no state and none was typed: its tools' checks (if any) see no records. */
  | { use: 'none' }
  /** The pack's own state: not edited, or edited back to the same value. */
  | { use: 'own' }
  /** A valid edit that differs from the pack's own: the checks read it. */
  | { use: 'edited'; value: Json }
  /** An edit that is not a usable state. The checks read the pack's own until it is fixed, so the result never blanks. */
  | { use: 'broken'; summary: string; problems: StateProblem[] };

/** The pack's own state as the editor shows it ('' when the pack has none). */
export function ownStateText(pack: CompiledPack): string {
  return pack.state ? JSON.stringify(pack.state, null, 2) : '';
}

/** Reads the editor's text (undefined: never edited) against the pack. */
export function readState(pack: CompiledPack, text: string | undefined): StateReading {
  if (text === undefined) return pack.state ? { use: 'own' } : { use: 'none' };
  const parsed = parseJsonText(text, '');
  if (!parsed.ok) return { use: 'broken', summary: 'The state is not valid JSON.', problems: [jsonSyntaxProblem(text, parsed.fault, 'the state')] };
  const problems = stateProblems(parsed.value);
  if (problems.length) {
    return {
      use: 'broken',
      summary: problems.length === 1 ? 'The state has a problem.' : `The state has ${problems.length} problems.`,
      problems: problems.map((p) => {
        const at = rangeOfPointer(text, p.path);
        return { where: p.path || '/', message: p.message, range: at?.range };
      }),
    };
  }
  if (!stateDiffers(pack, parsed.value)) return pack.state ? { use: 'own' } : { use: 'none' };
  return { use: 'edited', value: parsed.value };
}

/** The `state` option for check(): set only for a usable edit that differs from the pack's own. */
export function stateOption(reading: StateReading): { state?: Json } {
  return reading.use === 'edited' ? { state: reading.value } : {};
}

/**
 * What a share link carries as `state`: the text as typed when it differs from the pack's own, nothing
 * when it does not. A broken edit is carried too, so opening the link loses nothing and shows the same
 * problems (and, like here, checks against the pack's own state).
 */
export function linkStateText(pack: CompiledPack, text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const reading = readState(pack, text);
  return reading.use === 'own' || reading.use === 'none' ? undefined : text;
}

/** The editor's markers for a broken state: each problem on the text it names. */
export function stateDiagnostics(reading: StateReading): Diagnostic[] {
  if (reading.use !== 'broken') return [];
  return reading.problems
    .filter((p) => p.range)
    .map((p) => ({ ...p.range!, severity: 'error', field: p.where, code: 'state', message: `${p.where}: ${p.message}`, kind: 'value', escapes: 0, python: false }));
}
