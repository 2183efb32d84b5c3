// Conflicting arguments: two fields a pack declares cannot be sent together (x-conflicts). AJV knows nothing
// of them, so validation asks this module for their faults beside the schema's own.
import { fieldIndex } from '../field-index';
import { valuesAlong, type Segment } from '../paths';
import { makeFault } from '../faults/fault';
import type { ExplainContext, Fault, Json } from '../types';

/** Conflicts are a pack fact AJV does not know: one fault names every offender, the reason and what to drop. */
export function conflictFaults(ctx: ExplainContext): Fault[] {
  const out: Fault[] = [];
  // Most tools declare no conflicts: the index says so without a look at any field.
  for (const { field: f, steps } of fieldIndex(ctx.tool).conflicted) {
    if (!f.conflicts) continue;
    for (const { segments, object } of objectsAlong(ctx.args, steps)) {
      if (!Object.prototype.hasOwnProperty.call(object, f.name)) continue;
      const present = f.conflicts.with.filter((o) => Object.prototype.hasOwnProperty.call(object, o));
      if (present.length === 0) continue;
      const received = Object.fromEntries([[f.name, object[f.name]], ...present.map((o) => [o, object[o]] as [string, Json])]);
      const others = present.join(', ');
      out.push(makeFault({
        code: 'conflicting_arguments',
        stage: 'validate',
        path: [...segments, f.name],
        statement: `cannot be combined with ${others}: ${f.conflicts.reason.replace(/\.$/, '')}; ${present.length === 1 ? 'send only one of the two' : `drop ${f.name}, or drop ${others}`}`,
        sent: received,
        packKeyword: 'x-conflicts',
        reason: `x-conflicts on ${f.path}: ${[f.name, ...present].join(' + ')}`,
        detail: [f.name, ...present].join(' + '),
        extra: { conflicts_with: present },
      }));
    }
  }
  return out;
}

/** Every object instance found along the steps of a path pattern such as `attendees[]` or `start`. */
function objectsAlong(args: Json, steps: readonly string[]): { segments: Segment[]; object: Record<string, Json> }[] {
  return valuesAlong(args, steps)
    .filter((l) => l.value !== null && typeof l.value === 'object' && !Array.isArray(l.value))
    .map((l) => ({ segments: l.path, object: l.value as Record<string, Json> }));
}
