import { describe, expect, it } from 'vitest';
import { discoveryNameBase, readDiscoveryOperations } from '../../src/importer/discovery';
import { assignToolNames, baseToolName, sanitizeName, shortenName, TOOL_NAME_PATTERN } from '../../src/importer/names';
import { readOpenApiOperations } from '../../src/importer/openapi';
import { vendorDoc } from './corpus';

function openApiNames(file: string) {
  const ops = readOpenApiOperations(vendorDoc(file));
  return { ops, named: assignToolNames(ops.map((op) => baseToolName(op.vendorName, op.method, op.path))) };
}

describe('tool names from real operation ids', () => {
  it('keep the vendor operationId, with only the characters OpenAI refuses replaced', () => {
    const { ops, named } = openApiNames('github/api.github.com.json');
    const byId = new Map(ops.map((op, i) => [op.vendorName, named[i].name]));
    expect(byId.get('repos/create-for-authenticated-user')).toBe('repos_create-for-authenticated-user');
    expect(byId.get('issues/create')).toBe('issues_create');
    const stripe = openApiNames('stripe/spec3.2023-09-12.json');
    expect(stripe.named[stripe.ops.findIndex((op) => op.id === 'POST /v1/refunds')].name).toBe('PostRefunds');
    expect(stripe.named[stripe.ops.findIndex((op) => op.id === 'GET /v1/customers/{customer}')].name).toBe('GetCustomersCustomer');
    const twilio = openApiNames('twilio/twilio_api_v2010.json');
    expect(twilio.named[twilio.ops.findIndex((op) => op.id === 'POST /2010-04-01/Accounts/{AccountSid}/Messages.json')].name).toBe('CreateMessage');
  });

  it('shorten a name over 64 characters by fixed rules, keeping the verb and resource in front', () => {
    const { ops, named } = openApiNames('github/api.github.com.json');
    const long = named.filter((n) => n.shortened);
    expect(long.length).toBe(25);
    const byId = new Map(ops.map((op, i) => [op.vendorName, named[i].name]));
    expect(byId.get('packages/list-docker-migration-conflicting-packages-for-authenticated-user')).toBe('packages_list-docker-migration-conflicting-pkgs-for-authed-user');
    expect(byId.get('orgs/custom-properties-for-repos-create-or-update-organization-definitions')).toBe('orgs_custom-properties-for-repos-create-or-update-org-defs');
    expect(byId.get('actions/get-github-actions-default-workflow-permissions-organization')).toBe('actions_get-github-actions-default-workflow-permissions-org');
  });

  it('cut with a hash of the whole name when short forms are not enough, so two long names never meet', () => {
    const a = 'x'.repeat(30) + '_' + 'y'.repeat(30) + '_' + 'z'.repeat(20);
    const b = 'x'.repeat(30) + '_' + 'y'.repeat(30) + '_' + 'w'.repeat(20);
    const sa = shortenName(a);
    const sb = shortenName(b);
    expect(sa.shortened).toBe(true);
    expect(sa.name.length).toBeLessThanOrEqual(64);
    expect(sa.name).toMatch(TOOL_NAME_PATTERN);
    expect(sa.name).not.toBe(sb.name);
    expect(shortenName(a).name).toBe(sa.name);
  });

  it('number a name that is taken, in any case, in document order', () => {
    expect(assignToolNames(['events_list', 'Events_List', 'events_list']).map((n) => n.name)).toEqual(['events_list', 'Events_List_2', 'events_list_3']);
    expect(assignToolNames(['a'], ['A']).map((n) => n.name)).toEqual(['a_2']);
    expect(sanitizeName('repos/get content')).toBe('repos_get_content');
    expect(sanitizeName('__a..b__')).toBe('a_b');
    expect(baseToolName(undefined, 'GET', '/v1/customers/{customer}/tax_ids')).toBe('get_v1_customers_customer_tax_ids');
  });

  it('drop the API name from a Discovery method id', () => {
    const doc = vendorDoc('google/gmail__v1.json');
    const ops = readDiscoveryOperations(doc);
    const names = assignToolNames(ops.map((op) => sanitizeName(discoveryNameBase(op.id, doc.name)))).map((n) => n.name);
    expect(names).toContain('users_messages_attachments_get');
    expect(sanitizeName(discoveryNameBase('calendar.events.list', 'calendar'))).toBe('events_list');
  });

  it('are OpenAI-safe, unique (also ignoring case) and the same on every run, for every corpus document', () => {
    const files = ['github/api.github.com.json', 'stripe/spec3.2023-09-12.json', 'twilio/twilio_api_v2010.json', 'twilio/twilio_conversations_v1.json', 'jira/jira-platform-v3.json', 'asana/asana_oas.json', 'discord/openapi.json', 'slack/slack_web_openapi_v2.json', 'notion/notion-openapi.json'];
    for (const file of files) {
      const first = openApiNames(file).named.map((n) => n.name);
      const again = openApiNames(file).named.map((n) => n.name);
      expect(again, file).toEqual(first);
      for (const n of first) expect(n, file).toMatch(TOOL_NAME_PATTERN);
      expect(new Set(first.map((n) => n.toLowerCase())).size, file).toBe(first.length);
    }
  });
});
