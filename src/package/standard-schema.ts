// A tool's input schema as a Standard Schema with its JSON Schema (standardschema.dev: StandardSchemaV1 and
// StandardJSONSchemaV1), the one form the AI SDK (6 and 7) and Mastra both read: the adapters build theirs here.
import type { SchemaNode } from '../engine/types';

/** One issue of a failed validation. */
export interface StandardIssue {
  readonly message: string;
}

export type StandardResult = { readonly value: Record<string, unknown>; readonly issues?: undefined } | { readonly issues: readonly StandardIssue[] };

/** A Standard Schema with its JSON Schema, typed as the SDKs read one. */
export interface ToolInputSchema {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => StandardResult;
    readonly jsonSchema: {
      readonly input: (options: { readonly target: string }) => Record<string, unknown>;
      readonly output: (options: { readonly target: string }) => Record<string, unknown>;
    };
  };
}

/** `schema` (a copy each time it is asked for, as an SDK may rewrite it) validated by `validate`. */
export function standardSchema(schema: SchemaNode, validate: (value: unknown) => StandardResult): ToolInputSchema {
  const copy = () => structuredClone(schema) as Record<string, unknown>;
  return { '~standard': { version: 1, vendor: 'actionable-errors', validate, jsonSchema: { input: copy, output: copy } } };
}
