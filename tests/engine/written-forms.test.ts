// Values in another plain written form, offered as they read (src/engine/explain/written-forms.ts), and kept
// only where the offer passes the field's rule; never where the value reads more than one way.
import { describe, expect, test } from 'vitest';
import { check, packFromToolDefinitions } from '../../src/engine';
import { rewrittenForms } from '../../src/engine/explain/written-forms';

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
