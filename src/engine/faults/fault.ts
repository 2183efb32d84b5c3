// The one way a fault is made. Every stage (parse, absorb, validate, the ordered checks) builds its faults
// here, so a fault always has the same fields and the same defaults, and its words stay data until the
// body is assembled: a statement ("is not an argument") and notes after it ("it takes: a, b"), each of a
// kind, so a later step drops or adds a note by its kind instead of cutting the message at a piece of text.
import { formatPath } from '../paths';
import { cutReceived } from './received';
import type { Fault, FaultNoteKind, Json } from '../types';

/**
 * A fault as a stage states it: the fault's own fields (types.ts says what each means), where `field`, the
 * notes, the candidates and whether to show them have defaults, and what the caller sent is given either
 * as `sent` (cut here for the body: long strings, deep or wide values) or as `received`, already as the body
 * quotes it (cut, or written as the caller wrote it: `"15.00"`). Neither means nothing was received.
 */
export type FaultSpec = Omit<Fault, 'field' | 'notes' | 'received' | 'hasReceived' | 'candidates' | 'showCandidates'> &
  Partial<Pick<Fault, 'field' | 'notes' | 'candidates' | 'showCandidates'>> & { sent?: Json; received?: Json };

export function makeFault(spec: FaultSpec): Fault {
  const { sent, received, ...own } = spec;
  const fault: Fault = {
    ...own,
    // The field as the body names it: written from the path unless given (`name`, `arguments`, ``).
    field: own.field ?? formatPath(own.path ?? []),
    notes: own.notes ?? [],
    candidates: own.candidates ?? [],
    // Only a fault whose message does not list the permitted set offers its candidates.
    showCandidates: own.showCandidates ?? false,
    hasReceived: 'sent' in spec || received !== undefined,
  };
  if ('sent' in spec) fault.received = cutReceived(sent as Json);
  else if (received !== undefined) fault.received = received;
  return fault;
}

/** The fault's message as the body says it: the statement, then each note, joined by semicolons. */
export function messageOf(fault: Pick<Fault, 'statement' | 'notes'>): string {
  let message = fault.statement;
  for (const note of fault.notes) message += `; ${note.text}`;
  return message;
}

/** Replaces the statement; the notes made for the old one go with it. */
export function restate(fault: Fault, statement: string): void {
  fault.statement = statement;
  fault.notes = [];
}

export function addNote(fault: Fault, kind: FaultNoteKind, text: string): void {
  fault.notes.push({ kind, text });
}

export function dropNote(fault: Fault, kind: FaultNoteKind): void {
  if (fault.notes.some((n) => n.kind === kind)) fault.notes = fault.notes.filter((n) => n.kind !== kind);
}

export function hasNote(fault: Fault, kind: FaultNoteKind): boolean {
  return fault.notes.some((n) => n.kind === kind);
}
