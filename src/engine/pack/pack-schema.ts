// The JSON Schema of a pack file (content/packs/README.md says the same in words). The pack loader
// checks every pack against it before compiling, so a broken pack is named by file and path.
import { UNIT_KINDS } from '../explain/units';
import { VALUE_SET_NAMES } from '../shared/value-sets';

const nonEmpty = { type: 'string', minLength: 1 } as const;

export const PACK_KEYWORDS = [
  'x-gloss',
  'x-aliases',
  'x-value-aliases',
  'x-conflicts',
  'x-rule',
  'x-example',
  'x-resolve-with',
  'x-code',
  'x-value-set',
  'x-record',
  'x-vendor-only',
  'x-unit',
  'x-fold-case',
  'x-cut',
  'x-in',
  'x-wire-name',
  'x-comma-list',
  'x-read-rules',
] as const;

/** Each pack keyword's own shape; checked wherever it appears inside a tool's arguments. */
export const KEYWORD_SCHEMAS: Record<string, object> = {
  'x-gloss': nonEmpty,
  'x-aliases': { type: 'array', items: { type: 'string', pattern: '^[A-Za-z_$][A-Za-z0-9_$.-]*$' }, uniqueItems: true },
  'x-value-aliases': { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean'] } },
  'x-conflicts': {
    type: 'object',
    required: ['with', 'reason'],
    additionalProperties: false,
    properties: { with: { type: 'array', minItems: 1, items: nonEmpty, uniqueItems: true }, reason: nonEmpty },
  },
  'x-rule': nonEmpty,
  'x-example': {},
  'x-resolve-with': { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}\\(.*\\)$' },
  'x-code': { type: 'string', pattern: '^[a-z][a-z0-9_]*$' },
  // The record kind (in the pack's state) whose ids the field holds; its exists checks and x-resolve-with go with it.
  'x-record': nonEmpty,
  // Why a gloss that promises a refusal describes what only the vendor can know, so no check here enforces it.
  'x-vendor-only': nonEmpty,
  'x-value-set': { enum: [...VALUE_SET_NAMES] },
  'x-fold-case': { const: true },
  // Imported packs (src/importer/): where an expansion of the vendor's schema stopped, and why.
  'x-cut': { enum: ['recursion', 'depth'] },
  // Imported packs: where a top-level argument goes in the HTTP request, and the vendor's name for it when renamed.
  'x-in': { enum: ['path', 'query', 'header', 'body', 'request-body'] },
  'x-wire-name': nonEmpty,
  // A string that holds a list, its items separated by commas (GitHub's `labels`, Slack's `users`).
  'x-comma-list': { const: true },
  // Imported packs: rules read from the vendor's description of the field (SpecReadRule), enforced beside the schema.
  'x-read-rules': {
    type: 'array',
    minItems: 1,
    items: {
      type: 'object',
      required: ['kind', 'keywords', 'words', 'at'],
      additionalProperties: false,
      properties: {
        kind: { enum: ['format', 'value-set', 'bound', 'unit'] },
        keywords: { type: 'object', minProperties: 1, propertyNames: { enum: ['format', 'pattern', 'enum', 'maximum', 'minimum', 'maxLength', 'minLength', 'maxItems', 'minItems', 'type'] } },
        words: { type: 'string', minLength: 1, maxLength: 60 },
        at: { type: 'string', pattern: '^(/|$)' },
        rule: nonEmpty,
        example: {},
        unit: { type: 'object', required: ['kind'], properties: { kind: { enum: UNIT_KINDS } } },
        convention: { const: true },
      },
    },
  },
  // `currency` is a currency code or an expression over $args and $records; units.ts checks what it reads.
  'x-unit': {
    type: 'object',
    required: ['kind'],
    additionalProperties: false,
    properties: { kind: { enum: UNIT_KINDS }, currency: { type: ['string', 'object', 'array'] } },
  },
};

/** The keys each kind of ordered check takes (checks-compile.ts reports any other key by name). */
export const CHECK_KEYS = {
  exists: { required: ['kind', 'argument', 'record'], optional: ['as', 'where', 'visible'] },
  permission: { required: ['kind', 'requires', 'message'], optional: ['next_call'] },
  rule: { required: ['kind', 'code', 'when', 'message', 'retryable'], optional: ['field', 'next_call', 'retry_after', 'let'] },
} as const;

export const EFFECT_KEYS = ['update', 'create', 'set'] as const;

const recordObject = { type: 'object' } as const;

/** A pack's state (also what the playground's state tab edits): records by kind, then by id. */
const STATE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    now: { type: 'string', minLength: 1 },
    caller: { type: 'object' },
    records: { type: 'object', additionalProperties: { type: 'object', additionalProperties: recordObject } },
  },
} as const;

export const PACK_FILE_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  required: ['id', 'title', 'vendor', 'reference', 'summary', 'tools'],
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    id: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]*$' },
    title: nonEmpty,
    vendor: nonEmpty,
    // The vendor's reference: an https link, or a path on this site for a pack with no outside vendor.
    reference: { type: 'string', pattern: '^(https://|/)' },
    summary: nonEmpty,
    state: STATE_SCHEMA,
    tools: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['name', 'summary', 'arguments'],
        additionalProperties: false,
        properties: {
          // MCP's rule for a tool name (a server's `math.add`); the strict lint names what OpenAI and Anthropic refuse.
          name: { type: 'string', pattern: '^[A-Za-z0-9_./-]{1,128}$' },
          summary: nonEmpty,
          resource: nonEmpty,
          // An imported tool given curated depth by an overlay (src/importer/overlay.ts).
          curated: { const: true },
          operation: {
            type: 'object',
            required: ['id'],
            additionalProperties: false,
            properties: { id: nonEmpty, route: nonEmpty, reference: { type: 'string', pattern: '^https://' } },
          },
          arguments: { type: 'object', required: ['type'], properties: { type: { const: 'object' } } },
          checks: { type: 'array', items: { type: 'object', required: ['kind'], properties: { kind: { enum: Object.keys(CHECK_KEYS) } } } },
          effects: { type: 'array', items: { type: 'object' } },
          examples: {
            type: 'object',
            additionalProperties: false,
            properties: {
              valid: { type: 'array', items: { type: 'object' } },
              invalid: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['about', 'arguments', 'expect'],
                  additionalProperties: false,
                  properties: { about: nonEmpty, arguments: {}, expect: { type: 'string', pattern: '^[a-z][a-z0-9_]*$' } },
                },
              },
              checks: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['about', 'arguments', 'expect'],
                  additionalProperties: false,
                  properties: { about: nonEmpty, arguments: {}, expect: { type: 'string', pattern: '^[a-z][a-z0-9_]*$' }, caller: { type: 'object' } },
                },
              },
            },
          },
        },
      },
    },
  },
} as const;
