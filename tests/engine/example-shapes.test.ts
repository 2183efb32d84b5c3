// Issue 33, item 1, example shapes: an id field whose examples share one shape gets that shape as a read
// rule (src/engine/pack/promises/example-shapes.ts), with an example and where it came from; and the
// examples that must make no rule.
import { describe, expect, it } from 'vitest';
import { check } from '../../src/engine/check';
import { packFromToolDefinitions } from '../../src/engine/pack/tools-import';
import { lintPromises } from '../../src/engine/pack/promises/promise-lint';
import { readFieldRules, type ReadRule } from '../../src/engine/pack/promises/read-rules';
import type { SchemaNode } from '../../src/engine/types';
import { bodySchemaProblems } from '../reliability/support';

function read(schema: SchemaNode, name: string): ReadRule[] {
  return readFieldRules({ field: name, path: `/properties/${name}`, name, schema });
}

function shapes(schema: SchemaNode, name: string): (string | undefined)[] {
  return read(schema, name)
    .filter((r) => r.kind === 'shape')
    .map((r) => r.keywords.pattern as string | undefined);
}

describe('a shape the examples share', () => {
  it('a sigil and a class, from "such as" in the description, with its words and pointer', () => {
    const [rule] = read({ type: 'string', description: "The order id, such as '#W0000000'. Mind the '#' at the start." }, 'order_id');
    expect(rule).toEqual({
      field: 'order_id',
      path: '/properties/order_id',
      kind: 'shape',
      keywords: { pattern: '^#[A-Z0-9]+$' },
      source: 'description',
      words: "such as '#W0000000'",
      wordsAt: '/properties/order_id/description',
      rule: '"#" then capital letters and digits, like #W0000000',
      example: '#W0000000',
    });
  });

  it('a prefix the field’s name abbreviates, from its examples', () => {
    const [rule] = read({ type: 'string', examples: ['cus_NffrFeUfNV2Hib', 'cus_9s6XKzkNRiz8i3'] }, 'customer_id');
    expect(rule.keywords).toEqual({ pattern: '^cus_[A-Za-z0-9]+$' });
    expect(rule.wordsAt).toBe('/properties/customer_id/examples/0');
    expect(shapes({ type: 'string', example: 'T-10342' }, 'ticketId')).toEqual(['^T-[0-9]+$']);
  });

  it('a fixed length of upper-case hex, capitals and digits, and digits alone, from example, "e.g." and "for example"', () => {
    expect(shapes({ type: 'string', example: '9F86D081884C7D659A2FEAA0C55AD015' }, 'file_id')).toEqual(['^[0-9A-F]{32}$']);
    expect(shapes({ type: 'string', description: 'The booking ID (e.g. `ZFA04Y`).' }, 'booking')).toEqual(['^[A-Z0-9]+$']);
    expect(shapes({ type: 'string', description: 'The product id, for example 6086499569.' }, 'product_id')).toEqual(['^[0-9]+$']);
  });

  it('enforced through check(): the shape in words, one example, and where it came from', () => {
    const pack = packFromToolDefinitions([{ name: 'get_order', description: 'Gets an order.', parameters: { type: 'object', properties: { order_id: { type: 'string', description: "The order id, such as '#W0000000'." } }, required: ['order_id'] } }]);
    for (const sent of ['W1234567', '#w1234567', 'https://shop.example/orders/1234567']) {
      const r = check(pack, { name: 'get_order', arguments: { order_id: sent } });
      expect(r.ok).toBe(false);
      expect(r.body).toMatchObject({ error: 'invalid_format', field: 'order_id', received: sent });
      expect(r.body!.message).toBe('must be "#" then capital letters and digits, like #W0000000; read from the description of order_id');
      expect(bodySchemaProblems(r.body!)).toEqual([]);
    }
    // tau-bench's own ground truth holds `#9502126`: the length and the letter after the sigil are not kept.
    for (const sent of ['#W1234567', '#9502126']) expect(check(pack, { name: 'get_order', arguments: { order_id: sent } }).ok).toBe(true);
    expect(lintPromises(pack.tool('get_order')!)[0].patch).toEqual([{ op: 'add', path: '/properties/order_id/pattern', value: '^#[A-Z0-9]+$' }]);
  });

  it('a # missing, or the case, is the one fix the shape allows: offered as the fix, never absorbed', () => {
    const pack = packFromToolDefinitions([{ name: 'get_order', description: 'Gets an order.', parameters: { type: 'object', properties: { order_id: { type: 'string', description: "The order id, such as '#W0000000'." } }, required: ['order_id'] } }]);
    for (const [sent, fixed] of [['W1234567', '#W1234567'], ['#w1234567', '#W1234567']]) {
      const r = check(pack, { name: 'get_order', arguments: { order_id: sent } });
      expect(r.body).toMatchObject({ error: 'invalid_format', did_you_mean: [fixed] });
      expect(r.suggested_call).toEqual({ name: 'get_order', arguments: { order_id: fixed } });
    }
    // No reading in the shape: nothing offered.
    const named = check(pack, { name: 'get_order', arguments: { order_id: 'order 1234567' } });
    expect(named.body!.did_you_mean).toBeUndefined();
    expect(named.suggested_call).toBeNull();
  });

  it('a rule from the schema’s examples says so, in the body and in the lint', () => {
    const pack = packFromToolDefinitions([{ name: 'get_customer', description: 'Gets a customer.', parameters: { type: 'object', properties: { customer_id: { type: 'string', examples: ['cus_NffrFeUfNV2Hib'] } } } }]);
    const r = check(pack, { name: 'get_customer', arguments: { customer_id: 'Jane Doe' } });
    expect(r.body!.message).toContain('read from the examples of customer_id');
    expect(lintPromises(pack.tool('get_customer')!)[0].message).toContain('the examples of customer_id show it');
  });
});

describe('lower-case words and a number; codes of capitals', () => {
  const SNAKE = '^[a-z][a-z_]*_[0-9]+$';
  it('tau-bench’s user_id and payment ids: lower-case words joined by _, then a number', () => {
    expect(shapes({ type: 'string', description: "The user id, such as 'sara_doe_496'." }, 'user_id')).toEqual([SNAKE]);
    // An "or" between verbs says nothing of the value's kind.
    expect(shapes({ type: 'string', description: "The payment method id to pay or receive refund, such as 'gift_card_0000000' or 'credit_card_0000000'." }, 'payment_method_id')).toEqual([SNAKE]);
    expect(shapes({ type: 'string', description: "The payment id, such as 'credit_card_7815826', 'gift_card_7815826', 'certificate_7815826'." }, 'payment_id')).toEqual([SNAKE]);
  });

  it('a state, a country or an airport shown as capitals of one length; an abbreviation; "in three letters"', () => {
    expect(shapes({ type: 'string', description: "The state, such as 'CA'." }, 'state')).toEqual(['^[A-Z]{2}$']);
    expect(shapes({ type: 'string', description: "The country, such as 'USA'." }, 'country')).toEqual(['^[A-Z]{3}$']);
    expect(shapes({ type: 'string', description: "The origin city airport in three letters, such as 'JFK'." }, 'origin')).toEqual(['^[A-Z]{3}$']);
    const [rule] = read({ type: 'string', description: "The U.S. state abbreviation, such as 'CA' for California or 'NY' for New York." }, 'region');
    expect(rule).toMatchObject({ keywords: { pattern: '^[A-Z]{2}$' }, standsFor: { California: 'CA', 'New York': 'NY' } });
  });

  it('no code rule for capitals a field name or description does not say are a code, a currency, a default alone, or a count that disagrees', () => {
    expect(read({ type: 'string', description: "The size, such as 'XL'." }, 'size')).toEqual([]);
    expect(read({ type: 'string', description: "The currency, such as 'USD'." }, 'currency')).toEqual([]);
    expect(read({ type: 'string', default: 'US' }, 'country')).toEqual([]);
    expect(read({ type: 'string', description: "The airport in three letters, such as 'NY'." }, 'airport_name')).toEqual([]);
    expect(read({ type: 'string', description: "The state, such as 'CA' or 'Ontario'." }, 'state')).toEqual([]);
    // A state of three capitals is a status; a request's origin is no airport.
    expect(read({ type: 'string', description: "The ticket's state, such as 'NEW'." }, 'state')).toEqual([]);
    expect(read({ type: 'string', description: "Where the request came from, such as 'API'." }, 'origin')).toEqual([]);
  });

  it('a flight id "in the format" of its example', () => {
    expect(shapes({ type: 'string', description: "The unique identifier of the flight, typically in the format 'XX123' where 'XX' represents the airline code followed by the flight number." }, 'flight_id')).toEqual(['^[A-Z0-9]+$']);
  });

  it('refused with the one fix: a case, a # or @, spaces for _, the example the words give for a name; nothing where no one reading is', () => {
    const pack = packFromToolDefinitions([{ name: 'act', description: 'Acts.', parameters: { type: 'object', properties: {
      user_id: { type: 'string', description: "The user id, such as 'sara_doe_496'." },
      payment_id: { type: 'string', description: "The payment id, such as 'credit_card_7815826', 'gift_card_7815826'." },
      origin: { type: 'string', description: "The origin city airport in three letters, such as 'JFK'." },
      state: { type: 'string', description: "The U.S. state abbreviation, such as 'CA' for California or 'NY' for New York." },
      flight_id: { type: 'string', description: "The flight, in the format 'XX123'." },
    } } }]);
    const fixOf = (field: string, sent: string) => {
      const r = check(pack, { name: 'act', arguments: { [field]: sent } });
      expect(r.ok).toBe(false);
      expect(bodySchemaProblems(r.body!)).toEqual([]);
      return r.body!.did_you_mean;
    };
    expect(fixOf('user_id', '@ada_lovelace_1001')).toEqual(['ada_lovelace_1001']);
    expect(fixOf('user_id', 'Ada_Lovelace_1001')).toEqual(['ada_lovelace_1001']);
    expect(fixOf('payment_id', 'credit card 1234567')).toEqual(['credit_card_1234567']);
    expect(fixOf('payment_id', 'Gift-Card-1234567')).toEqual(['gift_card_1234567']);
    expect(fixOf('origin', 'jfk')).toEqual(['JFK']);
    expect(fixOf('state', 'california')).toEqual(['CA']);
    expect(fixOf('flight_id', 'DL 123')).toEqual(['DL123']);
    expect(fixOf('flight_id', 'dl123')).toEqual(['DL123']);
    // A name the words give no code for, a name where an id goes, an airport's name: refused, nothing offered.
    expect(fixOf('state', 'Texas')).toBeUndefined();
    expect(fixOf('user_id', 'Ada Lovelace')).toBeUndefined();
    expect(fixOf('origin', 'New York')).toBeUndefined();
    // The shape's own values are taken.
    for (const [field, sent] of [['user_id', 'mia_garcia_4516'], ['payment_id', 'paypal_1234567'], ['state', 'TX'], ['origin', 'LAX'], ['flight_id', 'UA1234']]) {
      expect(check(pack, { name: 'act', arguments: { [field]: sent } }).ok).toBe(true);
    }
  });
});

describe('examples that make no shape', () => {
  it('one word and a number with no prefix its name abbreviates, or a word', () => {
    expect(read({ type: 'string', example: 'john_1234' }, 'user_id')).toEqual([]);
    expect(read({ type: 'string', examples: ['john_1234', 'mary_77'] }, 'user_id')).toEqual([]);
    expect(read({ type: 'string', example: 'general' }, 'channel_id')).toEqual([]);
    expect(read({ type: 'string', description: "The workspace id, such as 'acme'." }, 'workspace_id')).toEqual([]);
  });

  it('examples that disagree, or a description that names another kind of value', () => {
    expect(read({ type: 'string', description: "The payment method id, such as 'gift_card_0000000' or 'card-0000000'." }, 'payment_method_id')).toEqual([]);
    expect(read({ type: 'string', description: "The id or key of the issue, such as 'PROJ-123'." }, 'issue_id')).toEqual([]);
    expect(read({ type: 'string', description: "The user's ID, or 'me', such as 'U024BE7LH'." }, 'user_id')).toEqual([]);
    expect(read({ type: 'string', examples: ['cus_NffrFeUfNV2Hib', 'acct_1032D82eZvKYlo2C'] }, 'owner_id')).toEqual([]);
    expect(read({ type: 'string', examples: ['#W0000000', 'W0000001'] }, 'order_id')).toEqual([]);
    expect(read({ type: 'string', examples: ['9F86D081884C7D659A2FEAA0C55AD015', '9f86d081884c7d659a2feaa0c55ad015'] }, 'file_id')).toEqual([]);
    expect(read({ type: 'string', description: "The channel id or name, such as 'C0123ABCD'." }, 'channel_id')).toEqual([]);
    expect(read({ type: 'string', example: '#W0000000', default: '' }, 'order_id')).toEqual([]);
  });

  it('a field whose schema has a pattern, a format or an enum already', () => {
    expect(read({ type: 'string', pattern: '^#W', description: "The order id, such as '#W0000000'." }, 'order_id')).toEqual([]);
    expect(read({ type: 'string', format: 'uuid', example: '#W0000000' }, 'order_id')).toEqual([]);
    expect(read({ type: 'string', enum: ['#W0000000'], example: '#W0000000' }, 'order_id')).toEqual([]);
  });

  it('a field that holds no id, or no string', () => {
    expect(read({ type: 'string', description: "The zip code, such as '12345'." }, 'zip')).toEqual([]);
    expect(read({ type: 'string', description: "Flight number, such as 'HAT001'." }, 'flight_number')).toEqual([]);
    expect(read({ type: 'integer', example: 1234567 }, 'order_id')).toEqual([]);
  });

  it('a short run with no prefix, and no length kept where ids grow (Slack’s 9 characters, then 11)', () => {
    expect(read({ type: 'string', example: '42' }, 'issue_id')).toEqual([]);
    expect(read({ type: 'string', example: 'A1' }, 'code_id')).toEqual([]);
    expect(shapes({ type: 'string', examples: ['C024BE91L'] }, 'channel_id')).toEqual(['^[A-Z0-9]+$']);
  });
});
