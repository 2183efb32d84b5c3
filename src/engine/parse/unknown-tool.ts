// The unknown_tool fault: a call names a tool the caller cannot call. Worded here once, for check() and for
// the MCP proxy, which answers calls itself while the server it fronts lists no tool at all.
import { makeFault } from '../faults/fault';
import type { Fault, FaultNote, Json } from '../types';

export interface UnknownToolSpec {
  /** The name the call sent. */
  sent: Json;
  /** The nearest declared names, best first (did_you_mean). */
  candidates: string[];
  /** The tools the message lists: every tool there is, those on the same thing, or the first of `total`. */
  listed: string[];
  scope: 'every' | 'same_thing' | 'first';
  total?: number;
  /** No tool at all can be called: the message says so, and lists none. */
  none?: boolean;
  reason: string;
}

/** The note after "is not a tool you can call": the tools listed, or that there are none. */
function listNote(spec: UnknownToolSpec): FaultNote[] {
  if (spec.none) return [{ kind: 'takes', text: 'this server lists none' }];
  if (!spec.listed.length) return [];
  const lead = spec.scope === 'every' ? 'they are' : spec.scope === 'same_thing' ? 'those on the same thing are' : `the first ${spec.listed.length} of ${spec.total} are`;
  return [{ kind: 'takes', text: `${lead}: ${spec.listed.join(', ')}`, names: spec.listed }];
}

export function unknownToolFault(spec: UnknownToolSpec): Fault {
  return makeFault({
    code: 'unknown_tool',
    stage: 'parse',
    field: 'name',
    statement: 'is not a tool you can call',
    notes: listNote(spec),
    sent: spec.sent,
    candidates: spec.candidates,
    showCandidates: true,
    reason: spec.reason,
  });
}
