// ajv-formats' full formats, with the engine's strict RFC 3339 date, time and date-time (date-formats.ts)
// in place of theirs, each behind the same length check capFormats puts on an AJV instance (input-cap.ts):
// the generated validators (src/generated/validators/) read their formats from here, so the playground
// refuses 2026-02-30 and +0100 exactly as the CLI does.
import { fullFormats } from 'ajv-formats/dist/formats';
import { STRICT_DATE_FORMATS } from '../shared/date-formats';
import { capFormat, type FormatDefinition } from './input-cap';

export const cappedFormats: Record<string, unknown> = Object.fromEntries(
  Object.entries({ ...fullFormats, ...STRICT_DATE_FORMATS }).map(([name, def]) => [name, capFormat(def as FormatDefinition) ?? def]),
);
