// serializeBody(body, { form }): each wire form carries the body's facts in its standard's names, reads back
// into the same body, and grade() gives it the same points as the body itself.
import { describe, expect, test } from 'vitest';
import { check, docUrlFor, grade, serializeBody, WIRE_FORMS, type Body, type CompiledPack } from '../../src/engine';
import { readWireForm } from '../../src/engine/body/wire-forms';
import { getPack } from '../../src/packs';

const helpdesk = getPack('helpdesk')!;
const stripe = getPack('stripe')!;
const calendar = getPack('google-calendar')!;

/** Calls whose bodies between them use every kind of fact: one fault, several, a next call, a position, an unknown tool. */
const CALLS: [CompiledPack, unknown][] = [
  [helpdesk, { name: 'update_ticket', arguments: { ticket_id: 'T-8841', status: 'OPEN' } }],
  [helpdesk, { name: 'update_ticket', arguments: { ticket_id: 'T-8841', status: 'OPEN', priority: 'urgentt', bogus: 1 } }],
  [helpdesk, { name: 'get_ticket', arguments: { ticket_id: 'T-9999' } }],
  [helpdesk, { name: 'update_tickt', arguments: { ticket_id: 'T-8841' } }],
  [helpdesk, '{"name": "update_ticket", "arguments": {"ticket_id": "T-8841", "status": }}'],
  [stripe, { name: 'create_refund', arguments: { payment_intent: 'pi_123', amount: '12.50', reason: 'fraud' } }],
  [stripe, { name: 'create_refund', arguments: { payment_intent: 'pi_123', reason: 'fraudulant' } }],
  [calendar, { name: 'insert_event', arguments: { calendarId: 'primary', start: { dateTime: 'May 20, 2024' }, end: { dateTime: '2024-05-20T11:00:00Z' }, summary: 'x' } }],
];

function bodyOf(pack: CompiledPack, call: unknown): Body {
  const r = check(pack, call);
  expect(r.ok).toBe(false);
  return r.body!;
}

const nameOf = (call: unknown) => (typeof call === 'string' ? 'update_ticket' : (call as { name: string }).name);

describe.each(CALLS.map(([pack, call], i) => ({ pack, call, i })))('call $i', ({ pack, call }) => {
  const body = bodyOf(pack, call);
  // grade() reads a call that names its tool: the text call (invalid_json) is checked for its forms only.
  const native = typeof call === 'string' ? undefined : grade(pack, call, serializeBody(body));

  test.each(WIRE_FORMS.filter((f) => f !== 'body'))('%s carries the body and grades as the body does', (form) => {
    const text = serializeBody(body, { form, baseUrl: 'https://example.com/docs/', pack: pack.id, docUrl: docUrlFor(pack, nameOf(call)) });
    const wire = JSON.parse(text);
    if (form === 'problem+json' || form === 'aip-193') expect(readWireForm(wire)).toEqual(body);
    if (form === 'json-rpc') {
      const { doc_url: _doc, ...data } = wire.error.data;
      expect(data).toEqual(body);
    }
    if (form === 'mcp') expect(wire).toEqual({ content: [{ type: 'text', text: serializeBody(body) }], isError: true });
    // The same points, met or not, and the same rounds.
    if (native) {
      const g = grade(pack, call, text);
      expect(g.points.map((p) => [p.id, p.met])).toEqual(native.points.map((p) => [p.id, p.met]));
      expect(g.rounds).toEqual(native.rounds);
    }
  });
});

test('the body form is the body, byte for byte', () => {
  const body = bodyOf(helpdesk, CALLS[0][1]);
  expect(serializeBody(body, { form: 'body' })).toBe(JSON.stringify(body));
  expect(serializeBody(body)).toBe(JSON.stringify(body));
});

describe('problem+json (RFC 9457)', () => {
  const body = bodyOf(helpdesk, CALLS[0][1]);
  test('type is the code’s entry in the error dictionary under the base URL; detail the message; the rest as extension members', () => {
    expect(JSON.parse(serializeBody(body, { form: 'problem+json', baseUrl: 'https://example.com/docs', pack: 'helpdesk' }))).toEqual({
      type: 'https://example.com/docs/errors/#helpdesk-invalid_status',
      title: 'Bad Request',
      status: 400,
      detail: 'must be one of: open, pending, closed',
      error: 'invalid_status',
      field: 'status',
      received: 'OPEN',
      retryable: false,
    });
  });
  test('a generic code has its own entry; without a base URL the type is about:blank', () => {
    const notFound = bodyOf(helpdesk, CALLS[2][1]);
    const p = JSON.parse(serializeBody(notFound, { form: 'problem+json', baseUrl: 'https://example.com/' }));
    expect([p.type, p.status, p.title, p.next_call]).toEqual(['https://example.com/errors/#not_found', 404, 'Not Found', 'search_tickets(query)']);
    expect(JSON.parse(serializeBody(body, { form: 'problem+json' })).type).toBe('about:blank');
  });
  test('doc_url, as Stripe sends it, where the pack gives the operation’s page, and none where it gives none', () => {
    const refund = bodyOf(stripe, CALLS[5][1]);
    expect(docUrlFor(stripe, 'create_refund')).toBe('https://docs.stripe.com/api/refunds/create');
    expect(JSON.parse(serializeBody(refund, { form: 'problem+json', docUrl: docUrlFor(stripe, 'create_refund') })).doc_url).toBe('https://docs.stripe.com/api/refunds/create');
    // The helpdesk pack's reference is a page of this site, not the vendor's: no doc_url.
    expect(docUrlFor(helpdesk, 'update_ticket')).toBeUndefined();
    expect(JSON.parse(serializeBody(body, { form: 'problem+json', docUrl: docUrlFor(helpdesk, 'update_ticket') }))).not.toHaveProperty('doc_url');
  });
});

describe('AIP-193 (google.rpc.Status)', () => {
  test('ErrorInfo with the code as its reason, BadRequest with a violation per field, Help with the docs link', () => {
    const body = bodyOf(stripe, CALLS[5][1]);
    const s = JSON.parse(serializeBody(body, { form: 'aip-193', docUrl: docUrlFor(stripe, 'create_refund'), domain: 'payments.example.com' }));
    expect(s.error.code).toBe(3);
    expect(s.error.status).toBe('INVALID_ARGUMENT');
    const [info, bad, help] = s.error.details;
    expect(info).toMatchObject({ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'VALIDATION_FAILED', domain: 'payments.example.com', metadata: { retryable: 'false', received0: '"12.50"', received1: '"fraud"', didYouMean1: '["fraudulent"]' } });
    // Metadata is map<string, string>.
    expect(Object.values(info.metadata).every((v) => typeof v === 'string')).toBe(true);
    expect(bad.fieldViolations.map((v: { field: string; reason: string }) => [v.field, v.reason])).toEqual([['amount', 'INVALID_TYPE'], ['reason', 'INVALID_REASON']]);
    expect(help).toEqual({ '@type': 'type.googleapis.com/google.rpc.Help', links: [{ description: 'The operation’s reference', url: 'https://docs.stripe.com/api/refunds/create' }] });
  });
  test('a state fault is NOT_FOUND, its next call in the metadata', () => {
    const s = JSON.parse(serializeBody(bodyOf(helpdesk, CALLS[2][1]), { form: 'aip-193' }));
    expect([s.error.code, s.error.status, s.error.details[0].metadata.nextCall]).toEqual([5, 'NOT_FOUND', 'search_tickets(query)']);
  });
});

test('AIP-193 keeps a listed fault about the call as a whole (field ""), so each entry reads back with its own received value', () => {
  const body = {
    error: 'validation_failed',
    message: '2 fields were rejected. Correct all of them and call again.',
    errors: [
      { field: '', code: 'conflicting_arguments', message: 'give one of a, b' },
      { field: 'c', code: 'invalid_type', message: 'must be an integer', received: '1' },
    ],
    retryable: false,
  } as Body;
  const wire = JSON.parse(serializeBody(body, { form: 'aip-193' }));
  expect(wire.error.details[1].fieldViolations.map((v: { field: string }) => v.field)).toEqual(['', 'c']);
  expect(wire.error.details[0].metadata.received1).toBe('"1"');
  expect(readWireForm(wire)).toEqual(body);
  expect(readWireForm(JSON.parse(serializeBody(body, { form: 'problem+json' })))).toEqual(body);
});

test('JSON-RPC: -32602 with the body as data, under the request id', () => {
  const body = bodyOf(helpdesk, CALLS[0][1]);
  expect(JSON.parse(serializeBody(body, { form: 'json-rpc', id: 7 }))).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32602, message: body.message, data: body } });
});

test('an unknown form is refused by name', () => {
  const body = bodyOf(helpdesk, CALLS[0][1]);
  expect(() => serializeBody(body, { form: 'xml' as never })).toThrow(/no form "xml"; the forms are body, problem\+json, aip-193, json-rpc, mcp/);
});

test('a reply that only looks like a form is not rebuilt', () => {
  // A server's own problem+json, without the body's code and retryable: read as it is.
  expect(readWireForm({ type: 'about:blank', title: 'Bad Request', status: 400, detail: 'bad' })).toBeUndefined();
  expect(readWireForm({ error: { code: 3, message: 'bad', status: 'INVALID_ARGUMENT', details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'BAD', domain: 'x', metadata: {} }] } })).toBeUndefined();
});
