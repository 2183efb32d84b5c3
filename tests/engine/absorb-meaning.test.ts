// Issue 33, item 3: no absorption changes what a call means. Each kind of absorption (the rules a
// correction names, and the three ways field_moved moves a field) is shown not firing where the value
// would land in a field that means something else, at least three times each; and firing where it has
// one reading (Asana's data, Gmail's message, a made-up requestBody), so the wrapper case stays absorbed.
import { beforeAll, describe, expect, test } from 'vitest';
import { check, compilePack, packFromToolDefinitions } from '../../src/engine';
import type { CompiledPack, Json } from '../../src/engine/types';
import { loadCatalogPack } from '../../src/package/catalog';

const packs = new Map<string, CompiledPack>();
beforeAll(async () => {
  for (const id of ['stripe-v1', 'github-v3', 'jira-v3', 'google-calendar-v3', 'google-sheets-v4', 'google-gmail-v1', 'asana-v1']) {
    const pack = await loadCatalogPack(id);
    if (!pack) throw new Error(`no pack ${id} in the catalog`);
    packs.set(id, pack);
  }
});
const run = (pack: string, name: string, args: Record<string, Json>) => check(packs.get(pack)!, { name, arguments: args });

/** One tool of the user's own, as Your tools or --tools would hold it. */
const own = (properties: Record<string, unknown>, required: string[] = [], name = 'act') =>
  packFromToolDefinitions([{ name, description: name, input_schema: { type: 'object', properties, required } }]);

/** A pack with x- keywords (aliases, fold-case), as a curated pack file writes them. */
const curated = (properties: Record<string, unknown>) =>
  compilePack({ id: 'demo', title: 'Demo', vendor: 'Demo', reference: '/demo', summary: 'A pack for one test.', tools: [{ name: 'pay', summary: 'Pays.', arguments: { type: 'object', properties } }] }, 'demo.json');

describe('field_moved into a wrapper: only into the one that holds the body', () => {
  test('Stripe capture: amount is not moved into transfer_data.amount; the body names amount_to_capture', () => {
    const r = run('stripe-v1', 'PostPaymentIntentsIntentCapture', { intent: 'pi_3MtwBwLkdIwHu7ix28a3tqPa', amount: 1500 });
    expect(r.ok).toBe(false);
    expect(r.corrections).toEqual([]);
    expect(r.body).toMatchObject({ error: 'unknown_argument', field: 'amount', received: 1500 });
    expect((r.body as { did_you_mean: string[] }).did_you_mean[0]).toBe('amount_to_capture');
    expect(r.suggested_call).toEqual(null);
  });

  test("GitHub's tag: name beside tag and message is not the tagger's name", () => {
    const r = run('github-v3', 'git_create-tag', { owner: 'acme', repo: 'api', tag: 'v1.2.0', message: 'Release', object: 'c3d0be41ecbe669545ee3e94d31ed9a4bc91ee3c', type: 'commit', name: 'v1.2.0' });
    expect(r.ok).toBe(false);
    expect(r.corrections).toEqual([]);
    expect(r.body).toMatchObject({ error: 'unknown_argument', field: 'name' });
    expect(JSON.stringify(r.body)).not.toContain('tagger.name');
  });

  test("Jira's comment: type beside body is not the visibility's type", () => {
    const r = run('jira-v3', 'addComment', { issueIdOrKey: 'SHOP-1', body: { type: 'doc', version: 1, content: [] }, type: 'role' });
    expect(r.corrections).toEqual([]);
    expect(r.ok).toBe(false);
    expect(JSON.stringify(r.body)).not.toContain('visibility.type');
  });

  test('a tool of your own: a field beside other fields is not moved into the one object', () => {
    const pack = own({ amount: { type: 'integer' }, currency: { type: 'string' }, shipping: { type: 'object', properties: { name: { type: 'string' }, carrier: { type: 'string' } } } });
    const r = check(pack, { name: 'act', arguments: { amount: 100, currency: 'usd', name: 'Ada' } });
    expect(r.ok).toBe(false);
    expect(r.corrections).toEqual([]);
  });

  test('where the field has no other reading, the body offers the nested path and its move: Sheets title', () => {
    const r = run('google-sheets-v4', 'spreadsheets_create', { title: 'Q3 Budget' });
    expect(r.ok).toBe(false);
    expect(r.corrections).toEqual([]);
    expect(r.body).toMatchObject({ error: 'unknown_argument', field: 'title', did_you_mean: ['properties.title'] });
    expect(r.suggested_call).toEqual({ name: 'spreadsheets_create', arguments: { properties: { title: 'Q3 Budget' } } });
  });

  test('still moved into the wrapper that holds the body: Asana data, Gmail message beside the draft id, a sole wrapper of your own', () => {
    const asana = run('asana-v1', 'createTask', { name: 'Draft', workspace: '1201234567890123' });
    expect(asana.ok).toBe(true);
    expect(asana.arguments).toEqual({ data: { name: 'Draft', workspace: '1201234567890123' } });
    const gmail = run('google-gmail-v1', 'users_drafts_update', { userId: 'me', id: 'r-123', raw: 'aGVsbG8=' });
    expect(gmail.corrections).toEqual([{ field: 'message.raw', rule: 'field_moved', from: 'raw', to: 'message.raw' }]);
    const mine = check(own({ data: { type: 'object', properties: { title: { type: 'string' } } } }), { name: 'act', arguments: { title: 'x' } });
    expect(mine.ok).toBe(true);
    expect(mine.arguments).toEqual({ data: { title: 'x' } });
  });
});

describe('field_moved out of a made-up wrapper: only one whose name says nothing but "the request"', () => {
  test('Stripe refund: transfer_data.amount sent to a tool with no transfer_data is not the refund amount', () => {
    const r = run('stripe-v1', 'PostRefunds', { charge: 'ch_3MmlLrLkdIwHu7ix0snN0B15', transfer_data: { amount: 1500 } });
    expect(r.ok).toBe(false);
    expect(r.corrections).toEqual([]);
    expect(r.body).toMatchObject({ error: 'unknown_argument', field: 'transfer_data' });
  });

  test('a tool of your own: shipping.name is not the customer name, fee.amount is not the amount', () => {
    const pack = own({ name: { type: 'string' }, amount: { type: 'integer' } });
    for (const args of [{ shipping: { name: 'Ada' } }, { fee: { amount: 30 } }, { refund: { amount: 30 } }]) {
      const r = check(pack, { name: 'act', arguments: args });
      expect(r.ok).toBe(false);
      expect(r.corrections).toEqual([]);
    }
  });

  test('still opened: requestBody and params, and the thing the tool acts on (permission for permissions_create)', () => {
    const pack = own({ name: { type: 'string' }, amount: { type: 'integer' } }, [], 'refunds_create');
    for (const wrapper of ['requestBody', 'params', 'input', 'refund']) {
      const r = check(pack, { name: 'refunds_create', arguments: { [wrapper]: { amount: 30 } } });
      expect(r.ok).toBe(true);
      expect(r.arguments).toEqual({ amount: 30 });
      expect(r.corrections).toEqual([{ field: 'amount', rule: 'field_moved', from: `${wrapper}.amount`, to: 'amount' }]);
    }
  });
});

describe('field_moved from a flattened path: only to the place the path names', () => {
  test('a path whose first name is not declared is not read as the nearest object (transfer.amount)', () => {
    const r = run('stripe-v1', 'PostPaymentIntentsIntentCapture', { intent: 'pi_1', 'transfer.amount': 1500 });
    expect(r.ok).toBe(false);
    expect(r.corrections).toEqual([]);
  });

  test('a path whose rest is not declared under it, or that goes through a value, is left for validation', () => {
    for (const args of [{ 'transfer_data.destination': 'acct_1' }, { 'amount_to_capture.value': 1500 }, { 'transfer_data[amount][value]': 1500 }] as Record<string, Json>[]) {
      const r = run('stripe-v1', 'PostPaymentIntentsIntentCapture', { intent: 'pi_1', ...args });
      expect(r.ok).toBe(false);
      expect(r.corrections).toEqual([]);
    }
  });

  test('an index is not a name: items[0][price] is not moved', () => {
    const pack = own({ items: { type: 'array', items: { type: 'object', properties: { price: { type: 'string' } } } } });
    const r = check(pack, { name: 'act', arguments: { 'items[0][price]': 'price_1' } });
    expect(r.ok).toBe(false);
    expect(r.corrections).toEqual([]);
  });

  test('still moved: transfer_data[amount] is the transfer amount the caller named', () => {
    const r = run('stripe-v1', 'PostPaymentIntentsIntentCapture', { intent: 'pi_1', 'transfer_data[amount]': 1500 });
    expect(r.ok).toBe(true);
    expect(r.arguments).toEqual({ intent: 'pi_1', transfer_data: { amount: 1500 } });
  });
});

describe('case_variant: only another case of the same words', () => {
  test('a name of fewer words is not its longer neighbour: amount is not amount_to_capture', () => {
    const r = check(own({ amount_to_capture: { type: 'integer' } }), { name: 'act', arguments: { amount: 5 } });
    expect(r.corrections).toEqual([]);
    expect(r.ok).toBe(false);
  });

  test('a spelling two declared fields share takes neither', () => {
    const r = check(own({ user_id: { type: 'string' }, UserID: { type: 'integer' } }), { name: 'act', arguments: { userId: 'U1' } });
    expect(r.corrections).toEqual([]);
    expect(r.ok).toBe(false);
  });

  test('a case variant sent beside its declared name is a fault, not a second value taken', () => {
    const r = check(own({ start_date: { type: 'string' } }), { name: 'act', arguments: { start_date: '2026-01-01', startDate: '2026-02-01' } });
    expect(r.ok).toBe(false);
    expect(r.body).toMatchObject({ error: 'duplicate_argument', field: 'start_date' });
  });

  test('a nested field is not taken at the top level by its case variant', () => {
    const r = check(own({ when: { type: 'object', properties: { date_time: { type: 'string' } } }, note: { type: 'string' } }), { name: 'act', arguments: { dateTime: 'x' } });
    expect(r.corrections).toEqual([]);
  });
});

describe('declared_alias: only where the pack declares it', () => {
  test('an alias two fields declare, or one that is another field\'s name, is refused when the pack is built: no call is ever guessed into one', () => {
    expect(() => curated({ to: { type: 'string', 'x-aliases': ['recipient'] }, cc: { type: 'string', 'x-aliases': ['recipient'] } })).toThrow(/alias "recipient" already names the field "to"/);
    expect(() => curated({ to: { type: 'string', 'x-aliases': ['cc'] }, cc: { type: 'string' } })).toThrow(/alias "cc"/);
  });

  test('an alias of a nested field is not taken at the top level', () => {
    const r = check(curated({ card: { type: 'object', properties: { number: { type: 'string', 'x-aliases': ['pan'] } } }, note: { type: 'string' } }), { name: 'pay', arguments: { pan: '4242' } });
    expect(r.corrections).toEqual([]);
    expect(r.ok).toBe(false);
  });

  test('an alias sent beside the field it names is a fault, not a choice made', () => {
    const r = check(curated({ assignee: { type: 'string', 'x-aliases': ['owner'] } }), { name: 'pay', arguments: { assignee: 'a', owner: 'b' } });
    expect(r.ok).toBe(false);
    expect(r.body).toMatchObject({ error: 'duplicate_argument', field: 'assignee' });
  });
});

describe('json_string_parsed: only where an object or array is wanted, and never a string', () => {
  test('JSON text in a field that takes text stays text', () => {
    const r = check(own({ note: { type: 'string' } }), { name: 'act', arguments: { note: '{"a": 1}' } });
    expect(r.ok).toBe(true);
    expect(r.arguments).toEqual({ note: '{"a": 1}' });
    expect(r.corrections).toEqual([]);
  });

  test('JSON text where a string or an object is taken stays text', () => {
    const r = check(own({ payload: { anyOf: [{ type: 'string' }, { type: 'object' }] } }), { name: 'act', arguments: { payload: '{"a": 1}' } });
    expect(r.ok).toBe(true);
    expect(r.arguments).toEqual({ payload: '{"a": 1}' });
  });

  test('JSON text of the other kind (an array where an object goes, a number where an array goes) is not parsed', () => {
    const pack = own({ filter: { type: 'object', properties: { q: { type: 'string' } } }, ids: { type: 'array', items: { type: 'string' } } });
    for (const args of [{ filter: '[{"q": "x"}]' }, { ids: '{"0": "a"}' }, { ids: '42' }]) {
      const r = check(pack, { name: 'act', arguments: args });
      expect(r.ok).toBe(false);
      expect(r.corrections).toEqual([]);
    }
  });
});

describe('case_folded: only on a field that says case does not matter, into one value', () => {
  test('a field without x-fold-case keeps its case a fault', () => {
    const r = check(curated({ status: { type: 'string', enum: ['open', 'closed'] } }), { name: 'pay', arguments: { status: 'OPEN' } });
    expect(r.ok).toBe(false);
    expect(r.corrections).toEqual([]);
  });

  test('two values that differ only in case fold into neither', () => {
    const r = check(curated({ unit: { type: 'string', enum: ['Mb', 'MB'], 'x-fold-case': true } }), { name: 'pay', arguments: { unit: 'mb' } });
    expect(r.ok).toBe(false);
    expect(r.corrections).toEqual([]);
  });

  test('a value that is no permitted value in any case is not folded into its nearest', () => {
    const r = check(curated({ currency: { type: 'string', enum: ['usd', 'eur'], 'x-fold-case': true } }), { name: 'pay', arguments: { currency: 'US Dollar' } });
    expect(r.ok).toBe(false);
    expect(r.corrections).toEqual([]);
  });
});

describe('tool_name_variant: only another spelling of the same name', () => {
  const tools = (...names: string[]) => packFromToolDefinitions(names.map((name) => ({ name, description: name, parameters: { type: 'object', properties: { id: { type: 'string' } } } })));

  test('another verb is another tool: delete_refund is not create_refund', () => {
    const r = check(tools('create_refund', 'list_refunds'), { name: 'delete_refund', arguments: { id: 'r1' } });
    expect(r.ok).toBe(false);
    expect(r.corrections).toEqual([]);
    expect(r.body).toMatchObject({ error: 'unknown_tool' });
  });

  test('a name with a word the tool lacks is not that tool: capture_payment_intent is not get_payment_intent', () => {
    const r = check(tools('get_payment_intent', 'create_payment_intent'), { name: 'capture_payment_intent', arguments: { id: 'pi_1' } });
    expect(r.ok).toBe(false);
    expect(r.corrections).toEqual([]);
  });

  test('two tools equally near: neither is guessed', () => {
    const r = check(tools('tickets_close', 'tickets_clone'), { name: 'tickets_clos', arguments: { id: 't1' } });
    expect(r.ok).toBe(false);
    expect(r.corrections).toEqual([]);
  });
});
