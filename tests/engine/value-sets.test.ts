// The value-set registries (src/engine/registries/): what each one permits and where it comes from, the
// candidates it offers for what models really send, the bodies those give in the shipped packs, case folding
// on a field that asks for it, and loading a registry only when a pack names it.
import { readFileSync } from 'node:fs';
import { describe, expect, test, vi } from 'vitest';
import { generateRegistryData } from '../../src/cli/registry-data';
import { check, compilePack, PackError, valueSet, valueSetNamesIn, VALUE_SET_NAMES, type ValueSet } from '../../src/engine';
import { getPack, PACK_FILES } from '../../src/packs';

const set = (name: string): ValueSet => valueSet(name)!;
const countries = set('iso-3166-1-alpha-2');
const currencies = set('iso-4217');
const lower = set('iso-4217-lowercase');
const zones = set('iana-time-zone');
const locales = set('bcp-47-locale');

const helpdesk = getPack('helpdesk')!;
const stripe = getPack('stripe')!;
const calendar = getPack('google-calendar')!;

describe('the registries', () => {
  test('one per kind, each with its size, source, code, rule and example', () => {
    expect(VALUE_SET_NAMES).toEqual(['iso-3166-1-alpha-2', 'iso-4217', 'iso-4217-lowercase', 'iana-time-zone', 'bcp-47-locale']);
    const facts = VALUE_SET_NAMES.map((n) => {
      const s = set(n);
      return [s.name, s.values.length, s.source, s.code, s.rule, s.example, s.values.includes(s.example)];
    });
    expect(facts).toEqual([
      ['iso-3166-1-alpha-2', 249, 'i18n-iso-countries 7.14.0, world-countries 5.1.0, iso-3166 4.4.0, cldr-core 48.2.0', 'unknown_country_code', 'a two-letter ISO 3166-1 alpha-2 code', 'GB', true],
      ['iso-4217', 161, 'currency-codes 2.2.0, currency-symbol-map 5.1.0', 'unknown_currency_code', 'a three-letter ISO 4217 currency code', 'USD', true],
      ['iso-4217-lowercase', 161, 'currency-codes 2.2.0, currency-symbol-map 5.1.0', 'unknown_currency_code', 'a three-letter lowercase ISO 4217 currency code', 'usd', true],
      ['iana-time-zone', 528, 'tzdata 1.0.51, @vvo/tzdb 6.202.0, cldr-core 48.2.0, tzdb 2026d', 'unknown_time_zone', 'an IANA time zone name', 'Europe/Zurich', true],
      ['bcp-47-locale', 1178, 'cldr-core 48.2.0, cldr-localenames-full 48.2.0', 'unknown_locale', 'a BCP 47 language tag', 'en-US', true],
    ]);
  });

  test('countries: ISO 3166-1 without the user-assigned XK', () => {
    expect(countries.values.slice(0, 3)).toEqual(['AD', 'AE', 'AF']);
    expect(countries.values.includes('XK')).toBe(false);
  });

  test('currencies: money only, no funds, metals, bond units or testing code; the lower-case set is the same set', () => {
    for (const code of ['USD', 'EUR', 'JPY', 'GBP', 'CHF', 'XCD', 'XOF']) expect(currencies.values, code).toContain(code);
    for (const code of ['USN', 'CHE', 'CLF', 'XAU', 'XAG', 'XBA', 'XTS', 'XXX']) expect(currencies.values, code).not.toContain(code);
    expect(lower.values).toEqual(currencies.values.map((c) => c.toLowerCase()));
  });

  test('time zones: Area/Location names, zones and links, and UTC; not one-word legacy names or Etc/GMT±N', () => {
    for (const z of ['Europe/Zurich', 'America/New_York', 'Asia/Kolkata', 'Asia/Calcutta', 'US/Pacific', 'UTC', 'Etc/UTC', 'Etc/GMT']) expect(zones.values, z).toContain(z);
    for (const z of ['CET', 'EST', 'EST5EDT', 'PST8PDT', 'Japan', 'GB', 'GMT', 'Zulu', 'Etc/GMT+5', 'Etc/GMT-1']) expect(zones.values, z).not.toContain(z);
  });

  test('locales: CLDR locales, default content (en-US) and language-region where the script is implied', () => {
    for (const t of ['en', 'en-US', 'en-GB', 'es-419', 'pt-BR', 'zh-Hant-TW', 'zh-TW', 'sr-RS', 'de-CH']) expect(locales.values, t).toContain(t);
    for (const t of ['root', 'en_US', 'sr-Latn-RS-x']) expect(locales.values, t).not.toContain(t);
  });

  test('the alias table holds only names that mean one value, never a value of the set in another case', () => {
    expect(countries.aliases['united kingdom']).toBe('GB');
    expect(countries.aliases['deutschland']).toBe('DE');
    expect(countries.aliases['congo']).toBeUndefined();
    expect(countries.aliases['gb']).toBeUndefined();
    expect(lower.aliases['us dollar']).toBe('usd');
    expect(lower.aliases['€']).toBe('eur');
    expect(lower.aliases['$']).toBeUndefined();
    expect(zones.aliases['pacific time']).toBe('America/Los_Angeles');
    expect(locales.aliases['english']).toBe('en');
  });

  test('the committed data files are what the generator writes from the packages now', async () => {
    const generated = await generateRegistryData();
    expect([...generated.keys()]).toEqual(['countries', 'countries.values', 'currencies', 'currencies.values', 'time-zones', 'time-zones.values', 'locales', 'locales.values', 'currency-digits'].map((n) => `src/engine/registries/data/${n}.json`));
    for (const [path, text] of generated) expect(readFileSync(path, 'utf8') === text, `${path} is stale: run npm run registries`).toBe(true);
  });
});

describe('candidates: at most three, all permitted, none when no guess is trustworthy', () => {
  const cases: [ValueSet, string, string[]][] = [
    // Countries: endonyms, constituent countries, other names, misspellings, shared names.
    [countries, 'Deutschland', ['DE']],
    [countries, 'England', ['GB']],
    [countries, 'Scotland', ['GB']],
    [countries, 'Wales', ['GB']],
    [countries, 'Northern Ireland', ['GB']],
    [countries, 'Holland', ['NL']],
    [countries, 'Untied Kingdom', ['GB']],
    [countries, 'UK', ['GB']],
    [countries, 'gb', ['GB']],
    [countries, 'DEU', ['DE']],
    [countries, 'Côte d’Ivoire', ['CI']],
    [countries, 'Britain', ['GB']],
    [countries, 'Congo', ['CD', 'CG']],
    [countries, 'Korea', ['KP', 'KR']],
    [countries, 'Virgin Islands', ['VG', 'VI']],
    [countries, 'United', []],
    [countries, 'ZZ', []],
    // Currencies, upper and lower case.
    [lower, 'USD', ['usd']],
    [lower, 'US Dollar', ['usd']],
    [lower, 'US dollars', ['usd']],
    [lower, 'dollar', ['usd', 'aud', 'xcd']],
    [lower, 'euro', ['eur']],
    [lower, '€', ['eur']],
    [lower, '£', ['gbp', 'egp', 'fkp']],
    [lower, '$', ['usd', 'aud', 'xcd']],
    [lower, 'usdd', ['usd']],
    [lower, 'xyz', []],
    [currencies, 'usd', ['USD']],
    [currencies, 'yen', ['JPY']],
    // Time zones.
    [zones, 'europe/zurich', ['Europe/Zurich']],
    [zones, 'America/New_Yrok', ['America/New_York']],
    [zones, 'PST', ['America/Los_Angeles', 'Asia/Manila', 'Pacific/Pitcairn']],
    [zones, 'Pacific Time', ['America/Los_Angeles']],
    [zones, 'Pacific Standard Time', ['America/Los_Angeles']],
    [zones, 'CET', ['Europe/Paris']],
    [zones, 'Eastern', ['America/New_York', 'America/Toronto']],
    [zones, 'EST', ['America/New_York', 'America/Winnipeg']],
    [zones, 'Japan', ['Asia/Tokyo']],
    [zones, 'GMT', ['Etc/GMT']],
    [zones, 'Geneva', ['Europe/Zurich']],
    [zones, 'utc', ['UTC']],
    [zones, '+01:00', []],
    [zones, 'UTC+1', []],
    // Locales.
    [locales, 'en_US', ['en-US']],
    [locales, 'EN-us', ['en-US']],
    [locales, 'english', ['en']],
    [locales, 'British English', ['en-GB']],
    [locales, 'Deutsch', ['de']],
    [locales, 'zh_tw', ['zh-TW']],
    [locales, 'xx', []],
  ];
  test.each(cases)('%# %s: %s', (s, received, want) => {
    const got = s.suggest(received);
    expect(got).toEqual(want);
    for (const c of got) expect(s.values).toContain(c);
  });

  test('a UTC offset is refused with its own rule; a zone name or abbreviation is not', () => {
    for (const offset of ['+01:00', '-05:00', '+0100', 'UTC+1', 'GMT-05:00', 'Etc/GMT-1']) expect(zones.refusal!(offset), offset).toBe('an IANA time zone name, not a UTC offset');
    for (const name of ['CET', 'Europe/Zurich', 'Etc/GMT+0']) expect(zones.refusal!(name), name).toBeUndefined();
  });
});

describe('bodies through check()', () => {
  test('a country: a constituent country (helpdesk) and an endonym (Stripe), with the same code and wording', () => {
    expect(check(helpdesk, { name: 'create_customer', arguments: { name: 'Ada Lovelace', email: 'ada@example.com', country_code: 'England' } }).body).toEqual({
      error: 'unknown_country_code',
      field: 'country_code',
      message: 'must be a two-letter ISO 3166-1 alpha-2 code',
      received: 'England',
      did_you_mean: ['GB'],
      retryable: false,
    });
    const r = check(stripe, { name: 'create_customer', arguments: { name: 'Ada', address: { country: 'Deutschland' } } });
    expect(r.body).toEqual({ error: 'unknown_country_code', field: 'address.country', message: 'must be a two-letter ISO 3166-1 alpha-2 code', received: 'Deutschland', did_you_mean: ['DE'], retryable: false });
    expect(r.suggested_call).toEqual({ name: 'create_customer', arguments: { name: 'Ada', address: { country: 'DE' } } });
  });

  test('a shared country name offers both and suggests no call', () => {
    const r = check(stripe, { name: 'update_customer', arguments: { customer: 'cus_NffrFeUfNV2Hib', address: { country: 'Congo' } } });
    expect(r.body).toEqual({ error: 'unknown_country_code', field: 'address.country', message: 'must be a two-letter ISO 3166-1 alpha-2 code', received: 'Congo', did_you_mean: ['CD', 'CG'], retryable: false });
    expect(r.suggested_call).toBeNull();
  });

  test('a currency: USD is absorbed as usd and reported; a name is offered; a symbol shared by many gives three', () => {
    const folded = check(stripe, { name: 'create_payment_intent', arguments: { amount: 2000, currency: 'USD' } });
    expect(folded.ok).toBe(true);
    expect(folded.arguments).toEqual({ amount: 2000, currency: 'usd' });
    expect(folded.corrections).toEqual([{ field: 'currency', rule: 'case_folded', from: 'USD', to: 'usd' }]);
    expect(check(stripe, { name: 'create_payment_intent', arguments: { amount: 2000, currency: 'US Dollar' } }).body).toEqual({
      error: 'unknown_currency_code',
      field: 'currency',
      message: 'must be a three-letter lowercase ISO 4217 currency code',
      received: 'US Dollar',
      did_you_mean: ['usd'],
      retryable: false,
    });
    expect(check(stripe, { name: 'create_payment_intent', arguments: { amount: 2000, currency: '$' } }).body).toMatchObject({ error: 'unknown_currency_code', did_you_mean: ['usd', 'aud', 'xcd'] });
    expect(check(stripe, { name: 'create_payment_intent', arguments: { amount: 2000, currency: 'xyz' } }).body).toEqual({
      error: 'unknown_currency_code',
      field: 'currency',
      message: 'must be a three-letter lowercase ISO 4217 currency code, e.g. usd',
      received: 'xyz',
      retryable: false,
    });
  });

  test('values elsewhere are still never absorbed: OPEN stays a fault on update_ticket', () => {
    const r = check(helpdesk, 'update_ticket(ticket_id="T-8841", status="OPEN")');
    expect(r.corrections).toEqual([]);
    expect(r.body).toEqual({ error: 'invalid_status', field: 'status', message: 'must be one of: open, pending, closed', received: 'OPEN', retryable: false });
  });

  test('a time zone: offered, never absorbed; an offset gets the rule and an example', () => {
    const r = check(calendar, { name: 'events_list', arguments: { calendarId: 'primary', timeZone: 'europe/zurich' } });
    expect(r.corrections).toEqual([]);
    expect(r.body).toEqual({ error: 'unknown_time_zone', field: 'timeZone', message: 'must be an IANA time zone name', received: 'europe/zurich', did_you_mean: ['Europe/Zurich'], retryable: false });
    expect(check(calendar, { name: 'events_list', arguments: { calendarId: 'primary', timeZone: '+01:00' } }).body).toEqual({
      error: 'unknown_time_zone',
      field: 'timeZone',
      message: 'must be an IANA time zone name, not a UTC offset, e.g. Europe/Zurich',
      received: '+01:00',
      retryable: false,
    });
  });

  test('every timeZone field of the calendar pack uses the registry', () => {
    const fields = calendar.tools.flatMap((t) => [...t.fields.values()].filter((f) => f.name === 'timeZone').map((f) => [t.name, f.path, f.valueSet, f.enumCode]));
    expect(fields.length).toBe(8);
    for (const [tool, path, name, code] of fields) expect([tool, path, name, code]).toEqual([tool, path, 'iana-time-zone', 'unknown_time_zone']);
  });

  test('a locale: en_US in preferred_locales is offered en-US', () => {
    const r = check(stripe, { name: 'create_customer', arguments: { name: 'Ada', preferred_locales: ['en_US'] } });
    expect(r.body).toEqual({ error: 'unknown_locale', field: 'preferred_locales[0]', message: 'must be a BCP 47 language tag', received: 'en_US', did_you_mean: ['en-US'], retryable: false });
    expect(r.suggested_call).toEqual({ name: 'create_customer', arguments: { name: 'Ada', preferred_locales: ['en-US'] } });
  });
});

describe('pack keywords', () => {
  const tool = (argumentsSchema: object) => ({
    id: 'demo',
    title: 'Demo',
    vendor: 'Demo',
    reference: '/demo',
    summary: 'A pack for one test.',
    tools: [{ name: 'pay', summary: 'Pays.', arguments: { type: 'object', properties: argumentsSchema } }],
  });

  test('x-comma-list needs a field that takes a string', () => {
    expect(() => compilePack(tool({ labels: { type: 'string', 'x-comma-list': true } }), 'demo.json')).not.toThrow();
    try {
      compilePack(tool({ count: { type: 'integer', 'x-comma-list': true } }), 'demo.json');
      expect.unreachable('an integer field with x-comma-list compiled');
    } catch (err) {
      expect((err as PackError).problems).toEqual([{ path: '/tools/0/arguments/properties/count/x-comma-list', message: 'x-comma-list says a string holds a list, and this field takes no string' }]);
    }
  });

  test('x-fold-case needs an enum to fold into', () => {
    expect(() => compilePack(tool({ note: { type: 'string', 'x-fold-case': true } }), 'demo.json')).toThrow(PackError);
    try {
      compilePack(tool({ note: { type: 'string', 'x-fold-case': true } }), 'demo.json');
    } catch (err) {
      expect((err as PackError).problems).toEqual([{ path: '/tools/0/arguments/properties/note/x-fold-case', message: 'x-fold-case folds a value into the case of an enum value, and this field has no enum' }]);
    }
  });

  test('x-fold-case on a listed enum folds, and two values that differ only in case fold into neither', () => {
    const pack = compilePack(tool({ size: { type: 'string', enum: ['S', 'Ab', 'aB'], 'x-fold-case': true }, unit: { type: 'string', enum: ['kg', 'lb'], 'x-fold-case': true } }), 'demo.json');
    const r = check(pack, { name: 'pay', arguments: { size: 's', unit: 'KG' } });
    expect(r.ok).toBe(true);
    expect(r.arguments).toEqual({ size: 'S', unit: 'kg' });
    expect(r.corrections).toEqual([
      { field: 'size', rule: 'case_folded', from: 's', to: 'S' },
      { field: 'unit', rule: 'case_folded', from: 'KG', to: 'kg' },
    ]);
    const ambiguous = check(pack, { name: 'pay', arguments: { size: 'AB' } });
    expect(ambiguous.corrections).toEqual([]);
    expect(ambiguous.ok).toBe(false);
  });

  test('the value sets each shipped pack names', () => {
    expect(Object.entries(PACK_FILES).map(([file, data]) => [file, valueSetNamesIn(data)])).toEqual([
      ['content/packs/helpdesk.json', ['iso-3166-1-alpha-2']],
      ['content/packs/stripe.json', ['bcp-47-locale', 'iso-3166-1-alpha-2', 'iso-4217-lowercase']],
      ['content/packs/google-calendar.json', ['iana-time-zone']],
    ]);
  });
});

describe('loading a registry only when a pack names it', () => {
  test('a pack that names a registry not loaded fails with its file, path and what; loadValueSets then lets it compile', async () => {
    vi.resetModules();
    // A fresh module graph: the engine without ./registries/all.ts, as the playground has it.
    const { compilePack: freshCompile } = await import('../../src/engine/pack/ajv-backend');
    const { PackError: FreshPackError } = await import('../../src/engine/pack/pack-compiler');
    const { loadValueSets } = await import('../../src/engine/registries');
    const { loadedValueSets } = await import('../../src/engine/shared/value-sets');
    const source = PACK_FILES['content/packs/google-calendar.json'];
    expect(loadedValueSets()).toEqual([]);
    let error: unknown;
    try {
      freshCompile(source, 'content/packs/google-calendar.json');
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(FreshPackError);
    const e = error as PackError;
    expect(e.origin).toBe('content/packs/google-calendar.json');
    expect(e.problems.length).toBe(8);
    expect(e.problems[0]).toEqual({
      path: '/tools/0/arguments/properties/timeZone/x-value-set',
      message: 'names the value set "iana-time-zone", which is not loaded: load it before compiling the pack (loadValueSets() in src/engine/registries/index.ts, or import src/engine/registries/all.ts)',
    });
    await loadValueSets(valueSetNamesIn(source));
    expect(loadedValueSets()).toEqual(['iana-time-zone']);
    expect(freshCompile(source, 'content/packs/google-calendar.json').tools.length).toBe(calendar.tools.length);
  });

  test('the playground’s loader compiles a shipped pack after loading only the registries it names', async () => {
    vi.resetModules();
    const { loadPackById } = await import('../../src/components/playground/loading/page-sandbox');
    const { loadedValueSets } = await import('../../src/engine/shared/value-sets');
    const { namesNeeded, loadNames } = await import('../../src/components/playground/loading/checker');
    const pack = await loadPackById('helpdesk');
    expect(loadedValueSets()).toEqual(['iso-3166-1-alpha-2']);
    const fresh = await import('../../src/engine/check');
    const call = { name: 'create_customer', arguments: { name: 'Ada Lovelace', email: 'ada@example.com', country_code: 'Scotland' } };
    // The members came with the pack; the names (what did_you_mean reads) come only for a tool that needs them.
    expect(namesNeeded(pack, { name: 'update_ticket', arguments: {} })).toEqual([]);
    expect(namesNeeded(pack, call)).toEqual(['iso-3166-1-alpha-2']);
    expect(namesNeeded(pack, { ...call, name: 'createCustomer' })).toEqual(['iso-3166-1-alpha-2']);
    // Checked before they load, a suggestion cannot be made: the engine says so rather than give another body.
    expect(fresh.check(pack, call).body).toMatchObject({ error: 'internal_error' });
    await loadNames(namesNeeded(pack, call));
    expect(namesNeeded(pack, call)).toEqual([]);
    expect(fresh.check(pack, call).body).toMatchObject({ error: 'unknown_country_code', did_you_mean: ['GB'] });
    // A valid call never reads the names.
    expect(fresh.check(pack, { ...call, arguments: { ...call.arguments, country_code: 'GB' } }).ok).toBe(true);
  });
});
