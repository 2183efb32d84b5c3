// The bodies the design essays print, which the engine must produce exactly (deep-equal).
import { describe, expect, test } from 'vitest';
import { check } from '../src/engine';
import { getPack } from '../src/packs';

const helpdesk = getPack('helpdesk')!;

describe('seed bodies, helpdesk pack', () => {
  test('update_ticket with status OPEN', () => {
    const r = check(helpdesk, 'update_ticket(ticket_id="T-8841", status="OPEN")');
    expect(r.ok).toBe(false);
    expect(r.shape).toBe('python');
    expect(r.body).toEqual({ error: 'invalid_status', field: 'status', message: 'must be one of: open, pending, closed', received: 'OPEN', retryable: false });
  });

  test('create_ticket with three independent faults', () => {
    const r = check(helpdesk, { name: 'create_ticket', arguments: { subject: 'Printer on fire', status: 'OPEN', priority: 'high', due_at: 'next Friday' } });
    expect(r.body).toEqual({
      error: 'validation_failed',
      message: '3 fields were rejected. Correct all of them and call again.',
      errors: [
        { field: 'status', code: 'invalid_status', message: 'must be one of: open, pending, closed', received: 'OPEN' },
        { field: 'priority', code: 'invalid_priority', message: 'must be one of: p1, p2, p3', received: 'high' },
        { field: 'due_at', code: 'invalid_format', message: 'must be an ISO 8601 timestamp in UTC, e.g. 2026-03-11T09:14:02Z', received: 'next Friday' },
      ],
      retryable: false,
    });
  });

  test('create_customer with UK for GB', () => {
    const r = check(helpdesk, { name: 'create_customer', arguments: { name: 'Ada Lovelace', email: 'ada@example.com', country_code: 'UK' } });
    expect(r.body).toEqual({ error: 'unknown_country_code', field: 'country_code', message: 'must be a two-letter ISO 3166-1 alpha-2 code', received: 'UK', did_you_mean: ['GB'], retryable: false });
  });
});
