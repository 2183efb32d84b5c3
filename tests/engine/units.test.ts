// Units reach the body (x-unit): every fault on a unit field states the unit with a worked example, and
// did_you_mean converts what the caller meant, never the literal number ("15.00" is not fifteen cents).
import { describe, expect, test } from 'vitest';
import { check, compilePack, PackError, type CompiledPack, type Json } from '../../src/engine';
import { currencyDigits, durationSeconds, fitsNumber, parseUnit, resolveCurrency, unitCandidates, unitProblems, unitRule } from '../../src/engine/explain/units';
import { getPack } from '../../src/packs';

const stripe = getPack('stripe')!;
const calendar = getPack('google-calendar')!;

const CHARGE_USD = 'ch_3MmlLrLkdIwHu7ix0snN0B15';
const CHARGE_EUR = 'ch_3EuroOrder9Kd3Pq7Zm1Xc5V';
const CUSTOMER = 'cus_NffrFeUfNV2Hib';
const CENTS_USD = 'must be an integer in usd cents, e.g. 1550 for 15.50';
const CENTS_UNKNOWN = "must be an integer in the currency's smallest unit (cents for usd, whole yen for jpy), e.g. 1550 for 15.50 usd";
const UNIX = 'Unix time in seconds (not ms), e.g. 1700000000 for 2023-11-14T22:13:20Z';

function run(pack: CompiledPack, name: string, args: Json, state?: Json) {
  return check(pack, { name, arguments: args }, state === undefined ? {} : { state });
}

/** The suggested call, sent back as it stands, is accepted. */
function roundTrips(pack: CompiledPack, r: ReturnType<typeof check>, state?: Json) {
  expect(r.suggested_call).not.toBeNull();
  const again = check(pack, r.suggested_call, state === undefined ? {} : { state });
  expect(again.body).toBeNull();
  expect(again.ok).toBe(true);
}

describe('amounts in the smallest currency unit', () => {
  test('the fifteen-cent case: "15.00" on a usd refund is 1500, never 15', () => {
    const r = run(stripe, 'create_refund', { charge: CHARGE_USD, amount: '15.00' });
    expect(r.body).toEqual({ error: 'invalid_type', field: 'amount', message: CENTS_USD, received: '15.00', did_you_mean: [1500], retryable: false });
    expect(r.did_you_mean).toEqual([{ field: 'amount', candidates: [1500] }]);
    expect(r.suggested_call).toEqual({ name: 'create_refund', arguments: { charge: CHARGE_USD, amount: 1500 } });
    roundTrips(stripe, r);
  });

  test.each([
    [15.5, 1550],
    ['15.50', 1550],
    ['$15.50', 1550],
    ['15.50 USD', 1550],
    ['USD 15.50', 1550],
    ['15 usd', 1500],
    ['1,550', 1550],
    ['USD 1,550.00', 155000],
    ['1500', 1500],
    ['15.500', 1550],
  ])('%j on a usd refund offers %j, which is accepted when sent back', (sent, meant) => {
    const r = run(stripe, 'create_refund', { charge: CHARGE_USD, amount: sent });
    expect(r.body).toEqual({ error: 'invalid_type', field: 'amount', message: CENTS_USD, received: sent, did_you_mean: [meant], retryable: false });
    expect(r.suggested_call).toEqual({ name: 'create_refund', arguments: { charge: CHARGE_USD, amount: meant } });
    // 155000 is more than the charge holds: valid, and refused by the ordered checks, not by validation.
    if (meant <= 5000) roundTrips(stripe, r);
  });

  test.each(['15.50 EUR', '€15.50', '15.505', '15,50', 'fifteen dollars', '-5.00'])('%j on a usd refund gets the unit and no guess', (sent) => {
    const r = run(stripe, 'create_refund', { charge: CHARGE_USD, amount: sent });
    expect(r.body).toEqual({ error: 'invalid_type', field: 'amount', message: CENTS_USD, received: sent, retryable: false });
    expect(r.did_you_mean).toEqual([]);
    expect(r.suggested_call).toBeNull();
  });

  test('the currency of the charge the refund names: eur', () => {
    const r = run(stripe, 'create_refund', { charge: CHARGE_EUR, amount: '€15.50' });
    expect(r.body).toEqual({ error: 'invalid_type', field: 'amount', message: 'must be an integer in eur cents, e.g. 1550 for 15.50', received: '€15.50', did_you_mean: [1550], retryable: false });
    roundTrips(stripe, r);
    // A dollar amount contradicts the charge's currency: no conversion is offered.
    const usd = run(stripe, 'create_refund', { charge: CHARGE_EUR, amount: '15.50 USD' });
    expect(usd.body).toEqual({ error: 'invalid_type', field: 'amount', message: 'must be an integer in eur cents, e.g. 1550 for 15.50', received: '15.50 USD', retryable: false });
  });

  test('the currency of the payment intent the refund names', () => {
    const r = run(stripe, 'create_refund', { payment_intent: 'pi_3MtwBwLkdIwHu7ix28a3tqPa', amount: '$20' });
    expect(r.body).toEqual({ error: 'invalid_type', field: 'amount', message: CENTS_USD, received: '$20', did_you_mean: [2000], retryable: false });
    roundTrips(stripe, r);
  });

  test('a charge the state does not hold: the unit in general words, and only a plain count is offered', () => {
    const r = run(stripe, 'create_refund', { charge: 'ch_3NoSuchCharge00000000000', amount: '15.50' });
    expect(r.body).toEqual({ error: 'invalid_type', field: 'amount', message: CENTS_UNKNOWN, received: '15.50', retryable: false });
    const count = run(stripe, 'create_refund', { charge: 'ch_3NoSuchCharge00000000000', amount: '1500' });
    expect(count.body).toEqual({ error: 'invalid_type', field: 'amount', message: CENTS_UNKNOWN, received: '1500', did_you_mean: [1500], retryable: false });
  });

  test('the state passed to check() decides the currency, not the pack state', () => {
    const state = structuredClone(stripe.state) as any;
    state.records.charges[CHARGE_USD].currency = 'jpy';
    const r = run(stripe, 'create_refund', { charge: CHARGE_USD, amount: '1550.00' }, state);
    expect(r.body).toEqual({ error: 'invalid_type', field: 'amount', message: 'must be an integer in whole jpy (it has no smaller unit), e.g. 1550 for 1550 jpy', received: '1550.00', did_you_mean: [1550], retryable: false });
  });

  test('a range fault on an amount puts the bound first and offers nothing below it', () => {
    const r = run(stripe, 'create_refund', { charge: CHARGE_USD, amount: 0 });
    expect(r.body).toEqual({ error: 'out_of_range', field: 'amount', message: `must be at least 1: ${CENTS_USD.slice('must be '.length)}`, received: 0, retryable: false });
  });

  test('jpy from the sibling currency argument: no smaller unit', () => {
    const jpy = 'must be an integer in whole jpy (it has no smaller unit), e.g. 1550 for 1550 jpy';
    const r = run(stripe, 'create_payment_intent', { amount: '1550.00', currency: 'jpy' });
    expect(r.body).toEqual({ error: 'invalid_type', field: 'amount', message: jpy, received: '1550.00', did_you_mean: [1550], retryable: false });
    roundTrips(stripe, r);
    expect(run(stripe, 'create_payment_intent', { amount: '¥1,550', currency: 'jpy' }).did_you_mean).toEqual([{ field: 'amount', candidates: [1550] }]);
    // Half a yen does not exist, so 15.5 has no reading in yen.
    expect(run(stripe, 'create_payment_intent', { amount: 15.5, currency: 'jpy' }).body).toEqual({ error: 'invalid_type', field: 'amount', message: jpy, received: 15.5, retryable: false });
  });

  test('kwd has three decimals', () => {
    const r = run(stripe, 'create_payment_intent', { amount: '15.5', currency: 'kwd' });
    expect(r.body).toEqual({ error: 'invalid_type', field: 'amount', message: 'must be an integer in the smallest unit of kwd (1/1000), e.g. 15500 for 15.500', received: '15.5', did_you_mean: [15500], retryable: false });
  });

  test('a currency argument that is no ISO code leaves the amount in general words', () => {
    const r = run(stripe, 'create_payment_intent', { amount: '20.00', currency: 'dollars' });
    expect(r.body).toEqual({
      error: 'validation_failed',
      message: '2 fields were rejected. Correct all of them and call again.',
      errors: [
        { field: 'amount', code: 'invalid_type', message: CENTS_UNKNOWN, received: '20.00' },
        { field: 'currency', code: 'unknown_currency_code', message: 'must be a three-letter lowercase ISO 4217 currency code', received: 'dollars', did_you_mean: ['usd', 'aud', 'xcd'] },
      ],
      retryable: false,
    });
  });

  test('a credit keeps its sign: the customer record gives usd', () => {
    const r = run(stripe, 'update_customer', { customer: CUSTOMER, balance: '-10.00' });
    expect(r.body).toEqual({ error: 'invalid_type', field: 'balance', message: CENTS_USD, received: '-10.00', did_you_mean: [-1000], retryable: false });
    expect(r.suggested_call).toEqual({ name: 'update_customer', arguments: { customer: CUSTOMER, balance: -1000 } });
    roundTrips(stripe, r);
    expect(run(stripe, 'update_customer', { customer: CUSTOMER, balance: -15.5 }).did_you_mean).toEqual([{ field: 'balance', candidates: [-1550] }]);
  });

  test("a new customer's currency is not known: a plain count keeps its sign, a decimal gets no guess", () => {
    const count = run(stripe, 'create_customer', { balance: '-1,000' });
    expect(count.body).toEqual({ error: 'invalid_type', field: 'balance', message: CENTS_UNKNOWN, received: '-1,000', did_you_mean: [-1000], retryable: false });
    roundTrips(stripe, count);
    const decimal = run(stripe, 'create_customer', { balance: '-10.00' });
    expect(decimal.body).toEqual({ error: 'invalid_type', field: 'balance', message: CENTS_UNKNOWN, received: '-10.00', retryable: false });
  });

  test('a valid but suspicious amount is not refused', () => {
    expect(run(stripe, 'create_refund', { charge: CHARGE_USD, amount: 15 }).ok).toBe(true);
  });
});

describe('Unix times in seconds', () => {
  test('milliseconds become seconds', () => {
    const r = run(stripe, 'list_refunds', { created: { gte: 1700000000000 } });
    expect(r.body).toEqual({ error: 'out_of_range', field: 'created.gte', message: `must be from 0 to 9999999999: ${UNIX}`, received: 1700000000000, did_you_mean: [1700000000], retryable: false });
    expect(r.suggested_call).toEqual({ name: 'list_refunds', arguments: { created: { gte: 1700000000 } } });
    roundTrips(stripe, r);
  });

  test('a date-time with an offset becomes its epoch seconds', () => {
    const r = run(stripe, 'list_customers', { created: { lt: '2023-11-14T23:13:20+01:00' } });
    expect(r.body).toEqual({ error: 'invalid_type', field: 'created.lt', message: `must be ${UNIX}`, received: '2023-11-14T23:13:20+01:00', did_you_mean: [1700000000], retryable: false });
    roundTrips(stripe, r);
  });

  test('a date with no time or offset is no instant: no guess', () => {
    const r = run(stripe, 'list_refunds', { created: { gt: '2023-11-14' } });
    expect(r.body).toEqual({ error: 'invalid_type', field: 'created.gt', message: `must be ${UNIX}`, received: '2023-11-14', retryable: false });
  });

  test('milliseconds that are not whole seconds get no guess', () => {
    expect(run(stripe, 'list_refunds', { created: { lte: 1700000000123 } }).did_you_mean).toEqual([]);
  });
});

describe('minutes', () => {
  const reminder = (minutes: Json) => run(calendar, 'events_insert', {
    calendarId: 'primary',
    start: { dateTime: '2026-03-11T09:00:00Z' },
    end: { dateTime: '2026-03-11T10:00:00Z' },
    reminders: { useDefault: false, overrides: [{ method: 'popup', minutes }] },
  });

  test.each([
    ['1 day', 1440],
    ['2 hours', 120],
    ['90 min', 90],
    ['1h30m', 90],
    ['PT45M', 45],
    ['1 week', 10080],
  ])('%j offers %j', (sent, meant) => {
    const r = reminder(sent);
    expect(r.body).toEqual({ error: 'invalid_type', field: 'reminders.overrides[0].minutes', message: 'must be an integer in minutes, e.g. 1440 for 1 day', received: sent, did_you_mean: [meant], retryable: false });
    roundTrips(calendar, r);
  });

  test('a clock time is not a duration: no guess', () => {
    const r = reminder('09:00');
    expect(r.body).toEqual({ error: 'invalid_type', field: 'reminders.overrides[0].minutes', message: 'must be an integer in minutes, e.g. 1440 for 1 day', received: '09:00', retryable: false });
    expect(r.suggested_call).toBeNull();
  });

  test('a duration past the bound is not offered', () => {
    expect(reminder('5 weeks').body).toEqual({ error: 'invalid_type', field: 'reminders.overrides[0].minutes', message: 'must be an integer in minutes, e.g. 1440 for 1 day', received: '5 weeks', retryable: false });
    expect(reminder(50000).body).toEqual({ error: 'out_of_range', field: 'reminders.overrides[0].minutes', message: 'must be from 0 to 40320: an integer in minutes, e.g. 1440 for 1 day', received: 50000, retryable: false });
  });
});

describe('units.ts', () => {
  const usd = { code: 'usd', digits: 2 };
  const jpy = { code: 'jpy', digits: 0 };
  const amount = { type: 'integer', minimum: 1 };
  const balance = { type: 'integer' };
  const minor = { kind: 'currency-minor' } as const;

  test('ISO 4217 digits come from currency-codes', () => {
    expect([currencyDigits('usd'), currencyDigits('USD'), currencyDigits('jpy'), currencyDigits('kwd'), currencyDigits('clf'), currencyDigits('xyz')]).toEqual([2, 2, 0, 3, 4, undefined]);
  });

  test('parseUnit keeps only well-formed units', () => {
    expect(parseUnit({ kind: 'minutes' })).toEqual({ kind: 'minutes' });
    expect(parseUnit({ kind: 'currency-minor', currency: '$args.currency' })).toEqual({ kind: 'currency-minor', currency: '$args.currency' });
    expect([parseUnit({ kind: 'hours' }), parseUnit('minutes'), parseUnit(null), parseUnit([])]).toEqual([undefined, undefined, undefined, undefined]);
  });

  test('resolveCurrency reads the arguments and the records; anything else is unknown', () => {
    const fromArgs = { kind: 'currency-minor', currency: '$args.currency' } as const;
    expect(resolveCurrency(fromArgs, { currency: 'usd' }, null)).toEqual(usd);
    expect(resolveCurrency(fromArgs, { currency: 'JPY' }, null)).toEqual(jpy);
    expect(resolveCurrency(fromArgs, { currency: 'xyz' }, null)).toBeUndefined();
    expect(resolveCurrency(fromArgs, { currency: 'us dollar' }, null)).toBeUndefined();
    expect(resolveCurrency(fromArgs, {}, null)).toBeUndefined();
    const fromRecord = { kind: 'currency-minor', currency: '$records.charges[$args.charge].currency' } as const;
    expect(resolveCurrency(fromRecord, { charge: 'ch_1' }, { records: { charges: { ch_1: { currency: 'kwd' } } } })).toEqual({ code: 'kwd', digits: 3 });
    expect(resolveCurrency(fromRecord, { charge: 'ch_2' }, { records: { charges: { ch_1: { currency: 'kwd' } } } })).toBeUndefined();
    expect(resolveCurrency(fromRecord, { charge: 'ch_1' }, 'not a state')).toBeUndefined();
    expect(resolveCurrency({ kind: 'currency-minor', currency: 'eur' }, {}, null)).toEqual({ code: 'eur', digits: 2 });
    expect(resolveCurrency(minor, { currency: 'usd' }, null)).toBeUndefined();
  });

  test('unitRule: the unit and a worked example the field accepts', () => {
    expect(unitRule(minor, amount, usd)).toBe('an integer in usd cents, e.g. 1550 for 15.50');
    expect(unitRule(minor, amount, jpy)).toBe('an integer in whole jpy (it has no smaller unit), e.g. 1550 for 1550 jpy');
    expect(unitRule(minor, amount, { code: 'bhd', digits: 3 })).toBe('an integer in the smallest unit of bhd (1/1000), e.g. 15500 for 15.500');
    expect(unitRule(minor, amount)).toBe("an integer in the currency's smallest unit (cents for usd, whole yen for jpy), e.g. 1550 for 15.50 usd");
    // A field that takes only credits gets a negative example; one capped below 1550 a smaller one.
    expect(unitRule(minor, { type: 'integer', maximum: -1 }, usd)).toBe('an integer in usd cents, e.g. -1550 for -15.50');
    expect(unitRule(minor, { type: 'integer', maximum: 100 }, usd)).toBe('an integer in usd cents, e.g. 50 for 0.50');
    expect(unitRule({ kind: 'minutes' }, { type: 'integer', maximum: 59 })).toBe('an integer in minutes, e.g. 30 for 30 minutes');
    expect(unitRule({ kind: 'seconds' }, { type: 'number' })).toBe('a number in seconds, e.g. 3600 for 1 hour');
    expect(unitRule({ kind: 'bytes' }, { type: 'integer' })).toBe('an integer in bytes, e.g. 1048576 for 1 MiB');
    expect(unitRule({ kind: 'unix-milliseconds' }, { type: 'integer' })).toBe('Unix time in milliseconds, e.g. 1700000000000 for 2023-11-14T22:13:20Z');
    expect(unitRule({ kind: 'unix-seconds' }, { type: 'integer', minimum: 1800000000 })).toBe('Unix time in seconds (not ms)');
  });

  test('unitCandidates: currency amounts', () => {
    const c = (v: Json, schema: object = amount, cur: { code: string; digits: number } | null = usd) => unitCandidates(v, minor, schema, cur ?? undefined);
    expect([c(15.5), c('15.50'), c(' $15.50 '), c('15.50 usd'), c('+15.50'), c('1,550'), c('1550')]).toEqual([[1550], [1550], [1550], [1550], [1550], [1550], [1550]]);
    expect([c('15.00'), c('15'), c('0.5')]).toEqual([[1500], [15], [50]]);
    // Negative where the field allows it; never below its minimum.
    expect([c('-10.00', balance), c('$-10.00', balance), c('-$10.00', balance), c('-10.00')]).toEqual([[-1000], [-1000], [-1000], []]);
    expect([c('15.50', amount, jpy), c('1550.00', amount, jpy), c('¥1550', amount, jpy)]).toEqual([[], [1550], [1550]]);
    expect([c('15.50 EUR'), c('€15.50'), c('CA$15.50'), c('15.50', amount, null), c('$15.50', amount, null), c('1550', amount, null)]).toEqual([[], [], [], [], [], [1550]]);
    expect(c('CA$15.50', amount, { code: 'cad', digits: 2 })).toEqual([1550]);
    // Nothing that needs guessing, and never the value that was sent.
    expect([c('1.550.00'), c('15,5'), c('$'), c(''), c('--5'), c('-$-5'), c(true), c(null), c([15]), c(1e21), c(1550)]).toEqual([[], [], [], [], [], [], [], [], [], [], []]);
    expect(c('99999999999999999999.00')).toEqual([]);
    expect(c('15.50', { type: 'integer', multipleOf: 100 })).toEqual([]);
  });

  test('unitCandidates: Unix times', () => {
    const s = (v: Json) => unitCandidates(v, { kind: 'unix-seconds' }, { type: 'integer', minimum: 0, maximum: 9999999999 });
    expect([s(1700000000000), s(1700000000000000), s('1700000000000'), s('2023-11-14T22:13:20Z'), s('2023-11-14T22:13:20.000Z'), s('2023-11-14 22:13:20Z')]).toEqual([[1700000000], [1700000000], [1700000000], [1700000000], [1700000000], [1700000000]]);
    expect([s(1700000000123), s('2023-11-14T22:13:20.5Z'), s('2023-11-14T22:13:20'), s('2023-11-14'), s(1700000000.5), s(-5), s('yesterday')]).toEqual([[], [], [], [], [], [], []]);
    const ms = (v: Json) => unitCandidates(v, { kind: 'unix-milliseconds' }, { type: 'integer' });
    expect([ms('2023-11-14T22:13:20.250Z'), ms('1700000000000'), ms(1700000000000000)]).toEqual([[1700000000250], [1700000000000], [1700000000000]]);
  });

  test('unitCandidates: durations and sizes', () => {
    const m = (v: Json) => unitCandidates(v, { kind: 'minutes' }, { type: 'integer', minimum: 0, maximum: 40320 });
    expect([m('1 day'), m('2 hours'), m('90 min'), m('1h30m'), m('1 hour and 30 minutes'), m('1.5 hours'), m('P1D'), m('PT1H30M'), m('120 seconds'), m('30')]).toEqual([[1440], [120], [90], [90], [90], [90], [1440], [90], [2], [30]]);
    expect([m('09:00'), m('1:30'), m('1 month'), m('90 s'), m('P1M'), m('PT'), m('soon'), m(1.5), m('5 weeks')]).toEqual([[], [], [], [], [], [], [], [], []]);
    const sec = (v: Json) => unitCandidates(v, { kind: 'seconds' }, { type: 'integer' });
    expect([sec('1.5 min'), sec('2h')]).toEqual([[90], [7200]]);
    const b = (v: Json) => unitCandidates(v, { kind: 'bytes' }, { type: 'integer' });
    expect([b('1.5 MiB'), b('512 bytes'), b('2KiB'), b('1 MB'), b('1 kb')]).toEqual([[1572864], [512], [2048], [], []]);
  });

  test('durationSeconds and fitsNumber', () => {
    expect([durationSeconds('1w 2d'), durationSeconds('3 hrs, 5 mins'), durationSeconds('P1W'), durationSeconds('')]).toEqual([777600, 11100, 604800, undefined]);
    expect([fitsNumber(5, { type: 'integer', exclusiveMinimum: 5 }), fitsNumber(6, { type: 'integer', exclusiveMaximum: 10, multipleOf: 3 }), fitsNumber(1.5, { type: 'integer' }), fitsNumber(1.5, { type: 'number' })]).toEqual([false, true, false, true]);
  });

  test('unitProblems: a numeric field, and a currency from an argument or a visible record', () => {
    const ctx = { argumentPaths: ['charge', 'currency', 'amount'], recordKeys: new Map([['charges', new Set(['currency'])], ['tickets', new Set(['currency'])]]), hiddenKinds: new Set(['tickets']) };
    const p = (unit: unknown, schema: object = { type: 'integer' }) => unitProblems(unit, schema, ctx).map((x) => `${x.path}: ${x.message}`);
    expect(p({ kind: 'currency-minor', currency: '$args.currency' })).toEqual([]);
    expect(p({ kind: 'currency-minor', currency: { coalesce: ['$records.charges[$args.charge].currency', 'usd'] } })).toEqual([]);
    expect(p({ kind: 'minutes' }, { type: 'string' })).toEqual([': a unit belongs on a numeric field: type integer or number (or either with null)']);
    expect(p({ kind: 'minutes', currency: 'usd' })).toEqual(['/currency: only a currency-minor unit has a currency, and this one is minutes']);
    expect(p({ kind: 'currency-minor', currency: 'xyz' })).toEqual(['/currency: "xyz" is not an ISO 4217 currency code']);
    expect(p({ kind: 'currency-minor', currency: '$args.money' })).toEqual(['/currency: "$args.money" refers to the argument "money", which the tool does not declare; its arguments are: charge, currency, amount']);
    expect(p({ kind: 'currency-minor', currency: '$caller.currency' })).toEqual(['/currency: reads $caller; a currency comes from an argument ($args.…) or a record ($records.…), read before any check runs']);
    expect(p({ kind: 'currency-minor', currency: '$records.refunds[$args.charge].currency' })).toEqual(['/currency: "$records.refunds[$args.charge].currency" refers to the record kind "refunds", which state.records does not have; its kinds are: charges, tickets']);
    expect(p({ kind: 'currency-minor', currency: '$records.tickets[$args.charge].currency' })).toEqual(['/currency: reads the record kind tickets, which an exists check of this tool may hide (visible); a message naming its currency would disclose the record']);
  });
});

describe('the pack keyword', () => {
  const pack = (amount: object, extra: object = {}) => ({
    id: 'shop',
    title: 'Shop',
    vendor: 'Example',
    reference: 'https://example.com/',
    summary: 'A shop.',
    state: { records: { orders: { 'o-1': { currency: 'usd' } } } },
    tools: [{
      name: 'refund',
      summary: 'Refund an order.',
      arguments: { type: 'object', properties: { order: { type: 'string' }, amount }, required: ['order'] },
      ...extra,
    }],
  });
  const problems = (amount: object, extra: object = {}) => {
    try {
      compilePack(pack(amount, extra), 'shop.json');
    } catch (err) {
      expect(err).toBeInstanceOf(PackError);
      return (err as PackError).problems.map((p) => `${p.path}: ${p.message}`);
    }
    return [];
  };

  test('is stripped from the wire and model schemas and kept in the field index', () => {
    const compiled = compilePack(pack({ type: 'integer', 'x-unit': { kind: 'currency-minor', currency: '$records.orders[$args.order].currency' } }), 'shop.json');
    const tool = compiled.tool('refund')!;
    expect(tool.wireSchema.properties.amount).toEqual({ type: 'integer' });
    expect(tool.modelSchema.properties.amount).toEqual({ type: 'integer' });
    expect(tool.fields.get('amount')!.unit).toEqual({ kind: 'currency-minor', currency: '$records.orders[$args.order].currency' });
    expect(check(compiled, { name: 'refund', arguments: { order: 'o-1', amount: '2.50' } }).body).toEqual({
      error: 'invalid_type', field: 'amount', message: 'must be an integer in usd cents, e.g. 1550 for 15.50', received: '2.50', did_you_mean: [250], retryable: false,
    });
  });

  test('a broken x-unit fails with its path', () => {
    expect(problems({ type: 'integer', 'x-unit': { kind: 'hours' } })[0]).toMatch(/^\/tools\/0\/arguments\/properties\/amount\/x-unit\/kind: must be equal to one of the allowed values/);
    expect(problems({ type: 'integer', 'x-unit': { kind: 'minutes', per: 'day' } })[0]).toMatch(/^\/tools\/0\/arguments\/properties\/amount\/x-unit: must NOT have additional properties/);
    expect(problems({ type: 'string', 'x-unit': { kind: 'minutes' } })).toEqual(['/tools/0/arguments/properties/amount/x-unit: a unit belongs on a numeric field: type integer or number (or either with null)']);
    expect(problems({ type: 'integer', 'x-unit': { kind: 'currency-minor', currency: '$args.currency' } })).toEqual([
      '/tools/0/arguments/properties/amount/x-unit/currency: "$args.currency" refers to the argument "currency", which the tool does not declare; its arguments are: order, amount',
    ]);
  });

  test('a currency read from a record the caller may not see is refused', () => {
    const hidden = { checks: [{ kind: 'exists', argument: 'order', record: 'orders', visible: { eq: ['$order.currency', 'usd'] } }], examples: { valid: [{ order: 'o-1' }], invalid: [], checks: [{ about: 'no such order', arguments: { order: 'o-2' }, expect: 'not_found' }] } };
    expect(problems({ type: 'integer', 'x-unit': { kind: 'currency-minor', currency: '$records.orders[$args.order].currency' } }, hidden)).toContain(
      '/tools/0/arguments/properties/amount/x-unit/currency: reads the record kind orders, which an exists check of this tool may hide (visible); a message naming its currency would disclose the record',
    );
  });
});

// JSON.parse reads `15.00` as 15, which an integer field in cents accepts: the fifteen-cent bug. The reader
// keeps how a number was written, so the amount is read as the decimal it was, in every envelope.
describe('numbers as written: 15.00 is a decimal, not 15', () => {
  const args = `{"charge":"${CHARGE_USD}","amount":15.00}`;
  const written: Record<string, string> = {
    'openai-chat (arguments string)': JSON.stringify({ id: 'call_1', type: 'function', function: { name: 'create_refund', arguments: args } }),
    'openai-responses (arguments string)': JSON.stringify({ type: 'function_call', call_id: 'c', name: 'create_refund', arguments: args }),
    'anthropic tool_use': `{"type":"tool_use","id":"toolu_1","name":"create_refund","input":${args}}`,
    'gemini functionCall': `{"functionCall":{"name":"create_refund","args":${args}}}`,
    'mcp tools/call': `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"create_refund","arguments":${args}}}`,
    'plain': `{"name":"create_refund","arguments":${args}}`,
    'bare arguments': args,
    'python-style': `create_refund(charge="${CHARGE_USD}", amount=15.00)`,
  };
  test.each(Object.entries(written))('%s: rejected with the unit, received as written, 1500 offered', (_, input) => {
    const r = check(stripe, input, { tool: 'create_refund' });
    expect(r.ok).toBe(false);
    expect(r.body).toEqual({ error: 'invalid_type', field: 'amount', message: CENTS_USD, received: '15.00', did_you_mean: [1500], retryable: false });
    roundTrips(stripe, r);
  });

  test('the same call written 1500 or 15 is accepted: only the decimal point says dollars', () => {
    expect(check(stripe, `{"name":"create_refund","arguments":{"charge":"${CHARGE_USD}","amount":1500}}`).ok).toBe(true);
    expect(check(stripe, `{"name":"create_refund","arguments":{"charge":"${CHARGE_USD}","amount":15}}`).ok).toBe(true);
  });

  test('a negative balance -10.0 is -1000 cents; 1e3 and 10.0 elsewhere in the call do not matter', () => {
    const r = check(stripe, `{"name":"update_customer","arguments":{"customer":"${CUSTOMER}","balance":-10.0,"metadata":{"n":"1e3"}}}`);
    expect(r.body).toMatchObject({ error: 'invalid_type', field: 'balance', received: '-10.0', did_you_mean: [-1000] });
    const exponent = check(stripe, `{"name":"update_customer","arguments":{"customer":"${CUSTOMER}","balance":1e3}}`);
    expect(exponent.body).toMatchObject({ field: 'balance', received: '1e3' });
  });

  test('a decimal on a field with no money unit is the number it is', () => {
    // limit is a plain integer: 10.0 is 10, as JSON says.
    expect(check(stripe, '{"name":"list_refunds","arguments":{"limit":10.0}}').ok).toBe(true);
  });

  test('unknown currency: the unit is stated and nothing is guessed', () => {
    const r = check(stripe, `{"name":"create_refund","arguments":{"charge":"ch_3NoSuchCharge00000000000","amount":15.00}}`, { checks: false });
    expect(r.body).toEqual({ error: 'invalid_type', field: 'amount', message: CENTS_UNKNOWN, received: '15.00', retryable: false });
  });

  test('a decimal next to another fault: both in one body', () => {
    const r = check(stripe, `{"name":"create_refund","arguments":{"charge":"${CHARGE_USD}","amount":15.00,"reason":"damaged"}}`);
    expect(r.body).toMatchObject({ errors: [{ field: 'amount', received: '15.00' }, { field: 'reason' }] });
  });

  test('a fault on the object that holds it quotes it as written too, never as 15', () => {
    // No charge or payment_intent: the arguments object itself is at fault, and its received holds amount.
    const r = check(stripe, '{"name":"create_refund","arguments":"{\\"amount\\": 15.00, \\"reason\\": \\"duplicate\\"}"}');
    expect(r.body).toMatchObject({
      errors: [
        { field: '', message: 'must include one of: charge, payment_intent', received: { amount: '15.00', reason: 'duplicate' } },
        { field: 'amount', received: '15.00' },
      ],
    });
    // A whole number written as a whole number is the number it says, wherever it is quoted.
    const whole = check(stripe, { name: 'create_refund', arguments: { amount: 1500 } });
    expect(whole.body).toMatchObject({ error: 'invalid_value', message: 'must include one of: charge, payment_intent', received: { amount: 1500 } });
  });
});
