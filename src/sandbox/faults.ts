// The faults of a result in the order its body lists them, and the rule behind each (read from the log's
// fields, never its prose). Types only from the engine: the panels import this before the engine has loaded.
import type { Body, CheckResult, ValidationFailedBody } from '../engine/types';

/** A body of several faults (engine/body/body.ts has the same test; importing it would bring the engine into the first chunk). */
const listsFaults = (body: Body): body is ValidationFailedBody => 'errors' in body && Array.isArray(body.errors);

export interface BodyEntry {
  field: string;
  code: string;
  message: string;
  line?: number;
  column?: number;
  conflictsWith?: string[];
}

/** The faults in the order the body lists them; faults past the body's ten come from the log record. */
export function faultEntries(result: CheckResult): BodyEntry[] {
  const body = result.body;
  if (!body) return [];
  const entries: BodyEntry[] = [];
  if (listsFaults(body)) {
    for (const e of body.errors) entries.push({ field: e.field, code: e.code, message: e.message });
  } else {
    entries.push({
      field: typeof body.field === 'string' ? body.field : '',
      code: String(body.error),
      message: String(body.message ?? ''),
      line: typeof body.line === 'number' ? body.line : undefined,
      column: typeof body.column === 'number' ? body.column : undefined,
      conflictsWith: Array.isArray(body.conflicts_with) ? body.conflicts_with.map(String) : undefined,
    });
  }
  for (const f of result.log.faults.slice(entries.length)) entries.push({ field: f.field, code: f.code, message: `${f.reason} (not in the body: it lists ten faults)` });
  return entries;
}


const STAGE_WORDS: Record<string, string> = { parse: 'reading the call', absorb: 'absorbing', validate: 'the schema', checks: 'the ordered checks' };

/**
 * Where each entry of the body comes from, in the body's order: its field and the rule that produced it,
 * read from the log record's fields (the schema keyword and path, the ordered check, the pack's keyword)
 * with the rule's words (`detail`), never from the `reason` line.
 */
export interface EntrySource {
  field: string;
  /** The rule in words: `the schema’s enum at #/properties/status/enum (…)`, `the ordered check rule:…: …`. */
  rule: string;
}

export function entrySources(result: CheckResult): EntrySource[] {
  return faultEntries(result).map((e, i) => {
    const f = result.log.faults[i];
    if (!f) return { field: e.field, rule: 'the engine' };
    if (f.check) return { field: e.field, rule: `the ordered check ${f.check}: ${f.detail}` };
    if (f.keyword && f.schema_path) return { field: e.field, rule: `the schema’s ${f.keyword} at ${f.schema_path} (${f.detail})` };
    // A fault grouped over an array's items keeps its members' schema path but no keyword (explain/item-groups.ts).
    if (f.schema_path) return { field: e.field, rule: `the schema at ${f.schema_path} (${f.detail})` };
    // A pack keyword (x-conflicts, x-unit…) is the pack's own rule, not the vendor's schema.
    if (f.pack_keyword) return { field: e.field, rule: `the pack’s ${f.pack_keyword} (${f.detail})` };
    return { field: e.field, rule: `${STAGE_WORDS[f.stage] ?? f.stage}: ${f.detail}` };
  });
}
