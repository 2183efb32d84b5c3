// Issue 33, item 2: where an id goes, a decorated id with one reading is absorbed and reported; a date in
// another written form with one reading is read in the field's format. Each kind is shown firing, and not
// firing (at least three times each) where the reading would change what the call means or is not certain.
import { beforeAll, describe, expect, test } from 'vitest';
import { check, packFromToolDefinitions } from '../../src/engine';
import type { CheckResult, CompiledPack, Json } from '../../src/engine/types';
import { loadCatalogPack } from '../../src/package/catalog';
import { getPack } from '../../src/packs';
import { BODY_SCHEMA } from '../../src/engine/body/body-schema';
import Ajv2020 from 'ajv/dist/2020';

const packs = new Map<string, CompiledPack>();
beforeAll(async () => {
  for (const id of ['slack-web', 'notion-v1', 'github-v3', 'google-docs-v1', 'google-drive-v3', 'google-sheets-v4', 'discord-v10', 'twilio-chat-v1', 'asana-v1', 'jira-v3', 'google-gmail-v1']) {
    const pack = await loadCatalogPack(id);
    if (!pack) throw new Error(`no pack ${id} in the catalog`);
    packs.set(id, pack);
  }
});
const run = (pack: string, name: string, args: Record<string, Json>) => check(packs.get(pack)!, { name, arguments: args });
const helpdesk = getPack('helpdesk')!;

/** One tool of the user's own, as Your tools or --tools would hold it; more tools beside it when given. */
const own = (properties: Record<string, unknown>, others: { name: string; properties?: Record<string, unknown> }[] = []) =>
  packFromToolDefinitions([
    { name: 'act', description: 'act', input_schema: { type: 'object', properties } },
    ...others.map((o) => ({ name: o.name, description: o.name, input_schema: { type: 'object', properties: o.properties ?? {} } })),
  ]);
const act = (pack: CompiledPack, args: Record<string, Json>) => check(pack, { name: 'act', arguments: args });

const validBody = new Ajv2020({ strict: false }).compile(BODY_SCHEMA);
/** Absorbed nothing: the value went on as sent (accepted or refused for what it is). */
const untouched = (r: CheckResult) => expect(r.corrections.filter((c) => /^(?:id_|date_)/.test(c.rule))).toEqual([]);

const PERMALINK = 'https://acme.slack.com/archives/C024BE91L/p1700000000000100';
const NOTION = 'https://www.notion.so/acme/Roadmap-1429989fe8ac4effbc8f57f56486db54';
const DOC = 'https://docs.google.com/document/d/1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789/edit';
const SHEET = 'https://docs.google.com/spreadsheets/d/1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms/edit#gid=0';

describe('id_from_url: a resource URL where its id goes', () => {
  test('a Slack permalink is its channel where a channel goes, and its ts where a thread ts goes', () => {
    const r = run('slack-web', 'chat_postMessage', { channel: PERMALINK, text: 'hi' });
    expect(r.ok).toBe(true);
    expect(r.corrections).toEqual([{ field: 'channel', rule: 'id_from_url', from: PERMALINK, to: 'C024BE91L' }]);
    const reply = run('slack-web', 'chat_postMessage', { channel: 'C024BE91L', thread_ts: PERMALINK, text: 'hi' });
    expect(reply.arguments).toMatchObject({ thread_ts: '1700000000.000100' });
  });

  test("a Notion page's URL is its id, dashed as the field's example is", () => {
    const r = run('notion-v1', 'retrieve-a-page', { page_id: NOTION });
    expect(r.ok).toBe(true);
    expect(r.arguments).toEqual({ page_id: '1429989f-e8ac-4eff-bc8f-57f56486db54' });
    expect(r.corrections[0]).toMatchObject({ rule: 'id_from_url', field: 'page_id' });
  });

  test("a GitHub issue's URL is its number, a repository's URL its name", () => {
    const r = run('github-v3', 'issues_get', { owner: 'acme', repo: 'api', issue_number: 'https://github.com/acme/api/issues/42' });
    expect(r.ok).toBe(true);
    expect(r.arguments).toMatchObject({ issue_number: 42 });
    const repo = run('github-v3', 'issues_get', { owner: 'acme', repo: 'https://github.com/acme/api', issue_number: 42 });
    expect(repo.ok).toBe(true);
    expect(repo.corrections).toEqual([{ field: 'repo', rule: 'id_from_url', from: 'https://github.com/acme/api', to: 'api' }]);
  });

  test('a Google Docs URL is the document id; a Sheets URL the spreadsheet id; either is a Drive file id', () => {
    expect(run('google-docs-v1', 'documents_get', { documentId: DOC }).arguments).toEqual({ documentId: '1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789' });
    expect(run('google-sheets-v4', 'spreadsheets_get', { spreadsheetId: SHEET }).arguments).toEqual({ spreadsheetId: '1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms' });
    expect(run('google-drive-v3', 'files_get', { fileId: SHEET }).arguments).toEqual({ fileId: '1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms' });
  });

  test('not in a field that takes URLs, nor in prose', () => {
    const r = run('slack-web', 'chat_postMessage', { channel: 'C024BE91L', text: PERMALINK, icon_url: PERMALINK });
    expect(r.ok).toBe(true);
    untouched(r);
    const mine = act(own({ page_id: { type: 'string', format: 'uri' } }), { page_id: NOTION });
    untouched(mine);
  });

  test("not a number from another repository's URL than the call's owner and repo", () => {
    const r = run('github-v3', 'issues_get', { owner: 'acme', repo: 'api', issue_number: 'https://github.com/other/api/issues/42' });
    expect(r.ok).toBe(false);
    untouched(r);
    // Refused as a URL where the number goes, with the call that lists the repository's issues.
    expect(r.body).toEqual({
      error: 'id_expected',
      field: 'issue_number',
      message: 'must be the issue number, not a URL, e.g. 42; get one from issues_list-for-repo(owner, repo)',
      next_call: 'issues_list-for-repo(owner, repo)',
      received: 'https://github.com/other/api/issues/42',
      retryable: false,
    });
  });

  test('not a URL of another kind of thing than the field holds: a spreadsheet where a document goes, a published copy', () => {
    untouched(run('google-docs-v1', 'documents_get', { documentId: SHEET }));
    const published = run('google-sheets-v4', 'spreadsheets_get', { spreadsheetId: 'https://docs.google.com/spreadsheets/d/e/2PACX-1vQabcdefghijklmnop/pubhtml' });
    untouched(published);
    expect(published.body).toMatchObject({ error: 'id_expected', field: 'spreadsheetId' });
    // Every Drive item is a file: a folder's URL where a file id goes is read.
    const folder = run('google-drive-v3', 'files_get', { fileId: 'https://drive.google.com/drive/folders/1aBcD3fGhIjKlMnOpQrStUvWxYz' });
    expect(folder.arguments).toEqual({ fileId: '1aBcD3fGhIjKlMnOpQrStUvWxYz' });
  });

  test('not a host that only looks like the vendor, nor a Notion link to a block in a page', () => {
    untouched(run('github-v3', 'issues_get', { owner: 'acme', repo: 'api', issue_number: 'https://github.com.evil.example/acme/api/issues/42' }));
    untouched(run('notion-v1', 'retrieve-a-page', { page_id: `${NOTION}#0123456789abcdef0123456789abcdef` }));
  });
});

const BROWSE = 'https://acme.atlassian.net/browse/PROJ-123';
const ASANA_TASK = 'https://app.asana.com/0/1201234567890/1204138762958123';
const ASANA_TASK_V1 = 'https://app.asana.com/1/15793206719/project/1201234567890/task/1204138762958123';
const GMAIL = 'https://mail.google.com/mail/u/0/#inbox/18c2f0a1b2c3d4e5';

describe("id_from_url: Jira's browse URL, Asana's task and project URLs, a Slack ts in its permalink form", () => {
  test("a Jira browse URL is the issue's key where an issue goes", () => {
    const r = run('jira-v3', 'getIssue', { issueIdOrKey: BROWSE });
    expect(r.ok).toBe(true);
    expect(r.corrections).toEqual([{ field: 'issueIdOrKey', rule: 'id_from_url', from: BROWSE, to: 'PROJ-123' }]);
  });

  test('not a Jira URL of something else than an issue, nor a browse URL where a project or a comment goes, nor a host that only looks like Atlassian\'s', () => {
    for (const url of ['https://acme.atlassian.net/browse/PROJ', 'https://acme.atlassian.net/jira/software/projects/PROJ/boards/1', 'https://acme.atlassian.net.example.com/browse/PROJ-123']) {
      untouched(run('jira-v3', 'getIssue', { issueIdOrKey: url }));
    }
    untouched(act(own({ project_id: { type: 'string' } }), { project_id: BROWSE }));
    untouched(act(own({ comment_id: { type: 'string' } }), { comment_id: BROWSE }));
    untouched(act(own({ issue_url: { type: 'string' } }), { issue_url: BROWSE }));
  });

  test("an Asana task URL, in either of Asana's forms, is the task's gid where a task goes and the project's where a project goes", () => {
    for (const url of [ASANA_TASK, `${ASANA_TASK}/f`, ASANA_TASK_V1]) {
      const r = run('asana-v1', 'getTask', { task_gid: url });
      expect(r.ok).toBe(true);
      expect(r.corrections).toEqual([{ field: 'task_gid', rule: 'id_from_url', from: url, to: '1204138762958123' }]);
    }
    expect(run('asana-v1', 'getProject', { project_gid: ASANA_TASK }).arguments).toEqual({ project_gid: '1201234567890' });
    expect(act(own({ workspace_gid: { type: 'string' } }), { workspace_gid: ASANA_TASK_V1 }).arguments).toEqual({ workspace_gid: '15793206719' });
    expect(run('asana-v1', 'getProjectsForWorkspace', { workspace_gid: 'https://app.asana.com/0/home/1201234567890' }).arguments).toEqual({ workspace_gid: '1201234567890' });
  });

  test("not an Asana page whose number is not said to be the field's kind (inbox, a task in no project where a project goes), nor a field of another kind", () => {
    const inbox = run('asana-v1', 'getProjectsForWorkspace', { workspace_gid: 'https://app.asana.com/0/inbox/1201234567890' });
    untouched(inbox);
    expect(inbox.body).toMatchObject({ error: 'id_expected', next_call: 'getWorkspaces()' });
    untouched(run('asana-v1', 'getTask', { task_gid: 'https://app.asana.com/0/home/1201234567890' }));
    untouched(run('asana-v1', 'getProject', { project_gid: 'https://app.asana.com/0/0/1204138762958123' }));
    untouched(act(own({ user_gid: { type: 'string' } }), { user_gid: ASANA_TASK }));
    untouched(run('asana-v1', 'getTask', { task_gid: 'https://app.asana.com/0/1201234567890/list' }));
  });

  test("a Slack permalink is its message's ts where a `timestamp` goes; p and 16 digits is the ts they write", () => {
    const r = run('slack-web', 'reactions_add', { channel: 'C024BE91L', name: 'thumbsup', timestamp: PERMALINK });
    expect(r.ok).toBe(true);
    expect(r.arguments).toMatchObject({ timestamp: '1700000000.000100' });
    const bare = run('slack-web', 'chat_postMessage', { channel: 'C024BE91L', thread_ts: 'p1405894322002768', text: 'hi' });
    expect(bare.ok).toBe(true);
    expect(bare.corrections).toEqual([{ field: 'thread_ts', rule: 'id_from_url', from: 'p1405894322002768', to: '1405894322.002768' }]);
  });

  test("not p and digits where the field's examples are no ts, nor another count of digits, nor a field with no examples", () => {
    expect(act(own({ code_id: { type: 'string', example: 'p1405894322002768' } }), { code_id: 'p1405894322002769' }).corrections).toEqual([]);
    untouched(run('slack-web', 'chat_postMessage', { channel: 'C024BE91L', thread_ts: 'p140589432200276', text: 'hi' }));
    untouched(act(own({ thread_ts: { type: 'string' } }), { thread_ts: 'p1405894322002768' }));
    untouched(act(own({ message_ts: { type: 'string', examples: ['1405894322.002768'] } }), { message_ts: 'P1405894322002768' }));
  });
});

describe("a Gmail web URL where a message or thread id goes: its id offered, never taken", () => {
  test('refused with the id as did_you_mean: the web view names a conversation, whose id is its first message\'s', () => {
    for (const [tool, args] of [['users_messages_get', { userId: 'me', id: GMAIL }], ['users_threads_get', { userId: 'me', id: GMAIL }]] as const) {
      const r = run('google-gmail-v1', tool, args);
      expect(r.ok).toBe(false);
      untouched(r);
      expect(r.body).toMatchObject({ error: 'id_expected', field: 'id', did_you_mean: ['18c2f0a1b2c3d4e5'] });
      expect(validBody(r.body)).toBe(true);
    }
  });

  test("nothing offered for the new view's opaque token, a label's URL, or where an attachment's id goes", () => {
    const token = run('google-gmail-v1', 'users_messages_get', { userId: 'me', id: 'https://mail.google.com/mail/u/0/#inbox/FMfcgzGxSbrVcKJrWtHwqRsVpLHQXTnB' });
    expect(token.body).toMatchObject({ error: 'id_expected' });
    expect(token.body!.did_you_mean).toBeUndefined();
    expect(run('google-gmail-v1', 'users_messages_get', { userId: 'me', id: 'https://mail.google.com/mail/u/0/#inbox' }).body!.did_you_mean).toBeUndefined();
    const attachment = run('google-gmail-v1', 'users_messages_attachments_get', { userId: 'me', messageId: '18c2f0a1b2c3d4e5', id: GMAIL });
    expect(attachment.body?.did_you_mean).toBeUndefined();
    expect(run('google-gmail-v1', 'users_labels_get', { userId: 'me', id: GMAIL }).body?.did_you_mean).toBeUndefined();
  });
});

describe('id_from_mention: a mention where its id goes', () => {
  test('a channel mention where a channel goes, a user mention where a user goes', () => {
    const r = run('slack-web', 'chat_postMessage', { channel: '<#C024BE91L|general>', text: 'hi' });
    expect(r.ok).toBe(true);
    expect(r.corrections).toEqual([{ field: 'channel', rule: 'id_from_mention', from: '<#C024BE91L|general>', to: 'C024BE91L' }]);
    expect(run('slack-web', 'users_info', { user: '<@U024BE7LH>' }).arguments).toEqual({ user: 'U024BE7LH' });
  });

  test('not in a message text, where a mention is what the model means to write', () => {
    const r = run('slack-web', 'chat_postMessage', { channel: 'C024BE91L', text: '<@U024BE7LH>' });
    expect(r.ok).toBe(true);
    untouched(r);
  });

  test('not a user mention where a channel goes (a direct message, or a slip), nor a role where a user goes', () => {
    untouched(run('slack-web', 'chat_postMessage', { channel: '<@U024BE7LH>', text: 'hi' }));
    untouched(run('discord-v10', 'add_guild_member_role', { guild_id: '1087654321098765432', user_id: '<@&245678901234567890>', role_id: '1076543210987654321' }));
  });

  test("not when the id inside does not fit the field's pattern", () => {
    const r = act(own({ channel_id: { type: 'string', pattern: '^C[A-Z0-9]{8}$' } }), { channel_id: '<#D024BE91L>' });
    expect(r.ok).toBe(false);
    untouched(r);
  });
});

describe("id_sigil: a # or @ missing or extra, when the field's pattern or examples fix it", () => {
  test("an extra # or @ the pattern does not take; #412 for an integer number; @ before an id shaped as the examples", () => {
    const r = check(helpdesk, { name: 'assign_ticket', arguments: { ticket_id: '#T-8841', assignee: '@eng-3' } });
    expect(r.ok).toBe(true);
    expect(r.corrections).toEqual([
      { field: 'ticket_id', rule: 'id_sigil', from: '#T-8841', to: 'T-8841' },
      { field: 'assignee', rule: 'id_sigil', from: '@eng-3', to: 'eng-3' },
    ]);
    expect(run('slack-web', 'users_info', { user: '@U024BE7LH' }).arguments).toEqual({ user: 'U024BE7LH' });
  });

  test('a missing # the pattern asks for', () => {
    const r = act(own({ channel_id: { type: 'string', pattern: '^#[a-z0-9-]+$' } }), { channel_id: 'general' });
    expect(r.ok).toBe(true);
    expect(r.corrections).toEqual([{ field: 'channel_id', rule: 'id_sigil', from: 'general', to: '#general' }]);
  });

  test('not a # that is part of the value: the pattern takes it as sent', () => {
    const r = act(own({ color_id: { type: 'string', pattern: '^#[0-9a-f]{6}$' } }), { color_id: '#336699' });
    expect(r.ok).toBe(true);
    expect(r.corrections).toEqual([]);
  });

  test('not on a field that holds no id', () => {
    const r = act(own({ topic: { type: 'string', pattern: '^[a-z]+$' } }), { topic: '#urgent' });
    expect(r.ok).toBe(false);
    untouched(r);
  });

  test('not when a # and an @ would both fit', () => {
    const r = act(own({ handle_id: { type: 'string', pattern: '^[#@][a-z]+$' } }), { handle_id: 'general' });
    expect(r.ok).toBe(false);
    untouched(r);
  });

  test('not a name behind the #: #general is no channel id shaped as C024BE91L', () => {
    const r = run('slack-web', 'conversations_history', { channel: '#general' });
    untouched(r);
    expect(r.body).toMatchObject({ error: 'id_expected' });
  });
});

describe("id_case: an id in the case its field's pattern fixes", () => {
  test('t-8841 is T-8841', () => {
    const r = check(helpdesk, { name: 'get_ticket', arguments: { ticket_id: 't-8841' } });
    expect(r.ok).toBe(true);
    expect(r.corrections).toEqual([{ field: 'ticket_id', rule: 'id_case', from: 't-8841', to: 'T-8841' }]);
  });

  test("not where the pattern leaves some letters' case free: Twilio's hex digits", () => {
    const r = run('twilio-chat-v1', 'FetchService', { Sid: 'isabcdef0123456789abcdef0123456789' });
    expect(r.ok).toBe(false);
    untouched(r);
  });

  test('not on a field that holds no id (a currency code)', () => {
    const r = act(own({ currency: { type: 'string', pattern: '^[A-Z]{3}$' } }), { currency: 'usd' });
    expect(r.ok).toBe(false);
    untouched(r);
  });

  test('not when neither case fits, nor when the value fits as sent', () => {
    untouched(check(helpdesk, { name: 'get_ticket', arguments: { ticket_id: 't 8841' } }));
    const r = act(own({ record_id: { type: 'string', pattern: '^[A-Za-z]+-[0-9]+$' } }), { record_id: 'ab-1' });
    expect(r.ok).toBe(true);
    expect(r.corrections).toEqual([]);
  });
});

describe("id_case without a pattern: a tracker's key, where every example is one", () => {
  test("proj-123 is PROJ-123 where the examples show Jira's keys", () => {
    const r = run('jira-v3', 'getIssue', { issueIdOrKey: 'proj-123' });
    expect(r.ok).toBe(true);
    expect(r.corrections).toEqual([{ field: 'issueIdOrKey', rule: 'id_case', from: 'proj-123', to: 'PROJ-123' }]);
    expect(run('jira-v3', 'getIssue', { issueIdOrKey: 'Proj-123' }).arguments).toEqual({ issueIdOrKey: 'PROJ-123' });
  });

  test('not where an example is no key, or there is no example, or the field holds no id', () => {
    untouched(act(own({ record_id: { type: 'string', examples: ['PROJ-123', 'abc-9'] } }), { record_id: 'proj-123' }));
    untouched(act(own({ record_id: { type: 'string', examples: ['Ab3xZ-12'] } }), { record_id: 'ab3xz-12' }));
    untouched(act(own({ record_id: { type: 'string' } }), { record_id: 'proj-123' }));
    untouched(act(own({ summary: { type: 'string', example: 'PROJ-123' } }), { summary: 'proj-123' }));
  });

  test('not a value of another shape than a key, nor the numeric id the field also takes', () => {
    for (const sent of ['proj_123', 'proj-12a', 'proj 123', '10002', 'PROJ-123']) {
      const r = run('jira-v3', 'getIssue', { issueIdOrKey: sent });
      expect(r.ok).toBe(true);
      expect(r.corrections).toEqual([]);
    }
  });
});

describe('date_rewritten: a date in another written form, with one reading', () => {
  const dated = own({ due_on: { type: 'string', format: 'date' }, starts_at: { type: 'string', format: 'date-time' }, note: { type: 'string' } });

  test.each([
    ['26/05/2024', '2024-05-26'],
    ['26.05.2024', '2024-05-26'],
    ['2024/05/26', '2024-05-26'],
    ['May 26, 2024', '2024-05-26'],
    ['26 May 2024', '2024-05-26'],
  ])('%s is %s', (sent, date) => {
    const r = act(dated, { due_on: sent });
    expect(r.ok).toBe(true);
    expect(r.corrections).toEqual([{ field: 'due_on', rule: 'date_rewritten', from: sent, to: date }]);
  });

  test('a space for the T in a date-time', () => {
    expect(act(dated, { starts_at: '2024-05-26 09:30:00Z' }).arguments).toEqual({ starts_at: '2024-05-26T09:30:00Z' });
  });

  test('not a date with two readings: refused, both named as did_you_mean, neither taken', () => {
    const r = act(dated, { due_on: '05/06/2024' });
    expect(r.ok).toBe(false);
    untouched(r);
    expect(r.body).toMatchObject({ error: 'invalid_format', field: 'due_on', received: '05/06/2024', did_you_mean: ['2024-05-06', '2024-06-05'] });
    expect(String((r.body as { message: string }).message)).not.toContain('05/06/2024');
    expect(r.suggested_call).toBeNull();
    expect(validBody(r.body)).toBe(true);
  });

  test('not a field with no date format', () => {
    const r = act(dated, { note: '26/05/2024' });
    expect(r.ok).toBe(true);
    expect(r.arguments).toEqual({ note: '26/05/2024' });
  });

  test('not a date and time where a date goes (its time would be dropped), nor a date where a date-time goes (a time would be made up)', () => {
    untouched(act(dated, { due_on: '2024-05-26T09:30:00Z' }));
    untouched(act(dated, { starts_at: '26/05/2024' }));
    untouched(act(dated, { starts_at: 'May 26, 2024 09:30' }));
  });

  test('not a day that does not exist', () => {
    const r = act(dated, { due_on: '31/02/2024' });
    expect(r.ok).toBe(false);
    untouched(r);
  });
});

describe('id_expected: a name where an id goes', () => {
  test('#general for a channel is refused with the call that lists channels', () => {
    const r = run('slack-web', 'chat_postMessage', { channel: '#general', text: 'hi' });
    expect(r.ok).toBe(false);
    expect(r.body).toEqual({
      error: 'id_expected',
      field: 'channel',
      message: "must be the channel's id, not a name, e.g. C024BE91L; get one from conversations_list(types)",
      next_call: 'conversations_list(types)',
      received: '#general',
      retryable: false,
    });
    expect(validBody(r.body)).toBe(true);
  });

  test("a tool of your own: the pack's list tool for that record is the next call", () => {
    const pack = own({ channel_id: { type: 'string', examples: ['C024BE91L'] } }, [{ name: 'list_channels' }, { name: 'list_users' }]);
    const r = act(pack, { channel_id: '#general' });
    expect(r.body).toMatchObject({ error: 'id_expected', next_call: 'list_channels()' });
    // Beside another fault, the call to make is in the message.
    const both = act(own({ channel_id: { type: 'string', examples: ['C024BE91L'] }, n: { type: 'integer' } }, [{ name: 'list_channels' }]), { channel_id: '#general', n: 'x' });
    expect(JSON.stringify(both.body)).toContain('get one from list_channels()');
    expect(validBody(both.body)).toBe(true);
  });

  test('not on a field that holds no id, nor where the pattern takes the # as part of the value', () => {
    expect(run('slack-web', 'chat_postMessage', { channel: 'C024BE91L', text: '#general' }).ok).toBe(true);
    expect(act(own({ channel_id: { type: 'string', pattern: '^#[a-z]+$' } }), { channel_id: '#general' }).ok).toBe(true);
  });

  test('not an id behind the @, nor a name with nothing to point to (no list tool, no example)', () => {
    expect(run('slack-web', 'users_info', { user: '@U024BE7LH' }).ok).toBe(true);
    expect(act(own({ channel_id: { type: 'string' } }), { channel_id: '#general' }).ok).toBe(true);
  });
});

describe('one schema shared by fields of two names', () => {
  test('an id field and a note that share a $defs entry are each read by their own name', () => {
    const pack = packFromToolDefinitions([{
      name: 'act',
      description: 'act',
      input_schema: { type: 'object', properties: { note: { $ref: '#/$defs/text' }, channel_id: { $ref: '#/$defs/text' } }, $defs: { text: { type: 'string' } } },
    }]);
    const r = act(pack, { note: '<#C024BE91L|general>', channel_id: '<#C024BE91L|general>' });
    expect(r.ok).toBe(true);
    expect(r.arguments).toEqual({ note: '<#C024BE91L|general>', channel_id: 'C024BE91L' });
  });
});
