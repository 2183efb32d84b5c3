// Drift: the curated tools of google-calendar.json and stripe.json each name the vendor operation they
// come from (`operation.id`). Their wire facts (type, enum, bounds, lengths, required) are compared with
// the same operation imported from the vendor's spec, field by field. Every difference fails the test
// unless DECLARED lists it with the reason it was made on purpose; a declared difference that is gone
// fails too, so the table never goes stale.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PackSource, SchemaNode } from '../../src/engine/types';
import { valueSet } from '../../src/engine/shared/value-sets';
import { CORPUS } from '../../src/cli/import-corpus';
import { overlaidPackIds, readOverlay } from '../../src/cli/overlays';
import { PackError } from '../../src/engine/pack/pack-compiler';
import { importSpec, type PackOverlay } from '../../src/importer/index';
import { discoveryExtract, extract, importedPack, importExtract, vendorDoc } from './corpus';

const FACTS = ['type', 'enum', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'minItems', 'maxItems'] as const;

const DOCS_STATE = "the vendor's reference page states it; the machine-readable spec does not";
const ID_NONEMPTY = 'an id the API looks up cannot be empty: refused here instead of as a 404';

/**
 * `pack/tool/field/fact` -> why the curated tool differs from the spec on purpose. `*` in the tool
 * position stands for every tool of the pack (the same field made the same way in each).
 */
const DECLARED: Record<string, string> = {
  'google-calendar/*/calendarId/minLength': ID_NONEMPTY,
  'google-calendar/*/eventId/minLength': ID_NONEMPTY,
  'google-calendar/events_move/destination/minLength': ID_NONEMPTY,
  'google-calendar/events_quickAdd/text/minLength': 'an empty text creates no event: Google answers 400',
  'google-calendar/events_list/maxResults/maximum': DOCS_STATE,
  'google-calendar/events_instances/maxResults/maximum': DOCS_STATE,
  'google-calendar/calendarList_list/maxResults/maximum': DOCS_STATE,
  'google-calendar/freebusy_query/calendarExpansionMax/maximum': DOCS_STATE,
  'google-calendar/freebusy_query/groupExpansionMax/maximum': DOCS_STATE,
  'google-calendar/*/attendees[].email/required': 'an attendee is named by email; the API refuses one without it',
  'google-calendar/*/attendees[].responseStatus/enum': "the values the spec's description lists, as an enum",
  'google-calendar/*/attendees[].additionalGuests/minimum': 'a count of guests cannot be negative',
  'google-calendar/*/reminders.overrides/maxItems': DOCS_STATE,
  'google-calendar/*/reminders.overrides[].method/required': 'an override without a method or minutes is refused by the API',
  'google-calendar/*/reminders.overrides[].minutes/required': 'an override without a method or minutes is refused by the API',
  'google-calendar/*/reminders.overrides[].method/enum': "the values the spec's description lists, as an enum",
  'google-calendar/*/reminders.overrides[].minutes/minimum': DOCS_STATE,
  'google-calendar/*/reminders.overrides[].minutes/maximum': DOCS_STATE,
  'google-calendar/*/colorId/enum': 'the ids of the fixed event palette (colors.get), so a name can be mapped to one',
  'google-calendar/*/visibility/enum': "the values the spec's description lists, as an enum",
  'google-calendar/*/transparency/enum': "the values the spec's description lists, as an enum",
  'google-calendar/*/conferenceData.createRequest/required': 'the curated tools declare conferenceData only to create a conference, which needs a createRequest',
  'google-calendar/*/conferenceData.createRequest.requestId/required': 'a create request without its request id is refused by the API',
  'google-calendar/*/conferenceData.createRequest.requestId/minLength': ID_NONEMPTY,
  'google-calendar/*/conferenceData.createRequest.conferenceSolutionKey.type/enum': "the values the spec's description lists, as an enum",
  'google-calendar/freebusy_query/timeMin/required': 'the API refuses a free/busy query without its interval',
  'google-calendar/freebusy_query/timeMax/required': 'the API refuses a free/busy query without its interval',
  'google-calendar/freebusy_query/items/required': 'a free/busy query about no calendar is refused by the API',
  'google-calendar/freebusy_query/items/minItems': 'a free/busy query about no calendar is refused by the API',
  'google-calendar/freebusy_query/items[].id/required': 'an item is a calendar id; one without it is refused',
  'google-calendar/freebusy_query/items[].id/minLength': ID_NONEMPTY,
  'stripe/*/amount/minimum': 'Stripe refuses a zero or negative amount for a payment or a refund',
  'stripe/*/idempotency_key': 'the Idempotency-Key header, which the spec does not list as a parameter, declared so an agent can retry safely',
  'stripe/*/created/type': 'only the range form (gt, gte, lt, lte) of the spec\'s "range or exact time" union, which the curated pack documents',
  'stripe/*/limit/minimum': DOCS_STATE,
  'stripe/*/limit/maximum': DOCS_STATE,
  'stripe/*/address.country/maxLength': 'the country is an ISO 3166-1 code from the registry, so the 5000-character cap says nothing more',
  'stripe/*/preferred_locales[]/enum': 'locales from the BCP 47 registry, so a language name can be offered a tag',
  'stripe/*/tax_exempt/enum': 'the empty string (unset) is left out: a model asked to set an exemption never means it',
  'stripe/create_payment_intent/payment_method_types/minItems': 'an empty list of payment method types is refused by Stripe',
  'stripe/list_charges/starting_after/maxLength': 'the 5000-character cap Stripe puts on every id, which this spec copy omits here',
  'stripe/list_charges/ending_before/maxLength': 'the 5000-character cap Stripe puts on every id, which this spec copy omits here',
};

/** The declaration that covers a difference's key, if any. */
function declaredFor(key: string): string | undefined {
  if (key in DECLARED) return key;
  const [pack, , ...rest] = key.split('/');
  const wild = [pack, '*', ...rest].join('/');
  return wild in DECLARED ? wild : undefined;
}

function norm(fact: string, s: SchemaNode): unknown {
  let v: unknown = s[fact];
  if (fact === 'enum' && typeof s['x-value-set'] === 'string') v = valueSet(s['x-value-set'])?.values;
  if (fact === 'enum' && Array.isArray(v)) return [...v].filter((x) => x !== null).map(String).sort().join('|');
  if (fact === 'type' && Array.isArray(v)) return [...v].sort().join('|');
  return v;
}

function show(v: unknown): string {
  if (typeof v === 'string' && v.includes('|') && v.length > 80) return `${v.split('|').length} values`;
  return v === undefined ? 'none' : JSON.stringify(v);
}

/** Every difference between a curated schema and the spec's, as "field/fact: curated X, spec Y". */
function diff(curated: SchemaNode, spec: SchemaNode, path: string, out: string[], facts: readonly string[] = FACTS): void {
  for (const fact of facts) {
    const a = norm(fact, curated);
    const b = norm(fact, spec);
    if (JSON.stringify(a) !== JSON.stringify(b)) out.push(`${path}/${fact}: curated ${show(a)}, spec ${show(b)}`);
  }
  const cp: Record<string, SchemaNode> = curated.properties ?? {};
  const sp: Record<string, SchemaNode> = spec.properties ?? {};
  const creq = new Set<string>(curated.required ?? []);
  const sreq = new Set<string>(spec.required ?? []);
  for (const name of Object.keys(cp)) {
    const at = path ? `${path}.${name}` : name;
    if (!(name in sp)) {
      if (Object.keys(sp).length || spec.type === 'object') out.push(`${at}: curated declares it, the spec does not`);
      continue;
    }
    if (creq.has(name) !== sreq.has(name)) out.push(`${at}/required: curated ${creq.has(name)}, spec ${sreq.has(name)}`);
    diff(cp[name], sp[name], at, out, facts);
  }
  for (const name of sreq) if (!(name in cp)) out.push(`${path ? `${path}.` : ''}${name}: the spec requires it, curated leaves it out`);
  if (curated.items && spec.items) diff(curated.items, spec.items, `${path}[]`, out, facts);
}

function curated(id: string): PackSource {
  return JSON.parse(readFileSync(`content/packs/${id}.json`, 'utf8'));
}

async function differences(id: string, imported: PackSource): Promise<string[]> {
  const out: string[] = [];
  for (const t of curated(id).tools) {
    const spec = imported.tools.find((x) => x.operation?.id === t.operation?.id);
    if (!spec) {
      out.push(`${id}/${t.name}: names ${t.operation?.id}, which the spec does not have`);
      continue;
    }
    const found: string[] = [];
    diff(t.arguments, spec.arguments, '', found);
    // A drift key ends at the field and fact: `field/fact: curated X, spec Y` or `field: says what`.
    for (const d of found) out.push(`${id}/${t.name}/${d}`);
  }
  return out;
}

function undeclared(pack: string, found: string[]): { undeclared: string[]; stale: string[] } {
  const keyOf = (d: string) => d.replace(/: .*$/, '');
  const used = new Set(found.map((d) => declaredFor(keyOf(d))).filter(Boolean));
  return { undeclared: found.filter((d) => !declaredFor(keyOf(d))), stale: Object.keys(DECLARED).filter((k) => k.startsWith(`${pack}/`) && !used.has(k)) };
}

describe('curated tools against the vendor specs', () => {
  it('every curated tool names the vendor operation it comes from', () => {
    for (const id of ['google-calendar', 'stripe']) for (const t of curated(id).tools) expect(t.operation?.id, `${id}/${t.name}`).toBeTruthy();
  });

  it('lists each difference of type, enum, bounds and required', () => {
    const out: string[] = [];
    diff(
      { type: 'object', required: ['a'], properties: { a: { type: 'integer', maximum: 10 }, b: { type: 'string', enum: ['x', 'y'] }, c: { type: 'string' } } },
      { type: 'object', required: ['d'], properties: { a: { type: 'integer', maximum: 20 }, b: { type: 'string', enum: ['x'] }, d: { type: 'string' } } },
      '',
      out,
    );
    expect(out).toEqual(['a/required: curated true, spec false', 'a/maximum: curated 10, spec 20', 'b/enum: curated "x|y", spec "x"', 'c: curated declares it, the spec does not', 'd: the spec requires it, curated leaves it out']);
    expect(undeclared('stripe', ['stripe/create_refund/amount/minimum: curated 1, spec none', 'stripe/create_refund/reason/enum: curated "a", spec "b"']).undeclared).toEqual(['stripe/create_refund/reason/enum: curated "a", spec "b"']);
  });

  it('google-calendar: no undeclared drift from the Discovery document', async () => {
    const ops = curated('google-calendar').tools.map((t) => t.operation!.id);
    const { pack } = await importExtract(discoveryExtract('google/calendar__v3.json', ops), 'drift', false);
    const r = undeclared('google-calendar', await differences('google-calendar', pack));
    expect(r.undeclared).toEqual([]);
    expect(r.stale).toEqual([]);
  });

  it('stripe: no undeclared drift from the OpenAPI document', async () => {
    const ops = curated('stripe').tools.map((t) => t.operation!.id);
    const { pack } = await importExtract(extract('stripe/spec3.2023-09-12.json', ops), 'drift', false);
    const r = undeclared('stripe', await differences('stripe', pack));
    expect(r.undeclared).toEqual([]);
    expect(r.stale).toEqual([]);
  });
});

// Overlays (content/packs/overlays/): each is applied to the operations it names, freshly extracted from the
// vendor's spec, so a tool or field the vendor removed fails here with the overlay's file and path. The wire
// facts of the overlaid tools are compared with the same import without the overlay: every difference must be
// one the overlay declares under `wire`, with its `because`, and every declared one must still make a difference.
const OVERLAY_IDS = overlaidPackIds();

/** The vendor document of the overlay's tools and of the calls its x-resolve-with names, and nothing else. */
function overlayExtract(id: string, overlay: PackOverlay): unknown {
  const entry = CORPUS.find((e) => e.id === id);
  if (!entry) throw new Error(`content/packs/overlays/${id}.json: no corpus document is imported as ${id}`);
  const committed = importedPack(id);
  const names = new Set(Object.keys(overlay.tools));
  for (const t of Object.values(overlay.tools)) for (const f of Object.values(t.fields ?? {})) if (typeof f['x-resolve-with'] === 'string') names.add(f['x-resolve-with'].slice(0, f['x-resolve-with'].indexOf('(')));
  const ops = [...names].map((n) => committed.tools.find((t) => t.name === n)?.operation?.id ?? `(no committed tool ${n})`);
  return vendorDoc(entry.file).discoveryVersion ? discoveryExtract(entry.file, ops) : extract(entry.file, ops);
}

/** Wire differences between the overlaid and the plain import that the overlay does not declare, and declarations that make none. */
function overlayDrift(id: string, overlay: PackOverlay, withOverlay: PackSource, plain: PackSource): string[] {
  const found: string[] = [];
  for (const [name, t] of Object.entries(overlay.tools)) {
    const a = withOverlay.tools.find((x) => x.name === name)!;
    const b = plain.tools.find((x) => x.name === name)!;
    const out: string[] = [];
    diff(a.arguments, b.arguments, '', out, [...FACTS, 'pattern', 'format']);
    const declared = new Set(Object.entries(t.fields ?? {}).flatMap(([path, f]) => Object.keys(f.wire ?? {}).map((fact) => `${path}/${fact}`)));
    for (const d of out) if (!declared.has(d.replace(/: .*$/, ''))) found.push(`${id}/${name}/${d}`);
    for (const k of declared) if (!out.some((d) => d.replace(/: .*$/, '') === k)) found.push(`${id}/${name}/${k}: declared under wire, but the spec already says the same`);
  }
  return found;
}

describe('overlays against the vendor specs', () => {
  it('there are overlays, each for a pack of the corpus', () => {
    expect(OVERLAY_IDS.length).toBeGreaterThan(0);
    for (const id of OVERLAY_IDS) expect(CORPUS.some((e) => e.id === id), id).toBe(true);
  });

  for (const id of OVERLAY_IDS) {
    it(`${id}: every overlaid tool and field is in the spec, and only declared wire facts differ`, async () => {
      const file = readOverlay(id)!;
      const overlay = file.data as PackOverlay;
      const doc = overlayExtract(id, overlay);
      const { pack: withOverlay } = await importSpec(doc, { id, overlay: file });
      const { pack: plain } = await importSpec(doc, { id, examples: false });
      for (const name of Object.keys(overlay.tools)) expect(withOverlay.tools.find((x) => x.name === name)?.curated, `${id}/${name}`).toBe(true);
      expect(overlayDrift(id, overlay, withOverlay, plain)).toEqual([]);
    });

    it(`${id}: the committed pack carries the overlay, and marks exactly its tools curated`, () => {
      const overlay = readOverlay(id)!.data as PackOverlay;
      const committed = importedPack(id);
      const curatedNames = committed.tools.filter((t) => t.curated).map((t) => t.name).sort();
      expect(curatedNames).toEqual(Object.keys(overlay.tools).sort());
      for (const [name, t] of Object.entries(overlay.tools)) {
        const tool = committed.tools.find((x) => x.name === name)!;
        if (t.summary) expect(tool.summary).toBe(t.summary);
        for (const ex of t.examples?.valid ?? []) expect(tool.examples?.valid).toContainEqual(ex);
      }
    });
  }

  it('an overlay naming a tool, a field or a keyword the import does not have fails with its file and path', async () => {
    const doc = extract('notion/notion-openapi.json', ['GET /v1/pages/{page_id}']);
    const bad = {
      file: 'content/packs/overlays/notion-v1.json',
      data: { pack: 'notion-v1', tools: { 'retrieve-a-page': { fields: { page_idd: { 'x-gloss': 'x' }, page_id: { 'x-glos': 'x' } } }, 'gone-tool': { summary: 'x' } } },
    };
    const err = await importSpec(doc, { id: 'notion-v1', overlay: bad }).catch((e) => e);
    expect(err).toBeInstanceOf(PackError);
    expect(err.origin).toBe('content/packs/overlays/notion-v1.json');
    expect(err.problems.map((p: { path: string }) => p.path)).toEqual(['/tools/retrieve-a-page/fields/page_id/x-glos']);
    const err2 = await importSpec(doc, { id: 'notion-v1', overlay: { ...bad, data: { pack: 'notion-v1', tools: { 'retrieve-a-page': { fields: { page_idd: { 'x-gloss': 'x' } } }, 'gone-tool': { summary: 'x' } } } } }).catch((e) => e);
    expect(err2.problems.map((p: { path: string; message: string }) => `${p.path}: ${p.message}`)).toEqual([
      expect.stringMatching(/^\/tools\/retrieve-a-page\/fields\/page_idd: the import has no field "page_idd"/),
      '/tools/gone-tool: the import of notion-v1 has no tool gone-tool',
    ]);
  });

  it('a wire change without a reason, and an example that the engine answers otherwise, fail with their path', async () => {
    const doc = extract('notion/notion-openapi.json', ['GET /v1/pages/{page_id}']);
    const overlay = (tools: unknown) => ({ file: 'o.json', data: { pack: 'notion-v1', tools } });
    const noReason = await importSpec(doc, { id: 'notion-v1', overlay: overlay({ 'retrieve-a-page': { fields: { page_id: { wire: { minLength: 1 } } } } }) }).catch((e) => e);
    expect(noReason.problems.map((p: { path: string }) => p.path)).toEqual(['/tools/retrieve-a-page/fields/page_id/because']);
    const wrong = await importSpec(doc, { id: 'notion-v1', overlay: overlay({ 'retrieve-a-page': { examples: { invalid: [{ about: 'x', arguments: {}, expect: 'invalid_type' }] } } }) }).catch((e) => e);
    expect(wrong.problems.map((p: { path: string; message: string }) => `${p.path}: ${p.message.replace(/:.*/, '')}`)).toEqual(['/tools/retrieve-a-page/examples/invalid/0: expects invalid_type but the engine gives missing_required']);
  });

  it('an example read otherwise as the JSON text the site runs fails too: a number JSON cannot hold exactly', async () => {
    const doc = extract('notion/notion-openapi.json', ['GET /v1/pages/{page_id}']);
    const example = { about: 'x', arguments: { page_id: 1101234567890123456 } /* eslint-disable-line no-loss-of-precision -- a number JSON cannot hold exactly is this test's case */, expect: 'invalid_type' };
    const err = await importSpec(doc, { id: 'notion-v1', overlay: { file: 'o.json', data: { pack: 'notion-v1', tools: { 'retrieve-a-page': { examples: { invalid: [example] } } } } } }).catch((e) => e);
    expect(err.problems.map((p: { path: string; message: string }) => `${p.path}: ${p.message}`)).toEqual(['/tools/retrieve-a-page/examples/invalid/0: expects invalid_type but the engine gives out_of_range to the call as JSON text']);
    // A number JSON holds exactly gets the same code both ways.
    const exact = { ...example, arguments: { page_id: 1101234567890123 } };
    await expect(importSpec(doc, { id: 'notion-v1', overlay: { file: 'o.json', data: { pack: 'notion-v1', tools: { 'retrieve-a-page': { examples: { invalid: [exact] } } } } } })).resolves.toBeDefined();
  });
});

describe('overlay drift, on a made-up change', () => {
  it('a wire difference the overlay does not declare is found, and so is a declaration that changes nothing', async () => {
    const doc = extract('notion/notion-openapi.json', ['GET /v1/pages/{page_id}']);
    const declares = { pack: 'notion-v1', tools: { 'retrieve-a-page': { fields: { page_id: { wire: { minLength: 1 }, because: 'an empty id addresses no page' } } } } };
    const { pack: withOverlay } = await importSpec(doc, { id: 'notion-v1', overlay: { file: 'o.json', data: declares } });
    const { pack: plain } = await importSpec(doc, { id: 'notion-v1', examples: false });
    expect(overlayDrift('notion-v1', declares, withOverlay, plain)).toEqual([]);
    // The same packs against an overlay that does not say so: the difference is undeclared.
    expect(overlayDrift('notion-v1', { pack: 'notion-v1', tools: { 'retrieve-a-page': {} } }, withOverlay, plain)).toEqual(['notion-v1/retrieve-a-page/page_id/minLength: curated 1, spec none']);
    // A declaration of what the spec already says is stale.
    const same = { pack: 'notion-v1', tools: { 'retrieve-a-page': { fields: { page_id: { wire: { type: 'string' }, because: 'x' } } } } };
    expect(overlayDrift('notion-v1', same, plain, plain)).toEqual(['notion-v1/retrieve-a-page/page_id/type: declared under wire, but the spec already says the same']);
  });
});
