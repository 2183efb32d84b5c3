// The JSON Schema every body the engine hands a model must validate against: the flat body for one fault,
// `validation_failed` for several. Keys are exactly those the engine emits: body.ts (with the `extra` keys
// of formats.ts and explain.ts: line, column, conflicts_with; a fault's nextCall and retryAfter: next_call, retry_after). Tool
// servers can publish it; the reliability tests check every body against it.

const code = { type: 'string', pattern: '^[a-z][a-z0-9_]*$' } as const;
const text = { type: 'string', minLength: 1 } as const;
const candidates = { type: 'array', minItems: 1, maxItems: 3 } as const;

const MAX_LISTED_ERRORS = 10;

const FLAT_BODY_SCHEMA = {
  type: 'object',
  required: ['error', 'message', 'retryable'],
  additionalProperties: false,
  properties: {
    error: { ...code, not: { const: 'validation_failed' } },
    field: text,
    message: text,
    line: { type: 'integer', minimum: 1 },
    column: { type: 'integer', minimum: 1 },
    conflicts_with: { type: 'array', minItems: 1, items: text, uniqueItems: true },
    received: true,
    did_you_mean: candidates,
    // From an ordered check's fault (checks.ts): the call to make first or instead, and when a retry can succeed.
    next_call: text,
    retryable: { type: 'boolean' },
    retry_after: { type: 'integer', minimum: 1 },
  },
  // A position comes as a pair.
  dependentRequired: { line: ['column'], column: ['line'] },
  // A time to retry only goes with a call that can succeed later.
  dependentSchemas: { retry_after: { properties: { retryable: { const: true } } } },
} as const;

const ERROR_ENTRY_SCHEMA = {
  type: 'object',
  required: ['field', 'code', 'message'],
  additionalProperties: false,
  properties: {
    // "" names the arguments object as a whole (a choice between fields, say); the flat body omits it instead.
    field: { type: 'string' },
    code: { ...code, not: { const: 'validation_failed' } },
    message: text,
    received: true,
    did_you_mean: candidates,
  },
} as const;

const BATCH_BODY_SCHEMA = {
  type: 'object',
  required: ['error', 'message', 'errors', 'retryable'],
  additionalProperties: false,
  properties: {
    error: { const: 'validation_failed' },
    message: text,
    errors: { type: 'array', minItems: 1, maxItems: MAX_LISTED_ERRORS, items: ERROR_ENTRY_SCHEMA },
    omitted: { type: 'integer', minimum: 1 },
    retryable: { type: 'boolean' },
  },
  // Without `omitted`, a batch lists every fault, and a batch is at least two faults.
  anyOf: [
    { required: ['omitted'], properties: { omitted: true } },
    { properties: { errors: { type: 'array', minItems: 2 } } },
  ],
} as const;

export const BODY_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'urn:actionable:body',
  title: 'Actionable error body',
  description: 'What a tool server hands the model when it refuses a call: one fault flat, several under errors.',
  oneOf: [FLAT_BODY_SCHEMA, BATCH_BODY_SCHEMA],
} as const;
