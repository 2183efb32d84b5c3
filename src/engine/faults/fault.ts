// The one way a fault is made. Every stage (parse, absorb, validate, the ordered checks) builds its faults
// here, so a fault always has the same fields and the same defaults, and its words stay data until the
// body is assembled: a statement ("is not an argument") and notes after it ("it takes: a, b"), each of a
// kind, so a later step drops or adds a note by its kind instead of cutting the message at a piece of text.
import { formatPath, type Segment } from '../paths';
import { cutReceived } from './received';
import type { Fault, FaultNote, FaultNoteKind, Json } from '../types';

export interface FaultSpec {
  code: string;
  stage: Fault['stage'];
  /** Where the fault is, as path segments; `field` is written from it unless given. */
  path?: Segment[];
  /** The field as the body names it, when it is no path in the arguments (`name`, `arguments`, ``). */
  field?: string;
  /** The message's first clause: what is wrong and, usually, what to send. */
  statement: string;
  notes?: FaultNote[];
  /** What the caller sent there, as sent: cut here for the body (long strings, deep or wide values). */
  sent?: Json;
  /** What goes under `received` as it stands, already cut or written as the caller wrote it (`"15.00"`). */
  received?: Json;
  candidates?: Json[];
  /** Default false: only a fault whose message does not list the permitted set offers its candidates. */
  showCandidates?: boolean;
  fix?: Fault['fix'];
  requiresOneOf?: string[];
  keyword?: string;
  schemaPath?: string;
  check?: string;
  packKeyword?: string;
  /** The rule and its words, for the engineer (the log's `reason`). */
  reason: string;
  detail?: string;
  extra?: Record<string, Json>;
}

export function makeFault(spec: FaultSpec): Fault {
  const hasReceived = 'sent' in spec || spec.received !== undefined;
  const fault: Fault = {
    field: spec.field ?? formatPath(spec.path ?? []),
    code: spec.code,
    statement: spec.statement,
    notes: spec.notes ?? [],
    hasReceived,
    candidates: spec.candidates ?? [],
    showCandidates: spec.showCandidates ?? false,
    stage: spec.stage,
    reason: spec.reason,
  };
  if (spec.path) fault.path = spec.path;
  if ('sent' in spec) fault.received = cutReceived(spec.sent as Json);
  else if (spec.received !== undefined) fault.received = spec.received;
  if (spec.fix) fault.fix = spec.fix;
  if (spec.requiresOneOf) fault.requiresOneOf = spec.requiresOneOf;
  if (spec.keyword !== undefined) fault.keyword = spec.keyword;
  if (spec.schemaPath !== undefined) fault.schemaPath = spec.schemaPath;
  if (spec.check !== undefined) fault.check = spec.check;
  if (spec.packKeyword !== undefined) fault.packKeyword = spec.packKeyword;
  if (spec.detail !== undefined) fault.detail = spec.detail;
  if (spec.extra) fault.extra = spec.extra;
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
