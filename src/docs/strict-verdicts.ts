// The strict-mode verdicts on an imported tool's page (ImportedToolPage.astro), one line per verdict rather than
// per vendor: the 4,571 pages said "No rule is lost." three times each, and two vendors often gave the same verdict
// in the same words. Targets whose verdicts read the same share a line; "no rule is lost", when it holds for every
// target, is said once by the page; a target that loses rules keeps its count on its own line.
import type { StrictCounts, StrictTarget } from '../engine/strict';
import { plural } from './words';

/** One vendor's lint of a tool, as the page computes it. */
export interface TargetVerdict {
  target: StrictTarget;
  label: string;
  counts: StrictCounts;
  /** How many findings there are. */
  total: number;
  /** Whether any finding refuses the plain export (refusedOutright). */
  refused: boolean;
}

/** A line of the page: the targets it speaks for, their labels in words, and what they do with the schema. */
export interface VerdictLine {
  targets: StrictTarget[];
  labels: string;
  text: string;
}

/** "A", "A and B", "A, B and C". */
function inWords(items: string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The counts that are not zero, in words: "2 constructs refused, 1 not enforced". */
function countsText(c: StrictCounts): string {
  const parts = ([[c.refuses, 'refused'], [c.rewrite, 'to rewrite'], [c.ignores, 'not enforced']] as const).filter(([n]) => n > 0);
  return parts.map(([n, what], i) => (i === 0 ? `${n} ${plural(n, 'constructs')} ${what}` : `${n} ${what}`)).join(', ');
}

/** What a target, or several (`many`), do with the schema, and what is lost when `lost` is to be said. */
function verdictText(v: TargetVerdict, many: boolean, lost: boolean): string {
  const s = (one: string, more: string) => (many ? more : one);
  const done =
    v.total === 0
      ? `${s('takes', 'take')} it as it is.`
      : v.refused
        ? `${s('refuses', 'refuse')} the plain export (${countsText(v.counts)}); the strict export rewrites ${v.counts.refuses + v.counts.rewrite === 1 ? 'it' : 'them'}.`
        : `${s('accepts', 'accept')} it, but ${s('does', 'do')} not enforce ${v.counts.ignores} ${plural(v.counts.ignores, 'rules')}.`;
  if (!lost) return done;
  return `${done} ${v.counts.nowhere === 0 ? 'No rule is lost.' : `${v.counts.nowhere} ${plural(v.counts.nowhere, 'rules')} enforced nowhere.`}`;
}

/**
 * The lines for a tool's verdicts, in the targets' order, with targets of the same verdict on one line; and
 * whether there are verdicts and no target loses a rule, which the page then says once (the lines leave it out).
 */
export function verdictLines(verdicts: readonly TargetVerdict[]): { lines: VerdictLine[]; noneLost: boolean } {
  const noneLost = verdicts.length > 0 && verdicts.every((v) => v.counts.nowhere === 0);
  const groups = new Map<string, TargetVerdict[]>();
  for (const v of verdicts) {
    const key = verdictText(v, false, !noneLost);
    groups.set(key, [...(groups.get(key) ?? []), v]);
  }
  const lines = [...groups.values()].map((group) => ({
    targets: group.map((v) => v.target),
    labels: inWords(group.map((v) => v.label)),
    text: verdictText(group[0], group.length > 1, !noneLost),
  }));
  return { lines, noneLost };
}
