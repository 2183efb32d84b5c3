// Faults under anyOf/oneOf, in the shapes generators write (Pydantic's Optional[...], zod's unions of closed
// objects, discriminated unions behind $refs): the branch the value plainly meant states its own rule, no
// key a branch declares is refused as undeclared, and only a value no branch is plainly meant for hears
// "must be either …". Found by trying the official GitHub MCP server's tool schemas and BFCL's.
import { describe, expect, test } from 'vitest';
import { check, packFromToolDefinitions, type Json } from '../../src/engine';

const closed = (props: Record<string, Json>, required: string[]) => ({ type: 'object', properties: props, required, additionalProperties: false });

const pack = packFromToolDefinitions([
  {
    name: 't',
    inputSchema: {
      type: 'object',
      properties: {
        // The shape of GitHub MCP's create_pull_request_review comments: a position or a line.
        comment: { anyOf: [closed({ path: { type: 'string' }, position: { type: 'number' }, body: { type: 'string' } }, ['path', 'position', 'body']), closed({ path: { type: 'string' }, line: { type: 'number' }, body: { type: 'string' } }, ['path', 'line', 'body'])] },
        code: { anyOf: [{ type: 'string', maxLength: 5 }, { type: 'null' }] },
        count: { anyOf: [{ type: 'integer', minimum: 1, maximum: 10 }, { type: 'null' }] },
        shape: { oneOf: [closed({ kind: { const: 'circle' }, r: { type: 'number', exclusiveMinimum: 0 } }, ['kind', 'r']), closed({ kind: { const: 'rect' }, w: { type: 'number' }, h: { type: 'number' } }, ['kind', 'w', 'h'])] },
        pet: { $ref: '#/$defs/Pet' },
      },
      $defs: {
        Cat: { type: 'object', properties: { pet_type: { type: 'string', const: 'cat' }, lives: { type: 'integer', maximum: 9 } }, required: ['pet_type', 'lives'] },
        Dog: { type: 'object', properties: { pet_type: { type: 'string', const: 'dog' }, bark: { type: 'boolean' } }, required: ['pet_type', 'bark'] },
        Pet: { oneOf: [{ $ref: '#/$defs/Cat' }, { $ref: '#/$defs/Dog' }] },
      },
    },
  },
]);

const run = (args: Record<string, Json>) => check(pack, { name: 't', arguments: args }, { checks: false });

describe('the branch a value plainly meant speaks for the union', () => {
  test.each([
    ['a closed object missing a field of the branch its keys name', { comment: { path: 'a.ts', line: 5 } }, { error: 'missing_required', field: 'comment.body' }],
    ['a field of that branch with the wrong type', { comment: { path: 'a.ts', line: '5', body: 'nit' } }, { error: 'invalid_type', field: 'comment.line', did_you_mean: [5] }],
    ['a string past the length of its branch (or null)', { code: 'toolong' }, { error: 'invalid_length', field: 'code', message: 'must be at most 5 characters long' }],
    ['an integer past the bound of its branch (or null)', { count: 50 }, { error: 'out_of_range', field: 'count', message: 'must be from 1 to 10' }],
    ['the branch its discriminator names, with a value out of range', { shape: { kind: 'circle', r: 0 } }, { error: 'out_of_range', field: 'shape.r', message: 'must be greater than 0' }],
    ['the branch its discriminator names, missing a field', { shape: { kind: 'rect', w: 1 } }, { error: 'missing_required', field: 'shape.h' }],
    ['a key of another branch: refused by the branch meant, which lists its own names', { shape: { kind: 'circle', r: 1, w: 2 } }, { error: 'unknown_argument', field: 'shape.w', message: 'is not a field; it takes: kind, r' }],
    ['branches behind $refs, told apart by a constant', { pet: { pet_type: 'cat', lives: 12 } }, { error: 'out_of_range', field: 'pet.lives', message: 'must be at most 9' }],
    ['and the other one', { pet: { pet_type: 'dog', bark: 'true' } }, { error: 'invalid_type', field: 'pet.bark', did_you_mean: [true] }],
  ] as const)('%s', (_about, args, expected) => {
    const r = run(args as unknown as Record<string, Json>);
    // One fault, the branch's own: no "must be either", no declared key refused as undeclared.
    expect(r.body).toMatchObject(expected);
    expect(r.body).not.toHaveProperty('errors');
    if (r.suggested_call) expect(check(pack, r.suggested_call, { checks: false }).ok).toBe(true);
  });
});

describe('a value no branch is plainly meant for', () => {
  test('a discriminator matching no branch hears every branch, and no declared key is refused', () => {
    const r = run({ shape: { kind: 'circel', r: 1 } });
    expect(r.body).toMatchObject({ error: 'invalid_value', field: 'shape', message: 'must be either an object with kind, r or an object with kind, w, h, e.g. {"kind": "circle", "r": 1}' });
    const pet = run({ pet: { pet_type: 'bird' } });
    expect(pet.body).toMatchObject({ error: 'invalid_value', field: 'pet' });
    expect(String((pet.body as { message: string }).message)).toMatch(/^must be either an object with pet_type, lives or an object with pet_type, bark/);
  });

  test('a value of no branch’s type', () => {
    expect(run({ count: '3' }).body).toMatchObject({ error: 'invalid_value', field: 'count', message: 'must be either an integer of at least 1 or null, e.g. 1' });
  });

  test('a key no branch declares is still refused', () => {
    const r = run({ comment: { path: 'a.ts', line: 5, body: 'nit', severity: 'high' } });
    expect(r.body).toMatchObject({ field: 'comment.severity' });
    expect(JSON.stringify(r.body)).not.toMatch(/"field":"comment\.(path|line|body)"/);
  });

  test('valid calls of either branch pass as sent', () => {
    for (const args of [{ comment: { path: 'a.ts', line: 5, body: 'nit' } }, { comment: { path: 'a.ts', position: 2, body: 'nit' } }, { code: null }, { count: 3 }, { shape: { kind: 'rect', w: 1, h: 2 } }, { pet: { pet_type: 'dog', bark: true } }]) {
      expect(run(args as unknown as Record<string, Json>)).toMatchObject({ ok: true, corrections: [] });
    }
  });
});

describe('numbers read from strings', () => {
  const ids = packFromToolDefinitions([{ name: 't', inputSchema: { type: 'object', properties: { message_id: { type: 'integer' }, ratio: { type: 'number' } } } }]);
  const offered = (args: Record<string, Json>) => (check(ids, { name: 't', arguments: args }, { checks: false }).body as { did_you_mean?: Json[] }).did_you_mean;

  test('a string that names its number exactly is offered as that number', () => {
    expect(offered({ message_id: '9007199254740991' })).toEqual([9007199254740991]);
    expect(offered({ ratio: '0.25' })).toEqual([0.25]);
  });

  test('a string a double cannot hold exactly is not offered as another number', () => {
    expect(offered({ message_id: '9007199254740993' })).toBeUndefined();
    expect(offered({ message_id: '1234567890123456789' })).toBeUndefined();
    expect(offered({ ratio: '0.1000000000000000055511151231257827' })).toBeUndefined();
  });
});

describe('enum codes beside the generic codes', () => {
  const named = packFromToolDefinitions([{ name: 't', inputSchema: { type: 'object', properties: { type: { type: 'string', enum: ['user', 'org'] }, format: { type: 'string', enum: ['json', 'csv'] }, Ünit: { type: 'string', enum: ['kg', 'lb'] }, state: { type: 'string', enum: ['open', 'closed'] } } } }]);
  const code = (args: Record<string, Json>) => (check(named, { name: 't', arguments: args }, { checks: false }).body as { error: string }).error;

  test('a field named for a generic code gets a code of its own: a value outside `type`’s set is no wrong JSON type', () => {
    expect(code({ type: 'team' })).toBe('invalid_type_value');
    expect(code({ type: 7 })).toBe('invalid_type');
    expect(code({ format: 'xml' })).toBe('invalid_format_value');
    expect(code({ state: 'shut' })).toBe('invalid_state');
  });

  test('accents are folded into the code, not dropped', () => {
    expect(code({ Ünit: 'stone' })).toBe('invalid_unit');
  });

  test('a pack may not declare a generic code as a field’s own', async () => {
    const { compilePack } = await import('../../src/engine/pack/ajv-backend');
    const source = { id: 'demo', title: 'Demo', vendor: 'Demo', reference: '/demo', summary: 'A pack for one test.', tools: [{ name: 'pay', summary: 'Pays.', arguments: { type: 'object', properties: { kind: { type: 'string', enum: ['a', 'b'], 'x-code': 'invalid_type' } } } }] };
    expect(() => compilePack(source, 'demo.json')).toThrow(/x-code: invalid_type is a generic code with a meaning of its own/);
  });
});

test('a list of union items: each item’s branch speaks for that item alone', () => {
  const list = packFromToolDefinitions([{ name: 't', inputSchema: { type: 'object', properties: { xs: { type: 'array', items: { anyOf: [{ type: 'object', properties: { a: { type: 'string', maxLength: 2 } }, required: ['a'], additionalProperties: false }, { type: 'null' }] } } } } }]);
  // Each item's combinator once dropped every item's branch errors by schema path: only the last item was left.
  const r = check(list, { name: 't', arguments: { xs: [{ a: 'toolong' }, null, { a: 'ok' }, { a: 'also too long' }] } }, { checks: false });
  expect(r.body).toEqual({ error: 'invalid_length', field: 'xs[].a', message: 'must be at most 2 characters long; 2 items fail this: 0, 3', received: ['toolong', 'also too long'], retryable: false });
});

describe('a permitted set that is one branch of an anyOf/oneOf names the other branches too', () => {
  // Stripe's trial_end: "now" or a Unix timestamp. "must be one of: now" alone reads as the only choice.
  const stripeLike = packFromToolDefinitions([
    {
      name: 'subscribe',
      inputSchema: {
        type: 'object',
        properties: {
          trial_end: { anyOf: [{ type: 'string', enum: ['now'], maxLength: 5000 }, { type: 'integer' }] },
          anchor: { oneOf: [{ type: 'string', enum: ['now', 'unchanged'] }, { type: 'integer' }] },
          plain: { type: 'string', enum: ['now', 'later'] },
        },
      },
    },
  ]);
  const body = (args: Record<string, Json>) => check(stripeLike, { name: 'subscribe', arguments: args }).body as { message: string };

  test('"tomorrow" for now-or-an-integer hears both: the set, and the integer', () => {
    expect(body({ trial_end: 'tomorrow' }).message).toBe('must be one of: now; or an integer');
    expect(body({ anchor: 'later' }).message).toBe('must be one of: now, unchanged; or an integer');
  });

  test('a set that is the field’s own names only itself', () => {
    expect(body({ plain: 'soon' }).message).toBe('must be one of: now, later');
  });
});
