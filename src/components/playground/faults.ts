// The faults of a result in the order its body lists them. No parser here: the panels import this
// before the engine has loaded.
import type { CheckResult, Json } from '../../engine/types';

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
  if (Array.isArray(body.errors)) {
    for (const e of body.errors as Record<string, Json>[]) entries.push({ field: String(e.field ?? ''), code: String(e.code), message: String(e.message) });
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

