// Which JSON Schema draft a tool's schema is written in, read from its `$schema`. The pack compiler closes
// objects and the AJV backend picks its validator class by it, so a draft-07 schema (every official MCP
// server writes one) means what draft-07 says: array `items`, `additionalItems`, `definitions`, `$id`
// anchors, and a `$ref` whose siblings are ignored. Nothing said means 2020-12.

export type Dialect = 'draft-07' | '2019-09' | '2020-12';

/** `$schema` URIs by draft, compared without a trailing `#` and without the scheme's `s`. */
const DIALECTS: Record<string, Dialect> = {
  'json-schema.org/draft-07/schema': 'draft-07',
  // Draft-06 differs from draft-07 only by keywords draft-07 added (if/then/else, content*), which a
  // draft-06 author does not write: it is read as draft-07.
  'json-schema.org/draft-06/schema': 'draft-07',
  'json-schema.org/draft/2019-09/schema': '2019-09',
  'json-schema.org/draft/2020-12/schema': '2020-12',
};

const UNSUPPORTED: Record<string, string> = {
  'json-schema.org/draft-04/schema': 'draft-04',
  'json-schema.org/draft-03/schema': 'draft-03',
};

/** The draft a schema declares, or why it cannot be read. */
export function dialectOf(schema: unknown): { dialect: Dialect } | { problem: string } {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return { dialect: '2020-12' };
  const declared = (schema as { $schema?: unknown }).$schema;
  if (declared === undefined) return { dialect: '2020-12' };
  if (typeof declared !== 'string') return { problem: '$schema must be a URI string naming a JSON Schema draft' };
  const key = declared.trim().replace(/^https?:\/\//, '').replace(/#$/, '');
  const dialect = DIALECTS[key];
  if (dialect) return { dialect };
  const old = UNSUPPORTED[key];
  if (old) return { problem: `${old} is not supported: declare draft-07, 2019-09 or 2020-12 in $schema (most ${old} schemas read the same under draft-07)` };
  return { problem: 'names no JSON Schema draft this engine reads: declare draft-07, 2019-09 or 2020-12' };
}
