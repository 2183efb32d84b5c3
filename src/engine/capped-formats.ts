// ajv-formats' full formats, each behind the same length check capFormats puts on an AJV instance
// (input-cap.ts): the generated validators (src/generated/validators/) read their formats from here.
import { fullFormats } from 'ajv-formats/dist/formats';
import { capFormat, type FormatDefinition } from './input-cap';

export const cappedFormats: Record<string, unknown> = Object.fromEntries(
  Object.entries(fullFormats).map(([name, def]) => [name, capFormat(def as FormatDefinition) ?? def]),
);
