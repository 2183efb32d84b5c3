// Issue 33, item 4: a unit stated in prose is a unit, read from the resource an operation acts on when the
// request's own field says nothing of it. Stripe's POST /v1/refunds says only "how much to refund"; the
// refund it returns says its amount is "in cents": the imported PostRefunds now reads 15.00 as the curated
// create_refund does.
import { describe, expect, it } from 'vitest';
import { check } from '../../src/engine';
import { importSpec } from '../../src/importer/index';
import { loadCatalogPack } from '../../src/package/catalog';
import { getPack } from '../../src/packs';

/** An OpenAPI document of one operation: its request's `amount`, and the resource it returns. */
const doc = (request: Record<string, unknown>, response: Record<string, unknown>) => ({
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  paths: {
    '/v1/refunds': {
      post: {
        operationId: 'PostRefunds',
        requestBody: { content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', properties: { amount: request, charge: { type: 'string' } }, required: ['charge'] } } } },
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object', properties: { amount: response } } } } } },
      },
    },
  },
});
const unitOf = async (request: Record<string, unknown>, response: Record<string, unknown>) =>
  (await importSpec(doc(request, response), { id: 'refunds' })).pack.tools[0].arguments.properties.amount['x-unit'];

describe('an amount whose unit only the resource states', () => {
  it('takes the unit of its namesake in the response', async () => {
    expect(await unitOf({ type: 'integer', description: 'How much to refund.' }, { type: 'integer', description: 'Amount, in cents.' })).toEqual({ kind: 'currency-minor' });
  });

  it('not when the request states another unit, nor a field the rule does not name, nor a response that says nothing', async () => {
    expect(await unitOf({ type: 'integer', description: 'How much to refund, in dollars.' }, { type: 'integer', description: 'Amount, in cents.' })).toBeUndefined();
    expect(await unitOf({ type: 'integer', description: 'How much.' }, { type: 'integer', description: 'How much.' })).toBeUndefined();
    expect(await unitOf({ type: 'string', description: 'How much.' }, { type: 'integer', description: 'Amount, in cents.' })).toBeUndefined();
  });

  it("stripe-v1's PostRefunds refuses 15.00 as the curated create_refund does", async () => {
    const imported = (await loadCatalogPack('stripe-v1'))!;
    const call = (name: string) => `{"name":"${name}","arguments":{"charge":"ch_3MmlLrLkdIwHu7ix0snN0B15","amount":15.00}}`;
    const r = check(imported, call('PostRefunds'));
    expect(r.ok).toBe(false);
    expect(r.body).toMatchObject({ error: 'invalid_type', field: 'amount', received: '15.00' });
    expect((r.body as { message: string }).message).toMatch(/smallest unit/);
    expect(check(getPack('stripe')!, call('create_refund')).body).toMatchObject({ error: 'invalid_type', field: 'amount', received: '15.00' });
  });
});
