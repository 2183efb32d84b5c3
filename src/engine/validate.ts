// Stage 3, validate: AJV over the wire schema with allErrors, plus the pack's conflicts, collecting every
// independent fault. One fault per field: when a value breaks several keywords, the one that says most
// about what to send wins (type before enum before format before bounds).
import { conflictFaults, explainAjvError, type ExplainContext } from './explain';
import type { AjvError, CompiledTool, Fault, Json } from './types';

const PRIORITY = ['type', 'enum', 'const', 'format', 'pattern', 'required', 'additionalProperties', 'unevaluatedProperties'];

function rank(keyword: string): number {
  const i = PRIORITY.indexOf(keyword);
  return i === -1 ? PRIORITY.length : i;
}

/** Drops the errors a combinator already speaks for: branch errors under a failed anyOf/oneOf, the `if` wrapper. */
function pruneNested(errors: AjvError[]): AjvError[] {
  const combinators = errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf' || e.keyword === 'not' || e.keyword === 'contains' || e.keyword === 'propertyNames');
  return errors.filter((e) => {
    if (e.keyword === 'if') return false;
    return !combinators.some((c) => c !== e && e.schemaPath.startsWith(c.schemaPath + '/'));
  });
}

export function validateArguments(tool: CompiledTool, args: Json): Fault[] {
  const ctx: ExplainContext = { tool, args };
  const errors = tool.validate(args) ?? [];
  const byField = new Map<string, { fault: Fault; rank: number }>();
  const faults: Fault[] = [];
  for (const e of pruneNested(errors)) {
    const fault = explainAjvError(ctx, e);
    const key = `${fault.field}\u0000${fault.code === 'missing_required' || fault.code === 'unknown_argument' ? fault.code : ''}`;
    const r = rank(e.keyword);
    const prev = byField.get(key);
    if (!prev) {
      byField.set(key, { fault, rank: r });
      faults.push(fault);
    } else if (r < prev.rank) {
      faults[faults.indexOf(prev.fault)] = fault;
      byField.set(key, { fault, rank: r });
    }
  }
  return [...shortenRepeatedLists(dropImpliedByRename(faults)), ...conflictFaults(ctx)];
}

/**
 * `staus: "open"` gives an unknown argument whose one candidate is `status`; the "status is missing"
 * fault it causes says nothing new, and would block the suggested call. Drop such implied faults.
 */
function dropImpliedByRename(faults: Fault[]): Fault[] {
  const renamedTo = new Set<string>();
  for (const f of faults) {
    if (f.code === 'unknown_argument' && f.candidates.length === 1 && f.fix?.parentPath) {
      renamedTo.add(JSON.stringify([...f.fix.parentPath, String(f.candidates[0])]));
    }
  }
  if (renamedTo.size === 0) return faults;
  return faults.filter((f) => {
    if (f.code === 'missing_required' && f.path) return !renamedTo.has(JSON.stringify(f.path));
    if (f.requiresOneOf && f.path) return !f.requiresOneOf.some((name) => renamedTo.has(JSON.stringify([...f.path!, name])));
    return true;
  });
}

/** Several unknown arguments at one level would each repeat "it takes: …"; the list is worth its tokens once. */
function shortenRepeatedLists(faults: Fault[]): Fault[] {
  const seen = new Set<string>();
  return faults.map((f) => {
    if (f.code !== 'unknown_argument' || !f.message.includes('; it takes: ')) return f;
    if (!seen.has(f.message)) {
      seen.add(f.message);
      return f;
    }
    return { ...f, message: f.message.slice(0, f.message.indexOf('; it takes: ')) };
  });
}
