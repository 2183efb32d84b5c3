// Values in another plain written form, offered as they read (src/engine/explain/written-forms.ts), and kept
// only where the offer passes the field's rule; never where the value reads more than one way.
import { describe, expect, test } from 'vitest';
import { check, packFromToolDefinitions } from '../../src/engine';
import { otherCases, rewrittenForms } from '../../src/engine/explain/written-forms';

const pack = packFromToolDefinitions([
  {
    name: 'send_sms',
    description: 'Sends a text.',
    parameters: {
      type: 'object',
      properties: {
        to: { type: 'string', pattern: '^\\+[1-9][0-9]{1,14}$' },
        link: { type: 'string', format: 'uri' },
        code: { type: 'string', pattern: '^[0-9]+$' },
      },
      required: ['to'],
    },
  },
]);

describe('a value written another plain way gets the form it reads as', () => {
  test('a phone number with spaces and brackets, or the 00 prefix', () => {
    expect(check(pack, { name: 'send_sms', arguments: { to: '+1 (415) 555-0100' } }).body).toMatchObject({ field: 'to', did_you_mean: ['+14155550100'] });
    expect(check(pack, { name: 'send_sms', arguments: { to: '0044 20 7946 0958' } }).body).toMatchObject({ did_you_mean: ['+442079460958'] });
  });
  test('a mailbox as its address, and a size in words as WxH', () => {
    expect(rewrittenForms('Ada Lovelace <ada@example.com>')).toEqual(['ada@example.com']);
    expect(rewrittenForms('mailto:ada@example.com')).toEqual(['ada@example.com']);
    expect(rewrittenForms('1920 by 1080')).toEqual(['1920x1080']);
    expect(rewrittenForms('1920 × 1080')).toEqual(['1920x1080']);
  });
  test('an ISO date in the template the rule names, day or month first; an instant as the Unix time the rule counts in', () => {
    expect(rewrittenForms('2026-03-15', { template: 'DD-MM-YYYY' })).toContain('15-03-2026');
    expect(rewrittenForms('2026-03-15', { template: 'MM/DD/YYYY' })).toContain('03/15/2026');
    expect(rewrittenForms('2026-03-15 09:30', { template: 'DD/MM/YYYY HH:MM' })).toContain('15/03/2026 09:30');
    expect(rewrittenForms('2026-03-03T17:00:00Z', { epoch: 'milliseconds' })).toContain('1772557200000');
    expect(rewrittenForms('1772557200', { epoch: 'milliseconds' })).toContain('1772557200000');
    // Without a template, or a unit, none is made up.
    expect(rewrittenForms('2026-03-15')).toEqual([]);
    expect(rewrittenForms('2026-03-03T17:00:00Z')).toEqual([]);
    expect(rewrittenForms('2026-03-15 09:30', { template: 'DD-MM-YYYY' }).some((f) => f.includes('-2026'))).toBe(false);
  });
  test('a title as a slug, and degrees with their hemispheres as signed decimals', () => {
    expect(rewrittenForms('Julian Is Testing')).toContain('julian-is-testing');
    expect(rewrittenForms('36.2522 N, 105.3437 W')).toEqual(['36.2522, -105.3437']);
    expect(rewrittenForms('33.9 S 151.2 E')).toEqual(['-33.9, 151.2']);
    // Punctuated words are no title, and a hemisphere on one number only is no position.
    expect(rewrittenForms('Julian, Testing!')).toEqual([]);
    expect(rewrittenForms('36.2522 N')).toEqual([]);
  });
  test('a token in the case its rule fixes', () => {
    const p = packFromToolDefinitions([{ name: 'set_prefix', description: 'Sets a prefix.', parameters: { type: 'object', properties: { prefix: { type: 'string', pattern: '^[A-Z0-9]{3,12}$' } }, required: ['prefix'] } }]);
    expect(check(p, { name: 'set_prefix', arguments: { prefix: 'acme' } }).body).toMatchObject({ did_you_mean: ['ACME'] });
    // Words with spaces are no token; a value no case passes gets nothing.
    expect(otherCases('acme corp')).toEqual([]);
    // In mixed case the case is part of the value: an id's letters are not changed.
    expect(otherCases('NffrFeUfNV2Hib')).toEqual([]);
    expect(otherCases('x'.repeat(65))).toEqual([]);
    expect(check(p, { name: 'set_prefix', arguments: { prefix: 'ac-me' } }).body).not.toHaveProperty('did_you_mean');
  });
  test('a host and path without a scheme, where a URI goes', () => {
    expect(check(pack, { name: 'send_sms', arguments: { to: '+14155550100', link: 'example.com/a.png' } }).body).toMatchObject({ field: 'link', did_you_mean: ['https://example.com/a.png'] });
  });
});

describe('nothing is offered where the value reads another way, or the offer breaks the rule', () => {
  test('digits with dashes are no phone number without + or 00: an id keeps its dashes', () => {
    expect(rewrittenForms('123-456')).toEqual([]);
    const r = check(pack, { name: 'send_sms', arguments: { to: '+14155550100', code: '123-456' } });
    expect(r.body).not.toHaveProperty('did_you_mean');
  });
  test('a national number without its country code is not given one', () => {
    const r = check(pack, { name: 'send_sms', arguments: { to: '(415) 555-0100' } });
    expect(r.body).not.toHaveProperty('did_you_mean');
  });
  test('two mailboxes, a mailto with a query, and a size with a unit are not read', () => {
    expect(rewrittenForms('Ada <ada@example.com>, Bob <bob@example.com>')).toEqual([]);
    expect(rewrittenForms('mailto:ada@example.com?subject=hi')).toEqual([]);
    expect(rewrittenForms('1920 by 1080 pixels')).toEqual([]);
    expect(rewrittenForms('1080p')).toEqual([]);
  });
  test('a word or a sentence is no host', () => {
    expect(rewrittenForms('example')).toEqual([]);
    expect(rewrittenForms('see example.com for more')).toEqual([]);
    // A file's name is no host: its ending is no host's.
    expect(rewrittenForms('notes.txt')).toEqual([]);
    expect(rewrittenForms('example.com')).toEqual(['https://example.com']);
    const r = check(pack, { name: 'send_sms', arguments: { to: 'call me' } });
    expect(r.body).not.toHaveProperty('did_you_mean');
  });
});
