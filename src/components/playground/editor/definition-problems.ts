// A problem in text the user typed (tool definitions, a pack's state), said where it is. Kept apart from
// custom-tools.ts, which loads AJV, so the state editor can use it without.
import type { Fault } from '../../../engine/types';
import type { TextRange } from '../../../sandbox/positions';

export interface DefinitionProblem {
  /** Where, in words a person reads: a JSON pointer, or a line and column. */
  where: string;
  message: string;
  range?: TextRange;
}

/** A JSON syntax error as a problem: its line and column, what was expected there, and a one-character range. */
export function jsonSyntaxProblem(text: string, fault: Fault, whole: string): DefinitionProblem {
  const { line, column } = (fault.extra ?? {}) as { line?: number; column?: number };
  const offset = line !== undefined && column !== undefined ? offsetOfLineColumn(text, line, column) : 0;
  const start = Math.min(offset, Math.max(0, text.length - 1));
  return {
    where: line !== undefined ? `line ${line}, column ${column}` : whole,
    message: fault.statement
      .replace(/^is not valid JSON at line \d+, column \d+: /, '')
      .replace(/^is empty at line \d+, column \d+: /, '')
      .replace(/^ends before the JSON is complete at line \d+, column \d+: /, 'the text ends here: '),
    range: { start, end: start + 1 },
  };
}

/** Offset of a 1-based line and column (UTF-16 units, as the engine counts them) in a text. */
export function offsetOfLineColumn(text: string, line: number, column: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf('\n', offset);
    if (nl === -1) return text.length;
    offset = nl + 1;
  }
  return Math.min(text.length, offset + Math.max(0, column - 1));
}
