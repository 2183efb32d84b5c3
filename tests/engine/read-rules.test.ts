// Issue 33, item 1: rules read from a field's description (src/engine/pack/promises/), enforced beside the
// wire schema, each with where it came from; and the words that must make no rule.
import { describe, expect, it } from 'vitest';
import { check } from '../../src/engine/check';
import { exportTool } from '../../src/engine/pack/exports';
import { packFromToolDefinitions } from '../../src/engine/pack/tools-import';
import { readFieldRules, type ReadRule } from '../../src/engine/pack/promises/read-rules';
import { readRuleCounts } from '../../src/engine/pack/promises/promises';
import type { SchemaNode } from '../../src/engine/types';
import { bodySchemaProblems } from '../reliability/support';

/** The rules read from one field named `name` with this schema. */
function read(schema: SchemaNode, name = 'field'): ReadRule[] {
  return readFieldRules({ field: name, path: `/properties/${name}`, name, schema });
}

function keywordsOf(schema: SchemaNode, name = 'field') {
  return read(schema, name).map((r) => r.keywords);
}

/** An MCP tools/list holding one tool with these properties. */
function mcpList(properties: Record<string, SchemaNode>, examples?: SchemaNode) {
  return { jsonrpc: '2.0', id: 1, result: { tools: [{ name: 'create_task', description: 'Creates a task.', inputSchema: { type: 'object', properties, ...(examples ?? {}) } }] } };
}

describe('the issue’s own case: "Date as YYYY-MM-DD" in an MCP tools/list', () => {
  const pack = packFromToolDefinitions(mcpList({ title: { type: 'string' }, due: { type: 'string', description: 'Date as YYYY-MM-DD' } }));

  it('refuses due: "March 3", quoting the format, citing the description, suggesting nothing', () => {
    const r = check(pack, { name: 'create_task', arguments: { title: 'x', due: 'March 3' } });
    expect(r.ok).toBe(false);
    expect(r.body).toMatchObject({ error: 'invalid_format', field: 'due', received: 'March 3' });
    expect(r.body!.message).toContain('YYYY-MM-DD');
    expect(r.body!.message).toContain('read from the description of due');
    expect(r.body!.message).not.toContain('March');
    expect(r.body!.did_you_mean).toBeUndefined();
    expect(r.suggested_call).toBeNull();
    expect(bodySchemaProblems(r.body!)).toEqual([]);
  });

  it('accepts a date in the stated form, and leaves the wire schema and the exports as the author wrote them', () => {
    expect(check(pack, { name: 'create_task', arguments: { title: 'x', due: '2026-03-03' } }).ok).toBe(true);
    const tool = pack.tool('create_task')!;
    expect(tool.wireSchema.properties.due).not.toHaveProperty('format');
    for (const form of ['openai', 'mcp', 'wire'] as const) expect(JSON.stringify(exportTool(tool, form))).not.toContain('"format"');
    expect(tool.readRules).toEqual([{ field: 'due', path: '/properties/due', kind: 'format', keywords: { format: 'date' }, source: 'description', words: 'YYYY-MM-DD', wordsAt: '/properties/due/description' }]);
  });
});

describe('stated formats', () => {
  it.each([
    ['Start date in YYYY-MM-DD format', { format: 'date' }],
    ['When it starts, as an RFC 3339 timestamp', { format: 'date-time' }],
    ['Timestamp formatted YYYY-MM-DDTHH:mm:ssZ', { format: 'date-time' }],
    ['Caller phone number in E.164 format', { pattern: '^\\+[1-9][0-9]{1,14}$' }],
    ['The file content, base64-encoded', { pattern: '^[A-Za-z0-9+/_=\\r\\n-]*$' }],
    ['Country as an ISO 3166-1 alpha-2 code', { pattern: '^[A-Za-z]{2}$' }],
    ['Three-letter ISO currency code', { pattern: '^[A-Za-z]{3}$' }],
    ['Label colour as a hex color code', { pattern: '^#?(?:[0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$' }],
    ['Must be a valid UUID', { format: 'uuid' }],
    ['The date in MM/DD/YYYY format', { pattern: '^[0-9]{1,2}/[0-9]{1,2}/[0-9]{4}$' }],
    ['Duration as HH:MM:SS', { pattern: '^[0-9]{1,2}:[0-9]{2}:[0-9]{2}$' }],
    ['When, as YYYY-MM-DD HH:MM:SS', { pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$' }],
  ])('%s', (description, keywords) => {
    expect(keywordsOf({ type: 'string', description })).toEqual([keywords]);
  });

  it('an e-mail address on a field named for one, and a URL on a field named for one', () => {
    expect(keywordsOf({ type: 'string', description: 'The email address of the invitee' }, 'email')).toEqual([{ format: 'email' }]);
    expect(keywordsOf({ type: 'string', description: 'The URL to fetch' }, 'url')).toEqual([{ format: 'uri' }]);
    // The same words on a field named for something else say what is searched for, not the field's form.
    expect(read({ type: 'string', description: 'The email address of the invitee' }, 'query')).toEqual([]);
    expect(read({ type: 'string', description: 'The URL to fetch' }, 'target')).toEqual([]);
  });

  it('no rule on a field whose value is itself a format', () => {
    expect(read({ type: 'string', description: "Format of the returned date. Default is 'MM-DD-YYYY'." }, 'format')).toEqual([]);
    expect(read({ type: 'string', description: 'The pattern to display, HH:MM:SS' }, 'time_format')).toEqual([]);
  });

  it('Unix time on a number: seconds cap it below milliseconds, milliseconds floor it above seconds', () => {
    expect(read({ type: 'integer', description: 'Unix timestamp in seconds' })[0]).toMatchObject({ kind: 'unit', keywords: { maximum: 9999999999 }, unit: { kind: 'unix-seconds' } });
    expect(read({ type: 'integer', description: 'Epoch time in milliseconds' })[0]).toMatchObject({ kind: 'unit', keywords: { minimum: 100000000000 }, unit: { kind: 'unix-milliseconds' } });
  });

  it.each([
    ['an alternative', 'A date (YYYY-MM-DD) or a relative date such as "tomorrow"'],
    ['two forms named', 'YYYY-MM-DD for all-day events. YYYY-MM-DDTHH:mm:ssZ otherwise.'],
    ['a range of two', 'A range as YYYY-MM-DD..YYYY-MM-DD'],
    ['a negation', 'Not in YYYY-MM-DD form: use the display form'],
    ['an example', 'A date, e.g. YYYY-MM-DD'],
    ['ISO 8601 alone (it has forms without an offset)', 'An ISO 8601 date-time'],
    ['a bare mention of UUID', 'The UUID of the project'],
    ['another form in the next sentence', 'Date as YYYY-MM-DD. Relative dates like today also work'],
    ['a time as HH:MM (BFCL sends "dontcare" to one such field)', 'The start time, in 24-hour format HH:MM'],
    ['a time with an offset', 'Time as HH:MM:SS+hh:mm'],
    ['a date template followed by a time with an offset', "The departure time in the format of 'dd/mm/yyyy HH:MM +hh:mm'"],
  ])('no rule from %s', (_why, description) => {
    expect(read({ type: 'string', description })).toEqual([]);
  });

  it('no rule where the schema already says the form, or the type is not a string', () => {
    expect(read({ type: 'string', format: 'date-time', description: 'Date as YYYY-MM-DD' })).toEqual([]);
    expect(read({ type: 'string', pattern: '^\\d+$', description: 'Date as YYYY-MM-DD' })).toEqual([]);
    expect(read({ type: 'integer', description: 'Date as YYYY-MM-DD' })).toEqual([]);
    expect(read({ anyOf: [{ type: 'string' }, { type: 'null' }], description: 'Date as YYYY-MM-DD' })).toEqual([]);
  });
});

describe('stated value sets', () => {
  it.each([
    ['One of: low, medium, high', ['low', 'medium', 'high']],
    ['Possible values: open, closed, all.', ['open', 'closed', 'all']],
    ['Either "asc" or "desc".', ['asc', 'desc']],
    ["Must be 'daily', 'weekly', or 'monthly'", ['daily', 'weekly', 'monthly']],
    ['Allowed values are `draft` | `published`', ['draft', 'published']],
  ])('%s', (description, values) => {
    expect(keywordsOf({ type: 'string', description })).toEqual([{ enum: values }]);
  });

  it('numbers on an integer field', () => {
    expect(keywordsOf({ type: 'integer', description: 'Page size. One of 10, 25, 50' })).toEqual([{ enum: [10, 25, 50] }]);
  });

  it.each([
    ['a sample (e.g.)', 'One of the states, e.g. open, closed'],
    ['a sample (such as)', 'Possible values such as "open", "closed"'],
    ['a list that goes on', 'One of: open, closed, etc.'],
    ['a sample (include)', "Valid values include: 'spades', 'clubs'"],
    ['unquoted words after "either"', 'Either id or email'],
    ['unquoted words after "must be"', 'Must be positive or zero'],
    ['a description of one value', 'One of the user’s projects'],
    ['a negation', 'Cannot be one of: admin, owner'],
    ['a list of several values in one string', 'Comma-separated. Possible values: sip, trunking, pstn'],
    ['a form named beside "or" elsewhere', 'The phone number or email to verify. Phone numbers must be E.164.'],
  ])('no rule from %s', (_why, description) => {
    expect(read({ type: 'string', description })).toEqual([]);
  });

  it('no rule where the field has an enum of its own (even a different one)', () => {
    expect(read({ type: 'string', enum: ['a', 'b'], description: 'One of: low, medium, high' })).toEqual([]);
  });
});

describe('stated bounds', () => {
  it.each([
    [{ type: 'string', description: 'Title, max 50 characters' }, [{ maxLength: 50 }]],
    [{ type: 'integer', description: 'How many to list (at most 100).' }, [{ maximum: 100 }]],
    [{ type: 'integer', description: 'A score between 1 and 5' }, [{ minimum: 1 }, { maximum: 5 }]],
    [{ type: 'array', items: { type: 'string' }, description: 'Up to 10 items' }, [{ maxItems: 10 }]],
    [{ type: 'string', description: 'At least 8 characters' }, [{ minLength: 8 }]],
  ])('%j', (schema, keywords) => {
    expect(keywordsOf(schema)).toEqual(keywords);
  });

  it.each([
    ['a rate', { type: 'integer', description: 'At most 100 requests per minute are allowed' }],
    ['a duration in another unit', { type: 'integer', description: 'Timeout, up to 5 minutes' }],
    ['a default', { type: 'integer', description: 'Defaults to 20, at most 100' }],
    ['what is returned', { type: 'integer', description: 'The API returns at most 1000 rows' }],
    ['two different maxima', { type: 'integer', description: 'At most 100. Max 50 for free accounts' }],
    ['characters on a number', { type: 'integer', description: 'At most 50 characters' }],
    ['a bound the schema has', { type: 'integer', maximum: 100, description: 'At most 100' }],
    ['a decimal bound', { type: 'number', description: 'At most 1.5' }],
    ['a percentage', { type: 'number', description: 'At most 50%' }],
    ['a bound the schema contradicts', { type: 'integer', minimum: 200, description: 'At most 100' }],
  ])('no rule from %s', (_why, schema) => {
    expect(read(schema as SchemaNode)).toEqual([]);
  });
});

// Issue 33, item 1, second pass: the texts BFCL, tau-bench, the MCP servers and the vendors' specs state rules
// in, written here in our own words around the few words a rule is read from.
describe('examples that keep the rule confirm it', () => {
  it.each([
    ["The due date, in the format 'YYYY-MM-DD', such as '2023-12-31'.", { format: 'date' }],
    ["Flight date in the format 'YYYY-MM-DD', such as '2024-01-01'.", { format: 'date' }],
    ["The start, in ISO 8601 format (e.g., '2023-01-01T00:00:00Z').", { pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}(?:T[0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:[.,][0-9]+)?)?(?:Z|[+-][0-9]{2}(?::?[0-9]{2})?)?)?$' }],
    ["The language, using ISO 639-1 codes (e.g., 'en' for English, 'es' for Spanish)", { pattern: '^[a-z]{2}$' }],
    ["The country, in ISO 3166-1 alpha-2 code format, such as 'US' for the United States.", { pattern: '^[A-Z]{2}$' }],
    ["Image size, in the format 'WIDTHxHEIGHT' (e.g., '1920x1080').", { pattern: '^[0-9]+x[0-9]+$' }],
    ['A number in E.164 format. E.164 numbers are a + and digits without punctuation characters. For example, +14155551234.', { pattern: '^\\+[1-9][0-9]{1,14}$' }],
    ["This should be in the format of 'dd-mm-yyyy', such as '31-12-2023'.", { pattern: '^[0-9]{1,2}-[0-9]{1,2}-[0-9]{4}$' }],
  ])('%s', (description, keywords) => {
    expect(keywordsOf({ type: 'string', description })).toEqual([keywords]);
  });

  it.each([
    ['an example that breaks the rule', "The date in the format 'YYYY-MM-DD', such as 'tomorrow'."],
    ['an example the reader cannot read as values', 'The date as YYYY-MM-DD, e.g. next Friday'],
    ['an alternative beside the confirmed example', "The date in the format 'YYYY-MM-DD', such as '2023-12-31', or a relative date"],
    ['ISO 8601 with no example (it names many forms)', 'The start, in ISO 8601 format.'],
    ['an ISO 8601 duration', "The length, as an ISO 8601 duration (e.g., 'PT1H')."],
    ['examples of two cases (the case is not read)', "A two-letter ISO 639-1 code such as 'en' or 'DE'."],
  ])('no rule (or no narrower rule) from %s', (_why, description) => {
    const rules = read({ type: 'string', description });
    if (_why.startsWith('examples of two')) expect(rules.map((r) => r.keywords)).toEqual([{ pattern: '^[A-Za-z]{2}$' }]);
    else expect(rules).toEqual([]);
  });

  it('a slug and a latitude and longitude, read only where the examples show them', () => {
    expect(keywordsOf({ type: 'string', description: "The page's name in links. Should be a URL slug, lower-case with hyphens, such as 'my-first-post'." }, 'slug')).toEqual([{ pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' }]);
    expect(keywordsOf({ type: 'string', description: "Where the customer is, in the format of 'Latitude, Longitude', such as '36.2522, -105.3437'." }, 'where')).toEqual([
      { pattern: '^-?[0-9]{1,3}(?:\\.[0-9]+)?, ?-?[0-9]{1,3}(?:\\.[0-9]+)?$' },
    ]);
    expect(read({ type: 'string', description: 'A URL slug for the page.' }, 'slug')).toEqual([]);
    expect(read({ type: 'string', description: "Where, as 'Latitude, Longitude'." }, 'where')).toEqual([]);
  });

  it('"should" beside a written template states the form; beside a name it hedges', () => {
    expect(keywordsOf({ type: 'string', description: "The recipient. Format should be a valid email address, such as 'a@example.com'." }, 'to_address')).toEqual([{ format: 'email' }]);
    expect(keywordsOf({ type: 'string', description: "When to send it; should be formatted as 'YYYY-MM-DD HH:MM:SS' in UTC." })).toEqual([{ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$' }]);
    // BFCL's ground truth sends a name to a field that "should be in UUID format".
    expect(read({ type: 'string', description: 'The site id. It should be in UUID format.' })).toEqual([]);
  });
});

describe('more stated forms', () => {
  it.each([
    ["The statement month, in the format 'YYYY-MM'.", { pattern: '^[0-9]{4}-[0-9]{2}$' }],
    ["Leaving at, in the format of 'dd/mm/yyyy HH:MM', local time.", { pattern: '^[0-9]{1,2}/[0-9]{1,2}/[0-9]{4} [0-9]{1,2}:[0-9]{2}$' }],
    ['A hint, formatted as YYYY-MM-DD HH:MM.', { pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}$' }],
    ['The id, in the format of a UUID.', { format: 'uuid' }],
    ['A Base64 string of the gzipped file.', { pattern: '^[A-Za-z0-9+/_=\\r\\n-]*$' }],
    ['Scheduled date (as an RFC 3339 timestamp). Optional. The day it is due, or that it shows on the grid. The time part is dropped; you cannot read or write it.', { format: 'date-time' }],
  ])('%s', (description, keywords) => {
    expect(keywordsOf({ type: 'string', description })).toEqual([keywords]);
  });

  it('an e-mail on a field named for an address, a URL that opens its sentence, a label colour without its #', () => {
    expect(keywordsOf({ type: 'string', description: 'The email of the user.' }, 'email')).toEqual([{ format: 'email' }]);
    expect(keywordsOf({ type: 'string', description: 'The email address of the recipient.' }, 'to_address')).toEqual([{ format: 'email' }]);
    expect(keywordsOf({ type: 'string', description: 'Image URL for the icon' }, 'image_url')).toEqual([{ format: 'uri' }]);
    expect(keywordsOf({ type: 'string', description: 'The [hex colour code](https://example.com/hex) of the label, without the leading `#`.' }, 'color')).toEqual([
      { pattern: '^(?:[0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$' },
    ]);
  });

  it('Unix milliseconds in a string of digits (Discovery int64), the vendor format naming the same thing', () => {
    const rules = read({ type: 'string', format: 'int64', description: 'When the channel expires, as a Unix timestamp, in milliseconds. Optional.' }, 'expiration');
    expect(rules.map((r) => [r.keywords, r.words])).toEqual([[{ pattern: '^[0-9]{12,13}$' }, 'Unix timestamp, in milliseconds']]);
    expect(keywordsOf({ type: 'string', format: 'phone-number', description: 'The number to buy, in [E.164](https://example.com) format.' })).toEqual([{ pattern: '^\\+[1-9][0-9]{1,14}$' }]);
  });

  it.each([
    ['a git remote (scp-like forms are no URI)', 'The URL of the Git repository to clone. For example, https://example.com/a/b.git.', 'repo_url'],
    ['a URL named after a possessive, not opening its sentence', 'Upload the icon first, then pass its URL here.', 'icon_url'],
    ['an e-mail on a field named for something else', 'The email of the user.', 'query'],
    ['e-mail words about a subject', 'The email subject line.', 'email_subject'],
    ['a format of its own that names another thing', 'Expires at, in milliseconds since epoch.', 'expires'],
    ['a hedged UUID', 'This is typically a UUID.', 'site_id'],
    ['a time as HH:MM (BFCL sends "dontcare" to one)', "The start time, in 24-hour format 'HH:MM'.", 'start_time'],
    ['a hex colour with a negation of something else', 'A hex colour, without transparency or #.', 'color'],
  ])('no rule from %s', (_why, description, name) => {
    const schema: SchemaNode = { type: 'string', description, ...(name === 'expires' ? { format: 'date-time' } : {}) };
    expect(read(schema, name)).toEqual([]);
  });
});

describe('value sets written as vendors write them', () => {
  it('a list one value a line after "Possible values are:"', () => {
    const description = 'Whether it blocks time. Optional. Possible values are:  \n- "opaque" - Blocks time. \n- "transparent" - Does not block time.\nSee the guide for how each shows.';
    expect(read({ type: 'string', description }, 'transparency').map((r) => [r.keywords, r.words])).toEqual([[{ enum: ['opaque', 'transparent'] }, 'Possible values are:']]);
  });

  it('"must be set to one of", "either … or …" in brackets, and "multiple users" that is no list of values', () => {
    expect(keywordsOf({ type: 'string', description: 'The setting. It must be set to one of `open`, `closed`, or `unlisted`.' })).toEqual([{ enum: ['open', 'closed', 'unlisted'] }]);
    expect(keywordsOf({ type: 'string', description: 'The gender (rules require either "male" or "female").' })).toEqual([{ enum: ['male', 'female'] }]);
    expect(keywordsOf({ type: 'string', description: 'The role. Possible values are:\n- "reader" - Reads.\n- "owner" - Owns. A calendar can have multiple users with this role.' })).toEqual([{ enum: ['reader', 'owner'] }]);
  });

  it.each([
    ['a lined list that is a sample', 'Values include:\n- "a" - A.\n- "b" - B.'],
    ['one item in a list', 'Possible values are:\n- "a" - The only one.'],
    ['lines that are no quoted values', 'Possible values are:\n- Any label you like.\n- Or none.'],
    ['several values in one string', 'Possible values are:\n- "a" - A.\n- "b" - B.\nComma-separated.'],
    ['"some of" the values', 'Why it failed. Some of the possible values are:\n- "a" - A.\n- "b" - B.'],
    ['a list with an item that is no quoted value (the list read would be short)', 'Allowed values are:\n- `a`\n- `b`\n- Other words, and more'],
  ])('no rule from %s', (_why, description) => {
    expect(read({ type: 'string', description })).toEqual([]);
  });
});

describe('signs, counts, ranges and lengths', () => {
  it.each([
    [{ type: 'integer', description: 'A positive integer, in cents (or the local equivalent), to refund.' }, [{ minimum: 1 }]],
    [{ type: 'integer', description: 'An amount to reverse, in negative integer cents.' }, [{ maximum: -1 }]],
    [{ type: 'number', description: 'If given, returns only the first N lines of the file' }, [{ type: 'integer', minimum: 1 }]],
    [{ type: 'integer', description: 'How many links (1-10)' }, [{ minimum: 1 }, { maximum: 10 }]],
    [{ type: 'integer', description: 'Must be 1 or greater.' }, [{ minimum: 1 }]],
    [{ type: 'number', description: 'A non-negative decimal.' }, [{ minimum: 0 }]],
    [{ type: 'string', description: 'The name on the card. The maximum length of this field is 24 characters.' }, [{ maxLength: 24 }]],
    [{ type: 'array', items: { type: 'string' }, description: 'A list of up to 8 URLs of images.' }, [{ maxItems: 8 }]],
    [{ type: 'string', description: 'A prefix. Must be 3–12 uppercase letters or numbers.' }, [{ pattern: '^[A-Z0-9]{3,12}$' }]],
  ])('%j', (schema, keywords) => {
    expect(keywordsOf(schema as SchemaNode)).toEqual(keywords);
  });

  it.each([
    ['zero named beside "positive"', { type: 'integer', description: 'A positive integer, or 0 for all.' }],
    ['a sentinel', { type: 'integer', description: 'A positive integer; -1 means no limit.' }],
    ['a default beside the sign', { type: 'integer', description: 'A positive integer. The default is 10, at most 100 per page. Positive integer default applies.' }],
    ['a count that is not the value (no N)', { type: 'integer', description: 'Returns the first 10 lines.' }],
    ['a range that runs backwards', { type: 'integer', description: 'Priority (10-1)' }],
    ['a range of years on a string', { type: 'string', description: 'Era (1900-2000)' }],
    ['letters or numbers hedged elsewhere', { type: 'string', description: 'Must be 3–12 letters or numbers, or empty.' }],
    ['"negative" on a number that is no integer', { type: 'number', description: 'A negative integer value, as a decimal.' }],
    ['a zero that means something', { type: 'integer', description: 'Queue position. 0 means running, 1 or higher means queued.' }],
    ['an amount of money in an example', { type: 'integer', description: 'The least spent to redeem it (e.g., a purchase must be $100 or more).' }],
  ])('no rule from %s', (_why, schema) => {
    const rules = read(schema as SchemaNode);
    if (_why === '"negative" on a number that is no integer') expect(rules.filter((r) => 'maximum' in r.keywords)).toEqual([]);
    else expect(rules).toEqual([]);
  });
});

describe('enforcement through check()', () => {
  const pack = packFromToolDefinitions(
    mcpList({
      title: { type: 'string', description: 'Title, max 50 characters' },
      priority: { type: 'string', description: 'One of: low, medium, high' },
      created: { type: 'integer', description: 'Unix timestamp in seconds' },
      phone: { type: 'string', description: 'Phone number in E.164 format' },
      tags: { type: 'array', items: { type: 'string', description: 'Tag colour as a hex colour' } },
    }),
  );
  const call = (args: Record<string, unknown>) => check(pack, { name: 'create_task', arguments: args });

  it('a value outside a stated set gets the set, its nearest value, and where the rule came from', () => {
    const r = call({ priority: 'hgh' });
    expect(r.body).toMatchObject({ error: 'invalid_priority', field: 'priority', message: 'must be one of: low, medium, high; read from the description of priority', did_you_mean: ['high'] });
    expect(r.suggested_call).toEqual({ name: 'create_task', arguments: { priority: 'high' } });
  });

  it('milliseconds on a field read as Unix seconds are converted', () => {
    const r = call({ created: 1700000000000 });
    expect(r.body).toMatchObject({ error: 'out_of_range', did_you_mean: [1700000000] });
    expect(r.body!.message).toContain('Unix time in seconds');
    expect(r.body!.message).toContain('read from the description of created');
  });

  it('a pattern rule is worded in our words with an example, and reaches array items', () => {
    expect(call({ phone: '555-0123' }).body!.message).toBe('must be a phone number in E.164 form: + and up to 15 digits, e.g. +14155550123; read from the description of phone');
    const r = call({ tags: ['#12ab34', 'red'] });
    expect(r.body).toMatchObject({ field: 'tags[1]', error: 'invalid_format' });
  });

  it('a bound, and several rules at once, in one valid body', () => {
    const r = call({ title: 'x'.repeat(51), priority: 'urgent' });
    expect(r.body).toMatchObject({ error: 'validation_failed' });
    expect(bodySchemaProblems(r.body!)).toEqual([]);
    expect(JSON.stringify(r.body)).toContain('read from the description of title');
  });

  it('a value the schema itself refuses hears the schema’s rule only', () => {
    const r = call({ priority: 7 });
    expect(r.body).toMatchObject({ error: 'invalid_type', field: 'priority' });
    expect(r.body!.message).not.toContain('read from');
  });
});

describe('the tool’s own examples drop a rule they break', () => {
  it('an example value, a default and a valid call each drop the rule, and the counts say so', () => {
    const pack = packFromToolDefinitions([
      { name: 'a', description: 'A.', parameters: { type: 'object', properties: { due: { type: 'string', description: 'Date as YYYY-MM-DD', examples: ['next week'] } } } },
      { name: 'b', description: 'B.', parameters: { type: 'object', properties: { n: { type: 'integer', description: 'At most 10', default: 20 } } } },
      { name: 'c', description: 'C.', parameters: { type: 'object', properties: { s: { type: 'string', description: 'One of: x, y' }, t: { type: 'string', description: 'One of: p, q' } } } },
    ]);
    expect(pack.tool('a')!.readRules).toBeUndefined();
    expect(check(pack, { name: 'a', arguments: { due: 'next week' } }).ok).toBe(true);
    expect(pack.tool('b')!.readRules).toBeUndefined();
    expect(pack.tool('c')!.readRules).toHaveLength(2);
    expect(readRuleCounts([pack])).toEqual({ made: { description: 2, spec: 0 }, dropped: { description: 2, spec: 0 }, byKind: { 'value-set': 2 } });
  });
});

describe('the tool’s own description, where it names one field clearly', () => {
  const tool = (description: string, properties: Record<string, SchemaNode>) => packFromToolDefinitions([{ name: 't', description, parameters: { type: 'object', properties } }]).tool('t')!;

  it('a sentence that names one field in backticks, or by a name no word is, gives that field its rule', () => {
    const quoted = tool('Creates an event. `start` must be in YYYY-MM-DD format.', { start: { type: 'string' }, title: { type: 'string' } });
    expect(quoted.readRules).toEqual([{ field: 'start', path: '/properties/start', kind: 'format', keywords: { format: 'date' }, source: 'description', words: 'YYYY-MM-DD', wordsAt: '', inToolDescription: true }]);
    expect(tool('Lists rows. The page_size is at most 100.', { page_size: { type: 'integer' } }).readRules?.[0].keywords).toEqual({ maximum: 100 });
    const pack = packFromToolDefinitions([{ name: 't', description: 'Creates an event. `start` must be in YYYY-MM-DD format.', parameters: { type: 'object', properties: { start: { type: 'string' } } } }]);
    expect(check(pack, { name: 't', arguments: { start: 'soon' } }).body!.message).toContain("read from the tool's description, which names start");
  });

  it('no rule from a sentence naming two fields, or a field by an ordinary word', () => {
    expect(tool('`start` and `end` are YYYY-MM-DD dates.', { start: { type: 'string' }, end: { type: 'string' } }).readRules).toBeUndefined();
    expect(tool('Finds events. The date is YYYY-MM-DD.', { date: { type: 'string' } }).readRules).toBeUndefined();
  });

  it('the field’s own words win over the tool’s of the same kind', () => {
    const t = tool('Creates an event. `start` must be in YYYY-MM-DD format.', { start: { type: 'string', description: 'An RFC 3339 timestamp' } });
    expect(t.readRules?.map((r) => [r.keywords, r.inToolDescription])).toEqual([[{ format: 'date-time' }, undefined]]);
  });
});

describe('the shipped packs state no rule their schemas lack', () => {
  // The playground's first body compiles them without the rule reader (rule-reader.ts): that is the same
  // body only while reading their descriptions makes no rule.
  it("reading the curated packs' descriptions and examples makes no rule", async () => {
    await import('../../src/engine/pack/promises/reader-default');
    const { compilePack } = await import('../../src/engine/pack/ajv-backend');
    const { readFileSync } = await import('node:fs');
    for (const id of ['helpdesk', 'stripe', 'google-calendar']) {
      const pack = compilePack(JSON.parse(readFileSync(`content/packs/${id}.json`, 'utf8')), `content/packs/${id}.json`);
      expect(readRuleCounts([pack]).made, id).toEqual({ description: 0, spec: 0 });
    }
  });
});
