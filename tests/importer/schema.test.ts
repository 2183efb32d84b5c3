import { describe, expect, it } from 'vitest';
import { check } from '../../src/engine/check';
import { loadPack } from '../../src/engine/pack/pack-loader';
import { importSpec } from '../../src/importer/index';
import { discoveryExtract, extract, importExtract, tool, vendorDoc } from './corpus';

describe('importing real operations', () => {
  it('keeps every form-encoded Stripe parameter, and deepObject fields stay nested', async () => {
    const { pack, report } = await importExtract(extract('stripe/spec3.2023-09-12.json', ['POST /v1/customers', 'POST /v1/payment_intents']));
    const customers = tool(pack, 'PostCustomers');
    const form = vendorDoc('stripe/spec3.2023-09-12.json').paths['/v1/customers'].post.requestBody.content['application/x-www-form-urlencoded'].schema;
    expect(Object.keys(customers.arguments.properties).sort()).toEqual(Object.keys(form.properties).sort());
    const address = customers.arguments.properties.address;
    expect(address['x-in']).toBe('body');
    expect(address.type).toBe('object');
    expect(Object.keys(address.properties)).toEqual(['city', 'country', 'line1', 'line2', 'postal_code', 'state']);
    expect(address.properties.country).toEqual({ description: 'A two-letter ISO 3166-1 country code.', type: 'string', maxLength: 5000, 'x-value-set': 'iso-3166-1-alpha-2', 'x-example': 'US' });
    // "or empty string" unions become their other branch.
    expect(customers.arguments.properties.metadata).toEqual({ description: 'A map whose values are each a string.', type: 'object', additionalProperties: { type: 'string' }, 'x-in': 'body' });
    expect(report.emptyStringUnions).toBeGreaterThan(10);
    // A nested deepObject list of objects keeps its item fields.
    expect(Object.keys(customers.arguments.properties.tax_id_data.items.properties)).toEqual(['type', 'value']);
    expect(customers.arguments.properties.tax_id_data.items.properties.type['x-rule']).toBe('one of 66 permitted values, such as ad_nrt, ae_trn or ar_cuit');
    const pi = tool(pack, 'PostPaymentIntents');
    expect(pi.arguments.properties.amount).toEqual({ description: 'An integer amount in the smallest unit of the currency.', type: 'integer', 'x-unit': { kind: 'currency-minor', currency: '$args.currency' }, 'x-in': 'body' });
    expect(pi.arguments.properties.currency).toMatchObject({ type: 'string', 'x-value-set': 'iso-4217-lowercase', 'x-fold-case': true, 'x-example': 'usd' });
    expect(pi.arguments.required).toEqual(['amount', 'currency']);
    const loaded = loadPack('test-import.json', pack);
    const r = check(loaded, { name: 'PostPaymentIntents', arguments: { amount: '15.50', currency: 'usd' } });
    expect(r.body).toMatchObject({ error: 'invalid_type', field: 'amount', did_you_mean: [1550] });
  });

  it('keeps every Swagger 2 formData parameter of Slack and every form field of Twilio', async () => {
    const slack = await importExtract(extract('slack/slack_web_openapi_v2.json', ['POST /api/chat.postMessage']));
    const post = tool(slack.pack, 'chat_postMessage');
    const formNames = vendorDoc('slack/slack_web_openapi_v2.json').paths['/chat.postMessage'].post.parameters.filter((p: any) => p.in === 'formData').map((p: any) => p.name);
    expect(Object.keys(post.arguments.properties).sort()).toEqual([...formNames].sort());
    expect(post.arguments.required).toEqual(['channel']);
    expect(slack.report.headersDropped).toEqual({ token: 1 });
    expect(post.operation).toEqual({ id: 'POST /api/chat.postMessage', reference: 'https://api.slack.com/methods/chat.postMessage' });
    const twilio = await importExtract(extract('twilio/twilio_api_v2010.json', ['POST /2010-04-01/Accounts/{AccountSid}/Messages.json']));
    const create = tool(twilio.pack, 'CreateMessage');
    const form = vendorDoc('twilio/twilio_api_v2010.json').paths['/2010-04-01/Accounts/{AccountSid}/Messages.json'].post.requestBody.content['application/x-www-form-urlencoded'].schema;
    expect(Object.keys(create.arguments.properties).sort()).toEqual(['AccountSid', ...Object.keys(form.properties)].sort());
    expect(create.arguments.properties.AccountSid).toEqual({
      // The extract has no tool that lists accounts, so the description names none.
      description: 'The SID of the account ("AC" followed by 32 hexadecimal digits).',
      type: 'string',
      minLength: 34,
      maxLength: 34,
      pattern: '^AC[0-9a-fA-F]{32}$',
      'x-rule': '"AC" followed by 32 hexadecimal digits',
      'x-example': 'ACabcdef0123456789abcdef0123456789',
      'x-in': 'path',
    });
  });

  it('cuts a schema that contains itself, once expanded, with x-cut', async () => {
    const { pack, report } = await importExtract(discoveryExtract('google/gmail__v1.json', ['gmail.users.drafts.create']));
    const payload = tool(pack, 'users_drafts_create').arguments.properties.message.properties.payload;
    expect(payload.properties.parts.items).toEqual({ type: 'object', 'x-cut': 'recursion' });
    expect(report.cuts).toContainEqual({ tool: 'users_drafts_create', field: 'message.payload.parts[]', reason: 'recursion', schema: 'MessagePart' });
    const doc = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: { '/nodes': { post: { operationId: 'createNode', requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } } } } } },
      components: { schemas: { Node: { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } } } } },
    };
    const small = await importSpec(doc, { id: 'nodes' });
    expect(small.pack.tools[0].arguments.properties.children).toEqual({ description: 'An array of children, each an object shaped like the one that contains it (not expanded further here).', type: 'array', items: { type: 'object', 'x-cut': 'recursion' }, 'x-in': 'body' });
    loadPack('nodes.json', small.pack);
  });

  it('turns a top-level oneOf into optional fields plus a rule the engine enforces', async () => {
    const doc = {
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/items': {
          post: {
            operationId: 'addItem',
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: {
                    oneOf: [
                      { type: 'object', properties: { issue_id: { type: 'integer' } }, required: ['issue_id'] },
                      { type: 'object', properties: { owner: { type: 'string' }, repo: { type: 'string' }, number: { type: 'integer' } }, required: ['owner', 'repo', 'number'] },
                    ],
                  },
                },
              },
            },
          },
        },
      },
    };
    const { pack, report } = await importSpec(doc, { id: 'items' });
    const t = pack.tools[0];
    expect(t.arguments.oneOf).toBeUndefined();
    expect(t.arguments.anyOf).toBeUndefined();
    expect(t.arguments.required).toBeUndefined();
    expect(Object.keys(t.arguments.properties)).toEqual(['issue_id', 'owner', 'repo', 'number']);
    expect(report.combinations).toEqual([{ tool: 'addItem', kind: 'oneOf', sets: [['issue_id'], ['owner', 'repo', 'number']], rule: true }]);
    const loaded = loadPack('items.json', pack);
    expect(check(loaded, { name: 'addItem', arguments: { issue_id: 7 } }).ok).toBe(true);
    expect(check(loaded, { name: 'addItem', arguments: { owner: 'o', repo: 'r', number: 1 } }).ok).toBe(true);
    expect(check(loaded, { name: 'addItem', arguments: { issue_id: 7, owner: 'o' } }).body).toEqual({
      error: 'unsupported_combination',
      message: 'these arguments fit none of the combinations the API takes (exactly one must fit): send issue_id; or owner and repo and number',
      retryable: false,
    });
    // Real ones: GitHub's project field and Twilio's typing indicator.
    const gh = await importExtract(extract('github/api.github.com.json', ['POST /orgs/{org}/projectsV2/{project_number}/fields']));
    expect(gh.report.combinations[0]).toMatchObject({ tool: 'projects_add-field-for-org', kind: 'oneOf', rule: true });
    expect(tool(gh.pack, 'projects_add-field-for-org').examples?.invalid?.map((e) => e.expect)).toContain('unsupported_combination');
  });

  it('reads Discovery string bounds and defaults as numbers', async () => {
    const { pack } = await importExtract(discoveryExtract('google/calendar__v3.json', ['calendar.events.list']));
    const list = tool(pack, 'events_list');
    expect(list.arguments.properties.maxResults).toEqual({ description: 'An integer of at least 1; 250 when left out.', type: 'integer', minimum: 1, format: 'int32', default: 250, 'x-example': 250, 'x-in': 'query' });
    expect(list.arguments.properties.maxAttendees.minimum).toBe(1);
    expect(list.arguments.properties.eventTypes).toMatchObject({ type: 'array', items: { type: 'string', enum: ['birthday', 'default', 'focusTime', 'fromGmail', 'outOfOffice', 'workingLocation'] } });
    // A Discovery method id is not a route: the route is kept beside it, and the summary says what the method does.
    expect(list.operation).toEqual({ id: 'calendar.events.list', route: 'GET /calendar/v3/calendars/{calendarId}/events' });
    expect(list.summary).toBe('List events of a calendar.');
    expect(list.examples?.invalid?.map((e) => e.about)).toEqual(['leaves out the required argument calendarId', 'sends 0 for maxAttendees, below its minimum of 1', 'sends zz_undeclared, an argument the tool does not declare']);
    expect(list.examples?.invalid?.map((e) => e.expect)).toEqual(['missing_required', 'out_of_range', 'unknown_argument']);
  });

  it('recognises currencies, countries, time zones, locales, emails, amounts and Unix times on real fields of several vendors', async () => {
    const kinds = (r: { report: { inferences: { field: string; kind: string; applied: unknown }[] } }) => Object.fromEntries(r.report.inferences.map((i) => [i.field, [i.kind, i.applied]]));
    const cal = kinds(await importExtract(discoveryExtract('google/calendar__v3.json', ['calendar.events.list', 'calendar.events.insert']), 'x', false));
    expect(cal.timeZone).toEqual(['time-zone', { 'x-value-set': 'iana-time-zone', 'x-example': 'Europe/Zurich' }]);
    expect(cal['start.timeZone']).toEqual(['time-zone', { 'x-value-set': 'iana-time-zone', 'x-example': 'Europe/Zurich' }]);
    expect(cal['attendees[].email']).toEqual(['email', { format: 'email', 'x-example': 'ada@example.com' }]);
    expect(cal['reminders.overrides[].minutes']).toEqual(['duration', { 'x-unit': { kind: 'minutes' } }]);
    const twilio = kinds(await importExtract(extract('twilio/twilio_api_v2010.json', ['POST /2010-04-01/Accounts/{AccountSid}/Addresses.json']), 'x', false));
    expect(twilio.IsoCountry).toEqual(['country', { 'x-value-set': 'iso-3166-1-alpha-2', 'x-example': 'US' }]);
    const slides = kinds(await importExtract(discoveryExtract('google/slides__v1.json', ['slides.presentations.create']), 'x', false));
    expect(slides.locale).toEqual(['locale', { 'x-value-set': 'bcp-47-locale', 'x-example': 'en-US' }]);
    const asana = kinds(await importExtract(extract('asana/asana_oas.json', ['POST /custom_fields']), 'x', false));
    expect(asana['data.currency_code']).toEqual(['currency', { 'x-value-set': 'iso-4217', 'x-example': 'USD', 'x-fold-case': true }]);
    const jira = kinds(await importExtract(extract('jira/jira-platform-v3.json', ['GET /rest/api/3/issue/{issueIdOrKey}/worklog']), 'x', false));
    expect(jira.startedAfter).toEqual(['unix-time', { 'x-unit': { kind: 'unix-milliseconds' } }]);
    const slack = kinds(await importExtract(extract('slack/slack_web_openapi_v2.json', ['POST /api/calls.add']), 'x', false));
    expect(slack.date_start).toEqual(['unix-time', { 'x-unit': { kind: 'unix-seconds' } }]);
    const stripe = kinds(await importExtract(extract('stripe/spec3.2023-09-12.json', ['POST /v1/customers']), 'x', false));
    expect(stripe.balance).toEqual(['minor-unit-amount', { 'x-unit': { kind: 'currency-minor' } }]);
    // Twilio's `country` is a country's name, not a code: no inference.
    const people = await importExtract(discoveryExtract('google/people__v1.json', ['people.people.createContact']), 'x', false);
    const fields = people.report.inferences.map((i) => i.field);
    expect(fields).toContain('addresses[].countryCode');
    expect(fields).not.toContain('addresses[].country');
  });
});
