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
  // Every field named, in one order, whether set or not: faults then share one hidden class, so each stage
  // that reads them stays monomorphic. A spread of the spec (its own keys, in the stage's order) gave each
  // stage's faults a shape of their own, and made makeFault the largest single cost of a faulty call.
  const hasSent = 'sent' in spec;
  return {
    // The field as the body names it: written from the path unless given (`name`, `arguments`, ``).
    field: spec.field ?? formatPath(spec.path ?? []),
    path: spec.path,
    code: spec.code,
    statement: spec.statement,
    notes: spec.notes ?? [],
    received: hasSent ? cutReceived(spec.sent as Json) : spec.received,
    hasReceived: hasSent || spec.received !== undefined,
    candidates: spec.candidates ?? [],
    // Only a fault whose message does not list the permitted set offers its candidates.
    showCandidates: spec.showCandidates ?? false,
    fix: spec.fix,
    requiresOneOf: spec.requiresOneOf,
    stage: spec.stage,
    keyword: spec.keyword,
    schemaPath: spec.schemaPath,
    check: spec.check,
    packKeyword: spec.packKeyword,
    reason: spec.reason,
    detail: spec.detail,
    extra: spec.extra,
    nextCall: spec.nextCall,
    retryable: spec.retryable,
    retryAfter: spec.retryAfter,
    facts: spec.facts,
  };
}

/** The fault's message as the body says it: the statement, then each note, joined by semicolons. */
export function messageOf(fault: Pick<Fault, 'statement' | 'notes'>): string {
  let message = fault.statement;
  for (const note of fault.notes) message += `; ${note.text}`;
  return message;
}

/** Replaces the statement; the notes and the facts stated with the old one go with it. */
export function restate(fault: Fault, statement: string): void {
  fault.statement = statement;
  fault.notes = [];
  fault.facts = undefined;
}

/** `names`: what the note lists, as data (the arguments a tool takes), for a reader that must not parse the words. */
export function addNote(fault: Fault, kind: FaultNoteKind, text: string, names?: string[]): void {
  fault.notes.push(names ? { kind, text, names } : { kind, text });
}

/** The JSON types a message asks for by their words (rule-words.ts TYPE_NAMES), the first named: the type a reader converts to. */
export function firstType(types: string | string[]): string | undefined {
  const first = (Array.isArray(types) ? types : String(types).split(','))[0];
  return first === 'null' ? undefined : first;
}

export function dropNote(fault: Fault, kind: FaultNoteKind): void {
  if (fault.notes.some((n) => n.kind === kind)) fault.notes = fault.notes.filter((n) => n.kind !== kind);
}

export function hasNote(fault: Fault, kind: FaultNoteKind): boolean {
  return fault.notes.some((n) => n.kind === kind);
}
