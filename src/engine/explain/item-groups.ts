// After explanation (validate.ts): no two moves into one place, and one entry for the same fault on many
// items of one array, with the corrected array as its candidate when every item's fix together validates.
import { formatPath, pointerOf, valueAt, withValueAt, type Segment } from '../paths';
import { makeFault, messageOf } from '../faults/fault';
import { checkedArgs, fitsAt, MAX_ITEMS_FIXED } from './probe';
import { offerable } from './offerable';
import type { ExplainContext, Fault, Json } from '../types';

/** Grouped faults show this many of the values received. */
const GROUP_RECEIVED = 3;

/** `0-11`, `0, 2, 5-7`: indices in runs, the first few runs only. */
export function indexRanges(indices: number[]): string {
  const sorted = [...new Set(indices)].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    if (j - i >= 2) runs.push(`${sorted[i]}-${sorted[j]}`);
    else for (let k = i; k <= j; k++) runs.push(String(sorted[k]));
    i = j + 1;
  }
  return runs.length > 6 ? `${runs.slice(0, 6).join(', ')}, …` : runs.join(', ');
}

function lastIndexAt(path: readonly Segment[]): number {
  for (let i = path.length - 1; i >= 0; i--) if (typeof path[i] === 'number') return i;
  return -1;
}

/** `attendees`, `[]`, `.email` -> `attendees[].email`. */
function itemsField(arrayPath: readonly Segment[], rest: readonly Segment[]): string {
  return `${formatPath(arrayPath)}[]${rest.length ? formatPath(['_', ...rest]).slice(1) : ''}`;
}

/**
 * The same fault (code and message) on several items of one array becomes one entry: its field names the
 * items (`attendees[].email`), its message says how many and which, and `received` holds the first few
 * values. When each item has one fix and together they make the array valid, the entry is about the
 * array itself instead, and did_you_mean holds the corrected array.
 */
export function groupItemFaults(ctx: ExplainContext, faults: Fault[]): Fault[] {
  const more = ctx.moreItems;
  const moreFor = (f: Fault) => (more?.size && f.path ? more.get(itemRuleKey(f.path, f.schemaPath) ?? '') : undefined);
  // Most faulty calls have one fault: nothing to group.
  if (faults.length < 2 && !(faults.length === 1 && moreFor(faults[0]))) return faults;
  const keyOf = (f: Fault): string | undefined => {
    const j = f.path ? lastIndexAt(f.path) : -1;
    if (j < 0) return undefined;
    return JSON.stringify([f.path!.slice(0, j), f.path!.slice(j + 1), f.code, messageOf(f), f.showCandidates]);
  };
  const groups = new Map<string, Fault[]>();
  for (const f of faults) {
    const k = keyOf(f);
    if (k !== undefined) groups.set(k, [...(groups.get(k) ?? []), f]);
  }
  const size = (g: Fault[]) => g.length + (moreFor(g[0])?.length ?? 0);
  if (![...groups.values()].some((g) => size(g) > 1)) return faults;
  const out: Fault[] = [];
  for (const f of faults) {
    const k = keyOf(f);
    const members = k === undefined ? undefined : groups.get(k)!;
    if (!members || size(members) < 2) out.push(f);
    else if (members[0] === f) out.push(mergeItems(ctx, members, moreFor(f) ?? []));
  }
  return out;
}

/**
 * The same rule on any item of one array: the array's path, the path inside the item, and the schema path.
 * validate.ts keys the violations it does not explain by this, so they count into the entry of their rule.
 */
export function itemRuleKey(path: readonly Segment[], schemaPath: string | undefined): string | undefined {
  const j = lastIndexAt(path);
  return j < 0 ? undefined : JSON.stringify([path.slice(0, j), path.slice(j + 1), schemaPath ?? '']);
}

/** `more`: the indices of further items with the same fault that were counted, not explained. */
function mergeItems(ctx: ExplainContext, members: Fault[], more: number[]): Fault {
  const first = members[0];
  const j = lastIndexAt(first.path!);
  const arrayPath = first.path!.slice(0, j);
  const rest = first.path!.slice(j + 1);
  const indices = [...members.map((m) => m.path![j] as number), ...more];
  const n = indices.length;
  const which = indexRanges(indices);
  // A corrected array built from the explained items alone would leave the counted ones wrong.
  const whole = more.length ? undefined : wholeArrayFix(ctx, members, arrayPath, j);
  if (whole) {
    const statement = rest.length ? `in each of ${n} items (${which}), ${formatPath(rest)} ${first.statement}` : `each of ${n} items (${which}) ${first.statement}`;
    const asRow = whole.length === 1 && whole[0] === valueAt(ctx.args, arrayPath).value;
    return makeFault({
      code: first.code,
      stage: first.stage,
      path: arrayPath,
      statement,
      notes: asRow ? [{ kind: 'one_item', text: 'the list sent fits as its one item: send it inside [ ]' }] : first.notes.slice(),
      sent: valueAt(ctx.args, arrayPath).value as Json,
      candidates: [whole],
      showCandidates: true,
      fix: { kind: 'replace', path: arrayPath },
      keyword: first.keyword,
      schemaPath: first.schemaPath,
      check: first.check,
      packKeyword: first.packKeyword,
      reason: `${n} items of ${formatPath(arrayPath)}: ${first.reason}`,
      detail: `${n} items of ${formatPath(arrayPath)}: ${first.detail ?? first.reason}`,
    });
  }
  const received = members.every((m) => m.hasReceived) ? [...members.slice(0, GROUP_RECEIVED).map((m) => m.received as Json), ...(n > Math.min(GROUP_RECEIVED, members.length) ? [`…[cut: ${n} items in all]`] : [])] : undefined;
  // A name (an unknown field's near declared name) holds for every item; a value only for its own.
  const sameNames = first.code === 'unknown_argument' && members.every((m) => JSON.stringify(m.candidates) === JSON.stringify(first.candidates));
  return makeFault({
    code: first.code,
    stage: first.stage,
    field: itemsField(arrayPath, rest),
    path: first.path,
    statement: first.statement,
    notes: [...first.notes, { kind: 'items', text: `${n} items fail this: ${which}` }],
    received,
    candidates: sameNames ? first.candidates : [],
    showCandidates: first.showCandidates,
    // No keyword: no value proposed for one item may stand for all of them.
    schemaPath: first.schemaPath,
    check: first.check,
    packKeyword: first.packKeyword,
    reason: `${n} items of ${formatPath(arrayPath)}: ${first.reason}`,
    detail: `${n} items of ${formatPath(arrayPath)}: ${first.detail ?? first.reason}`,
  });
}

/** The array with every member's one replacement applied, when it validates in place; else undefined. */
function wholeArrayFix(ctx: ExplainContext, members: Fault[], arrayPath: Segment[], j: number): Json[] | undefined {
  if (!members.every((m) => m.candidates.length === 1 && m.fix?.kind === 'replace' && pointerOf(m.fix.path) === pointerOf(m.path!))) return undefined;
  const sent = valueAt(ctx.args, arrayPath).value;
  // An item emptied for being over-long (validate.ts) must not come back, unchecked, in a candidate.
  if (!Array.isArray(sent) || sent.length > MAX_ITEMS_FIXED || valueAt(checkedArgs(ctx), arrayPath).value !== sent) return undefined;
  // Every item of a flat list wrapped on its own where a list of lists goes: the list sent is one row
  // (Sheets' values: ["a", "b", "c"] is [["a", "b", "c"]]), not a column of one-cell rows.
  const row = [sent] as Json[];
  if (members.length === sent.length && members.every((m) => m.path!.length === j + 1 && isWrapped(m.candidates[0], sent[m.path![j] as number]))) {
    if (fitsAt(ctx, arrayPath, row) && offerable(ctx, arrayPath, row)) return row;
  }
  let fixed: Json = sent;
  for (const m of members) fixed = withValueAt(fixed, m.path!.slice(j), m.candidates[0]);
  if (!fitsAt(ctx, arrayPath, fixed)) return undefined;
  return offerable(ctx, arrayPath, fixed) ? (fixed as Json[]) : undefined;
}

/** Whether `candidate` is `item` inside a list of its own: [item]. */
function isWrapped(candidate: Json, item: Json): boolean {
  return Array.isArray(candidate) && candidate.length === 1 && !Array.isArray(item) && JSON.stringify(candidate[0]) === JSON.stringify(item);
}

/** Two fixes that would put values in one place (two moves, or a move and a rename) cannot both run. */
export function dropCollidingMoves(faults: Fault[]): Fault[] {
  if (faults.length < 2) return faults;
  const targets = new Map<string, number>();
  const targetOf = (f: Fault): string | undefined => {
    if (f.fix?.kind === 'move' && f.fix.to) return pointerOf(f.fix.to);
    if (f.fix?.kind === 'rename' && f.candidates.length === 1 && f.fix.parentPath) return pointerOf([...f.fix.parentPath, String(f.candidates[0])]);
    return undefined;
  };
  for (const f of faults) {
    const t = targetOf(f);
    if (t !== undefined) targets.set(t, (targets.get(t) ?? 0) + 1);
  }
  for (const f of faults) {
    if (f.fix?.kind === 'move' && (targets.get(targetOf(f)!) ?? 0) > 1) delete f.fix;
  }
  return faults;
}
