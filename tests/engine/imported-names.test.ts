// Wrong calls against imported packs (issue 18, item 5), in the three families a body must guide: an
// argument under another word (the field meant is the one did_you_mean), fields outside their wrapper
// or inside a made-up one (moved and reported), and a tool name as a model guesses it or an SDK spells
// it (the tool meant is the one did_you_mean). Each pack is the real imported one, loaded by id.
import { beforeAll, describe, expect, test } from 'vitest';
import { compilePack } from '../../src/engine/pack/ajv-backend';
import { check } from '../../src/engine/check';
import type { CompiledPack, Json } from '../../src/engine/types';
import { loadCatalogPack } from '../../src/package/catalog';

const ids = ['slack-web', 'github-v3', 'notion-v1', 'google-calendar-v3', 'jira-v3', 'twilio-verify-v2', 'twilio-api-v2010', 'asana-v1', 'google-drive-v3', 'google-gmail-v1', 'google-sheets-v4', 'discord-v10', 'stripe'];
const packs = new Map<string, CompiledPack>();

beforeAll(async () => {
  for (const id of ids) {
    const pack = await loadCatalogPack(id);
    if (!pack) throw new Error(`no pack ${id} in the catalog`);
    packs.set(id, pack);
  }
});

const run = (pack: string, name: string, args: Record<string, Json>) => check(packs.get(pack)!, { name, arguments: args });

/** Removes every x-aliases a pack declares, so only the engine's own vocabulary can find the field. */
function withoutAliases(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutAliases);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(Object.entries(node).filter(([k]) => k !== 'x-aliases').map(([k, v]) => [k, withoutAliases(v)]));
}

/**
 * The tool alone, with no aliases: an overlay (content/packs/overlays/) may name a synonym as an alias of
 * the curated tool, which absorbs it; these tests hold the vocabulary that serves every other tool.
 */
const bareTools = new Map<string, CompiledPack>();
function bare(pack: string, name: string): CompiledPack {
  const key = `${pack}/${name}`;
  if (!bareTools.has(key)) {
    const source = packs.get(pack)!.source;
    const tool = withoutAliases(source.tools.find((t) => t.name === name));
    bareTools.set(key, compilePack({ ...source, tools: [tool] }, `${pack} (${name}, without aliases)`));
  }
  return bareTools.get(key)!;
}
const runBare = (pack: string, name: string, args: Record<string, Json>) => check(bare(pack, name), { name, arguments: args });

describe('an argument under another word: did_you_mean is the field meant, and the suggested call runs', () => {
  test.each([
    ['slack-web', 'chat_postMessage', { channel: 'C04QK7N2V9B', message: 'Deploy finished' }, 'message', 'text'],
    ['discord-v10', 'create_message', { channel_id: '1098765432109876543', message: 'Release 2.4.0 is out' }, 'message', 'content'],
    ['github-v3', 'pulls_list', { owner: 'facebook', repo: 'react', limit: 50 }, 'limit', 'per_page'],
    ['notion-v1', 'post-search', { query: 'Onboarding', limit: 10 }, 'limit', 'page_size'],
    ['google-calendar-v3', 'events_insert', { calendarId: 'primary', title: 'Design review', start: { dateTime: '2026-03-11T09:00:00Z' }, end: { dateTime: '2026-03-11T10:00:00Z' } }, 'title', 'summary'],
    ['jira-v3', 'searchForIssuesUsingJql', { query: 'project = SHOP ORDER BY priority DESC', maxResults: 25 }, 'query', 'jql'],
    ['twilio-verify-v2', 'CreateVerificationCheck', { ServiceSid: 'VA1b2c3d4e5f60718293a4b5c6d7e8f901', To: '+14155550123', otp: '482913' }, 'otp', 'Code'],
    ['github-v3', 'issues_create', { owner: 'acme-corp', repo: 'billing', title: 'Export fails', description: 'Steps: open an invoice.' }, 'description', 'body'],
  ] as const)('%s %s: %s is offered as %s alone', (pack, tool, args, sent, meant) => {
    const r = runBare(pack, tool, args as Record<string, Json>);
    expect(r.ok).toBe(false);
    expect(r.body).toMatchObject({ error: 'unknown_argument', field: sent, did_you_mean: [meant] });
    const fixed = r.suggested_call!.arguments as Record<string, Json>;
    expect(fixed[meant]).toEqual((args as Record<string, Json>)[sent]);
    expect(check(packs.get(pack)!, r.suggested_call).ok).toBe(true);
    // The real pack: the body above, or the overlay's alias absorbing the same rename.
    const real = run(pack, tool, args as Record<string, Json>);
    if (real.ok) expect(real.corrections).toContainEqual(expect.objectContaining({ from: sent, to: meant }));
    else expect(real.body).toMatchObject({ field: sent, did_you_mean: [meant] });
  });

  test('the shape of the value decides between wordings: an address goes in emailAddress, not emailMessage', () => {
    const r = runBare('google-drive-v3', 'permissions_create', { fileId: '1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms', role: 'writer', type: 'user', email: 'grace@example.com' });
    expect(r.body).toMatchObject({ field: 'email', did_you_mean: ['emailAddress'] });
    // Free text is no address: it fits emailMessage only.
    const text = runBare('google-drive-v3', 'permissions_create', { fileId: '1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms', role: 'writer', type: 'user', email: 'You can edit this now.' });
    expect(text.body).toMatchObject({ field: 'email', did_you_mean: ['emailMessage'] });
  });

  test('a URL goes in Url, not Twiml; a date goes in due_on, not the nearer spelling due_at', () => {
    const call = runBare('twilio-api-v2010', 'CreateCall', { AccountSid: 'AC3f9c2b7e1d4a6058b9e0c1d2f3a4b5c6', To: '+14155550123', From: '+14155550199', twiml_url: 'https://example.com/twiml' });
    expect(call.body).toMatchObject({ field: 'twiml_url', did_you_mean: ['Url'] });
    const task = runBare('asana-v1', 'createTask', { data: { name: 'Draft', workspace: '1201234567890123', due_date: '2026-03-20' } });
    expect(task.body).toMatchObject({ field: 'data.due_date', did_you_mean: ['due_on'] });
    // A date-time still goes to due_at, the near spelling, as before.
    const at = runBare('asana-v1', 'createTask', { data: { name: 'Draft', workspace: '1201234567890123', due_date: '2026-03-20T17:00:00Z' } });
    expect(at.body).toMatchObject({ field: 'data.due_date', did_you_mean: ['due_at'] });
  });
});

describe('with no wording near, the structure of the value names the field', () => {
  test('rows of cells under another name go in the one field that takes rows: Sheets values', () => {
    const rows = [['2026-03-11', 'Taxi', 38.2, 'Travel']];
    for (const key of ['rows', 'data']) {
      const r = runBare('google-sheets-v4', 'spreadsheets_values_append', { spreadsheetId: '1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms', range: 'Expenses!A:D', valueInputOption: 'USER_ENTERED', [key]: rows });
      expect(r.body).toMatchObject({ error: 'unknown_argument', field: key, did_you_mean: ['values'] });
      expect(check(packs.get('google-sheets-v4')!, r.suggested_call).ok).toBe(true);
    }
    // A single string tells nothing: no field is named for it.
    const text = runBare('google-sheets-v4', 'spreadsheets_values_append', { spreadsheetId: '1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms', range: 'Expenses!A:D', valueInputOption: 'USER_ENTERED', rows: 'Taxi' });
    expect((text.body as { did_you_mean?: string[] }).did_you_mean).toBeUndefined();
  });
});

test('a flat name whose near spelling is an object field, sent a bare value, names the field inside it: transition_id -> transition.id', () => {
  const r = run('jira-v3', 'doTransition', { issueIdOrKey: 'SHOP-1423', transition_id: '31' });
  expect(r.body).toMatchObject({ error: 'unknown_argument', field: 'transition_id', did_you_mean: ['transition.id'] });
  expect(r.suggested_call).toEqual({ name: 'doTransition', arguments: { issueIdOrKey: 'SHOP-1423', transition: { id: '31' } } });
});

describe('fields outside their wrapper, or inside a made-up one, are moved and reported', () => {
  test("Asana's task fields at the top level go inside data", () => {
    const r = runBare('asana-v1', 'createTask', { name: 'Draft launch announcement', notes: 'Blog post', workspace: '1201234567890123' });
    expect(r.ok).toBe(true);
    expect(r.arguments).toEqual({ data: { name: 'Draft launch announcement', notes: 'Blog post', workspace: '1201234567890123' } });
    expect(r.corrections).toEqual([
      { field: 'data.name', rule: 'field_moved', from: 'name', to: 'data.name' },
      { field: 'data.notes', rule: 'field_moved', from: 'notes', to: 'data.notes' },
      { field: 'data.workspace', rule: 'field_moved', from: 'workspace', to: 'data.workspace' },
    ]);
  });

  test("a field beside the wrapper joins what the wrapper already holds (Gmail's raw beside message)", () => {
    const r = run('google-gmail-v1', 'users_drafts_create', { userId: 'me', raw: 'aGVsbG8=' });
    expect(r.ok).toBe(true);
    expect(r.arguments).toEqual({ userId: 'me', message: { raw: 'aGVsbG8=' } });
    expect(r.corrections).toEqual([{ field: 'message.raw', rule: 'field_moved', from: 'raw', to: 'message.raw' }]);
    const joined = runBare('asana-v1', 'createTask', { data: { name: 'Draft' }, workspace: '1201234567890123' });
    expect(joined.arguments).toEqual({ data: { name: 'Draft', workspace: '1201234567890123' } });
  });

  test('a made-up wrapper whose fields are all the tool’s own is opened in place', () => {
    const r = run('google-drive-v3', 'files_create', { requestBody: { name: 'Q3 notes', mimeType: 'application/vnd.google-apps.document' } });
    expect(r.ok).toBe(true);
    expect(r.arguments).toEqual({ name: 'Q3 notes', mimeType: 'application/vnd.google-apps.document' });
    expect(r.corrections.map((c) => [c.rule, c.from, c.to])).toEqual([
      ['field_moved', 'requestBody.name', 'name'],
      ['field_moved', 'requestBody.mimeType', 'mimeType'],
    ]);
  });

  test('no move with two readings: a wrapper holding a name the tool does not take, a field already sent, several object fields', () => {
    const odd = run('google-drive-v3', 'files_create', { requestBody: { name: 'Q3 notes', colour: 'red' } });
    expect(odd.ok).toBe(false);
    expect(odd.body).toMatchObject({ error: 'unknown_argument', field: 'requestBody' });
    const twice = run('google-drive-v3', 'files_create', { name: 'Q3 notes', requestBody: { name: 'Other' } });
    expect(twice.ok).toBe(false);
    expect(twice.corrections).toEqual([]);
    // Stripe's update_customer has address and invoice_settings: a field at the top level is refused and listed.
    const stripe = run('stripe', 'update_customer', { customer: 'cus_NffrFeUfNV2Hib', default_payment_method: 'pm_1MqM05LkdIwHu7ixlDxxO6Mc' });
    expect(stripe.body).toMatchObject({ error: 'unknown_argument', field: 'default_payment_method' });
  });
});

describe('a tool name as a model guesses it or an SDK spells it: the tool meant is the one did_you_mean', () => {
  test.each([
    ['google-gmail-v1', 'send_email', { userId: 'me', raw: 'aGVsbG8' }, 'users_messages_send'],
    ['twilio-api-v2010', 'send_sms', { AccountSid: 'AC3f9c2b7e1d4a6058b9e0c1d2f3a4b5c6', To: '+14155550123', From: '+14155550199', Body: 'Hi' }, 'CreateMessage'],
    ['slack-web', 'send_message', { channel: 'C04QK7N2V9B', text: 'Deploy finished' }, 'chat_postMessage'],
    ['discord-v10', 'send_message', { channel_id: '1098765432109876543', content: 'Hi' }, 'create_message'],
    ['discord-v10', 'get_member', { guild_id: '1087654321098765432', user_id: '245678901234567890' }, 'get_guild_member'],
    ['notion-v1', 'pages.create', {}, 'post-page'],
    ['notion-v1', 'pages.update', {}, 'patch-page'],
    ['notion-v1', 'blocks.children.list', {}, 'get-block-children'],
    ['notion-v1', 'blocks.children.append', {}, 'patch-block-children'],
    ['notion-v1', 'search', { query: 'Onboarding' }, 'post-search'],
    ['notion-v1', 'notion_search', { query: 'Onboarding' }, 'post-search'],
    ['jira-v3', 'update_issue', { issueIdOrKey: 'SHOP-1423', fields: { summary: 'Checkout fails' } }, 'editIssue'],
    ['google-calendar-v3', 'create_calendar_event', { calendarId: 'primary', start: { dateTime: '2026-03-11T09:00:00Z' }, end: { dateTime: '2026-03-11T10:00:00Z' } }, 'events_insert'],
  ] as const)('%s: %s -> %s', (pack, sent, args, meant) => {
    const r = run(pack, sent, args as Record<string, Json>);
    expect(r.body).toMatchObject({ error: 'unknown_tool', received: sent, did_you_mean: [meant] });
  });

  test('an SDK namespace that only repeats the name is absorbed and reported', () => {
    const r = run('jira-v3', 'issues.createIssue', { fields: { summary: 'Checkout fails' } });
    expect(r.tool).toBe('createIssue');
    expect(r.corrections[0]).toEqual({ field: 'name', rule: 'tool_name_variant', from: 'issues.createIssue', to: 'createIssue' });
  });

  test('never across verbs, and never more than three', () => {
    // A message deleted is no message created, whatever the arguments.
    const r = run('discord-v10', 'remove_message', { channel_id: '1098765432109876543', message_id: '1112223334445556667' });
    const offered = ((r.body as { did_you_mean?: string[] }).did_you_mean ?? []) as string[];
    expect(offered.length).toBeLessThanOrEqual(3);
    expect(offered.every((t) => /delete/.test(t))).toBe(true);
    const update = run('stripe', 'update_refund', {});
    expect((update.body as { did_you_mean?: string[] }).did_you_mean).toBeUndefined();
  });
});

test('a name in another word order is absorbed, unless the arguments sent belong to a tool of a near name: then both are offered', () => {
  // list_issues is issues_list (the signed-in user's issues), which takes no owner or repo.
  expect(run('github-v3', 'list_issues', { state: 'open' })).toMatchObject({ ok: true, tool: 'issues_list' });
  const r = run('github-v3', 'list_issues', { owner: 'acme-corp', repo: 'web', state: 'open' });
  // Both are listed, the tool the arguments fit first: the arguments order the choice, they do not make it.
  expect(r.body).toMatchObject({ error: 'unknown_tool', did_you_mean: ['issues_list-for-repo', 'issues_list'] });
  expect(check(packs.get('github-v3')!, { name: 'issues_list-for-repo', arguments: { owner: 'acme-corp', repo: 'web', state: 'open' } }).ok).toBe(true);
});

describe('a list where the vendor takes it as one comma-separated string (x-comma-list, from the spec)', () => {
  test.each([
    ['slack-web', 'conversations_invite', { channel: 'C04QK7N2V9B', users: ['U01AB2CD3EF', 'U04GH5IJ6KL'] }, 'users', 'U01AB2CD3EF,U04GH5IJ6KL'],
    ['github-v3', 'dependabot_list-alerts-for-repo', { owner: 'acme-corp', repo: 'web', severity: ['high', 'critical'] }, 'severity', 'high,critical'],
  ] as const)('%s %s: the list is refused and offered joined', (pack, tool, args, field, joined) => {
    const r = run(pack, tool, args as unknown as Record<string, Json>);
    expect(r.body).toMatchObject({ error: 'invalid_type', field, did_you_mean: [joined] });
    expect(r.suggested_call).toEqual({ name: tool, arguments: { ...args, [field]: joined } });
    expect(check(packs.get(pack)!, r.suggested_call!).ok).toBe(true);
    // The model-facing description says it before any call is made.
    const description = (packs.get(pack)!.tool(tool)!.modelSchema.properties as Record<string, { description?: string }>)[field].description;
    expect(description).toContain('comma-separated list in one string');
  });

  test('a string field the vendor does not call a list gets no joined offer', () => {
    // Slack's chat_postMessage text is one string of prose.
    const r = run('slack-web', 'chat_postMessage', { channel: 'C04QK7N2V9B', text: ['Deploy', 'finished'] });
    expect(r.body).toMatchObject({ error: 'invalid_type', field: 'text' });
    expect(r.body).not.toHaveProperty('did_you_mean');
  });
});
