// The log record of a result, for the engineer and never shown to the model: each fault's rule as data
// (keyword and schema_path, an ordered check's id, a pack keyword), the stage that stopped the call, and
// how many corrections were made.
import type { CompiledPack, Correction, Fault, InputShape, LogRecord } from '../types';

/** A fault as the log records it; keyword and schema_path only when the fault has them. */
function faultRecord(f: Fault): LogRecord['faults'][number] {
  const record: LogRecord['faults'][number] = { code: f.code, field: f.field, stage: f.stage, reason: f.reason, detail: f.detail ?? f.reason };
  if (f.keyword) record.keyword = f.keyword;
  if (f.schemaPath) record.schema_path = f.schemaPath;
  if (f.check) record.check = f.check;
  if (f.packKeyword) record.pack_keyword = f.packKeyword;
  return record;
}

export function logFor(pack: CompiledPack, tool: string | null, shape: InputShape, stage: LogRecord['stage'], faults: readonly Fault[], corrections: Correction[], omitted: number): LogRecord {
  return {
    pack: pack.id,
    tool,
    shape,
    stage,
    outcome: faults.length ? 'rejected' : 'accepted',
    // An accepted call (most calls) has no faults: a new empty list, with no closure or map for it.
    faults: faults.length ? faults.map(faultRecord) : [],
    omitted,
    corrections: corrections.length,
    not_run: [],
  };
}
