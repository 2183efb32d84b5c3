// Values a model gets wrong in imported tools (issue 18, item 5): each family on a real imported pack,
// loaded by id from the catalog. Every value offered is also sent back and must be accepted as it stands.
import { beforeAll, describe, expect, test } from 'vitest';
import { check, type Json } from '../../src/engine';
import '../../src/engine/registries/all';
import type { CheckResult, CompiledPack } from '../../src/engine/types';
import { loadCatalogPack } from '../../src/package/catalog';

const packs: Record<string, CompiledPack> = {};

beforeAll(async () => {
  for (const id of ['github-v3', 'discord-v10', 'google-calendar-v3', 'asana-v1', 'jira-v3', 'notion-v1', 'google-sheets-v4', 'twilio-api-v2010', 'slack-web', 'google-gmail-v1']) {
    const pack = await loadCatalogPack(id);
    if (!pack) throw new Error(`no pack ${id} in the catalog`);
    packs[id] = pack;
  }
});

function run(pack: string, name: string, args: Record<string, Json>): CheckResult {
  return check(packs[pack], { name, arguments: args });
}

/** The one fault of a body (a single-fault body, or the entry for `field` in a batch). */
function faultOf(r: CheckResult, field: string): Record<string, Json> {
  const body = r.body as Record<string, Json>;
  const entries = Array.isArray(body.errors) ? (body.errors as Record<string, Json>[]) : [body];
  const f = entries.find((e) => e.field === field);
  if (!f) throw new Error(`no fault on ${field}: ${JSON.stringify(body)}`);
  return f;
}

/** The suggested call is accepted as it is: what the body offered passes the field's schema. */
function suggestionRuns(pack: string, r: CheckResult): void {
  expect(r.suggested_call).not.toBeNull();
  expect(check(packs[pack], r.suggested_call).ok).toBe(true);
}

describe('ids in a well-known decoration', () => {
  test('"#412" for an integer issue number is read as 412, and reported', () => {
    const r = run('github-v3', 'issues_update', { owner: 'acme-corp', repo: 'billing-service', issue_number: '#412', state: 'closed' });
    expect(r.ok).toBe(true);
    expect(r.arguments).toMatchObject({ issue_number: 412 });
    expect(r.corrections).toEqual([{ field: 'issue_number', rule: 'id_sigil', from: '#412', to: 412 }]);
  });

  test('Discord channel, user and role mentions are read as the snowflake inside them, and reported', () => {
    const r = run('discord-v10', 'add_guild_member_role', { guild_id: '1087654321098765432', user_id: '<@!245678901234567890>', role_id: '<@&1076543210987654321>' });
    expect(r.ok).toBe(true);
    expect(r.corrections).toEqual([
      { field: 'user_id', rule: 'id_from_mention', from: '<@!245678901234567890>', to: '245678901234567890' },
      { field: 'role_id', rule: 'id_from_mention', from: '<@&1076543210987654321>', to: '1076543210987654321' },
    ]);
    const c = run('discord-v10', 'create_message', { channel_id: '<#1098765432109876543>', content: 'hi' });
    expect(c.ok).toBe(true);
    expect(c.arguments).toMatchObject({ channel_id: '1098765432109876543' });
    // A role mention where a user goes names another kind of thing: not read.
    const wrongKind = run('discord-v10', 'add_guild_member_role', { guild_id: '1087654321098765432', user_id: '<@&245678901234567890>', role_id: '1076543210987654321' });
    expect(wrongKind.corrections).toEqual([]);
  });

  test('a channel name holds no id: nothing is offered', () => {
    const r = run('discord-v10', 'create_message', { channel_id: '#announcements', content: 'hi' });
    expect(faultOf(r, 'channel_id').did_you_mean).toBeUndefined();
  });

  test('a # before digits on a field not named as an id or number is not read as one (a colour, say)', () => {
    const r = run('discord-v10', 'create_message', { channel_id: '1098765432109876543', embeds: [{ title: 'x', color: '#336699' }] });
    expect(faultOf(r, 'embeds[0].color').did_you_mean).toBeUndefined();
  });
});

describe('dates and date-times in another plain form', () => {
  test('a space for the T is said, and the same moment offered with the T', () => {
    const r = run('google-calendar-v3', 'events_insert', {
      calendarId: 'primary',
      start: { dateTime: '2026-03-11 09:00:00-05:00', timeZone: 'America/New_York' },
      end: { dateTime: '2026-03-11T10:00:00-05:00', timeZone: 'America/New_York' },
    });
    const f = faultOf(r, 'start.dateTime');
    expect(f.message).toMatch(/^joins the date and time with a space where RFC 3339 puts T; must be /);
    expect(f.did_you_mean).toEqual(['2026-03-11T09:00:00-05:00']);
    suggestionRuns('google-calendar-v3', r);
  });

  test("Jira's own spaced form with +0000 is offered with the T and the offset as ±hh:mm", () => {
    const r = run('jira-v3', 'addWorklog', { issueIdOrKey: 'SHOP-1423', timeSpent: '1h 30m', started: '2026-03-11 09:00:00.000+0000' });
    expect(faultOf(r, 'started').did_you_mean).toEqual(['2026-03-11T09:00:00.000+00:00']);
    suggestionRuns('jira-v3', r);
  });

  test('a date-time where a date is wanted offers its date', () => {
    const r = run('asana-v1', 'searchTasksForWorkspace', { workspace_gid: '1201234567890123', 'due_on.before': '2026-03-31T23:59:59Z' });
    const f = faultOf(r, '["due_on.before"]');
    expect(f.message).toMatch(/^is a date and time where only a date goes; must be a date in YYYY-MM-DD form/);
    expect(f.did_you_mean).toEqual(['2026-03-31']);
    suggestionRuns('asana-v1', r);
    // A day that does not exist has no date to offer.
    const unreal = run('asana-v1', 'searchTasksForWorkspace', { workspace_gid: '1201234567890123', 'due_on.before': '2026-02-30T23:59:59Z' });
    expect(faultOf(unreal, '["due_on.before"]').did_you_mean).toBeUndefined();
  });

  test('a slashed date is read when one order names a real day; with two, both are named and neither is taken', () => {
    const us = run('google-calendar-v3', 'events_insert', { calendarId: 'primary', start: { date: '04/20/2026' }, end: { date: '2026-04-22' } });
    expect(us.ok).toBe(true);
    expect(us.corrections).toEqual([{ field: 'start.date', rule: 'date_rewritten', from: '04/20/2026', to: '2026-04-20' }]);
    const either = run('google-calendar-v3', 'events_insert', { calendarId: 'primary', start: { date: '03/04/2026' }, end: { date: '2026-04-22' } });
    expect(either.ok).toBe(false);
    expect(either.corrections).toEqual([]);
    expect(String(faultOf(either, 'start.date').message)).toMatch(/^writes the date with slashes, in which the order of day and month is not fixed; /);
    expect(faultOf(either, 'start.date').did_you_mean).toEqual(['2026-03-04', '2026-04-03']);
    expect(either.suggested_call).toBeNull();
  });

  test('a date in words is read as the one date its month name fixes, and as a date-time only with a time and a zone written', () => {
    const due = run('asana-v1', 'createTask', { data: { name: 'Draft', workspace: '1201234567890123', due_on: 'March 20, 2026' } });
    expect(due.ok).toBe(true);
    expect(due.corrections).toEqual([{ field: 'data.due_on', rule: 'date_rewritten', from: 'March 20, 2026', to: '2026-03-20' }]);
    const min = (timeMin: string) => run('google-calendar-v3', 'events_list', { calendarId: 'primary', timeMin });
    // Twelve-hour time and a named zone: 9:00 PM UTC is 21:00Z.
    expect(min('Wed, Mar 11, 2026 at 9:00 PM UTC').arguments).toMatchObject({ timeMin: '2026-03-11T21:00:00Z' });
    // An hour with AM or PM and no minutes ("5pm") is a time; a bare hour after a date is not.
    expect(min('March 11, 2026 5pm UTC').arguments).toMatchObject({ timeMin: '2026-03-11T17:00:00Z' });
    expect(min('March 11, 2026 at 12 AM -05:00').arguments).toMatchObject({ timeMin: '2026-03-11T00:00:00-05:00' });
    // No zone written: the reason, and nothing offered. A weekday that is not the date's: nothing offered.
    for (const timeMin of ['March 11, 2026 08:00', 'Monday, March 11, 2026 08:00 UTC', 'March 11, 2026 5 UTC', 'March 11, 2026 5pm']) {
      const r = min(timeMin);
      expect(r.corrections, timeMin).toEqual([]);
      expect(faultOf(r, 'timeMin').did_you_mean, timeMin).toBeUndefined();
    }
    expect(String(faultOf(min('March 11, 2026 08:00'), 'timeMin').message)).toMatch(/^writes the date in words; /);
  });

  test('a date where a date-time is wanted gets the rule and an example, never a made-up time zone', () => {
    const r = run('google-calendar-v3', 'events_list', { calendarId: 'primary', timeMin: '2026-03-09' });
    expect(faultOf(r, 'timeMin').message).toMatch(/date-time with a time zone offset, e\.g\. /);
    expect(faultOf(r, 'timeMin').did_you_mean).toBeUndefined();
  });
});

describe('a value in a shape with one reading', () => {
  test('a value wrapped in an object named for its own field is offered as what is inside', () => {
    const r = run('google-gmail-v1', 'users_messages_send', { userId: 'me', raw: { raw: 'RnJvbTogYWRhQGV4YW1wbGUuY29t' } });
    expect(faultOf(r, 'raw').did_you_mean).toEqual(['RnJvbTogYWRhQGV4YW1wbGUuY29t']);
    suggestionRuns('google-gmail-v1', r);
    // Under another name, the object is not read as a wrapper.
    expect(faultOf(run('google-gmail-v1', 'users_messages_send', { userId: 'me', raw: { data: 'RnJvbTogYWRhQGV4YW1wbGUuY29t' } }), 'raw').did_you_mean).toBeUndefined();
  });

  test('a list where the field\'s example is JSON text is read as its JSON text: the body says so, the suggested call sends it', () => {
    const blocks = [{ type: 'section', text: { type: 'mrkdwn', text: '*Build failed* on `main`' } }];
    const r = run('slack-web', 'chat_postMessage', { channel: 'C04QK7N2V9B', text: 'Build failed', blocks });
    const f = faultOf(r, 'blocks');
    expect(String(f.message)).toMatch(/; the value sent fits as JSON text: send it inside a string$/);
    // The caller's own text is not repeated in the body.
    expect(f.did_you_mean).toBeUndefined();
    expect(r.suggested_call?.arguments).toMatchObject({ blocks: JSON.stringify(blocks) });
    suggestionRuns('slack-web', r);
  });
});

describe('one value where a list is wanted', () => {
  test('a sheet range alone is offered as the one-item list', () => {
    const r = run('google-sheets-v4', 'spreadsheets_values_batchGet', { spreadsheetId: '1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms', ranges: 'Summary!A1:B10' });
    expect(faultOf(r, 'ranges').did_you_mean).toEqual([['Summary!A1:B10']]);
    suggestionRuns('google-sheets-v4', r);
  });

  test('permitted words separated by spaces are offered as the list of them', () => {
    const r = run('google-calendar-v3', 'events_list', { calendarId: 'primary', eventTypes: 'default focusTime' });
    expect(faultOf(r, 'eventTypes').did_you_mean).toEqual([['default', 'focusTime']]);
    suggestionRuns('google-calendar-v3', r);
    // A word outside the set: the words are not split, and the one-item list does not fit either.
    expect(faultOf(run('google-calendar-v3', 'events_list', { calendarId: 'primary', eventTypes: 'default meetings' }), 'eventTypes').did_you_mean).toBeUndefined();
  });

  test('free text of the caller is never put in a did_you_mean, even wrapped in a list (one embed): the body says to wrap it', () => {
    const r = run('discord-v10', 'create_message', { channel_id: '1098765432109876543', embeds: { title: 'Deploy finished', description: 'billing-service v2.14.0' } });
    const f = faultOf(r, 'embeds');
    expect(f.did_you_mean).toBeUndefined();
    expect(f.message).toMatch(/; the value sent fits as its one item: send it inside \[ \]$/);
    expect(JSON.stringify(r.body)).not.toContain('"did_you_mean"');
    // The suggested call (not in the body) wraps it, and runs.
    expect(r.suggested_call?.arguments).toMatchObject({ embeds: [{ title: 'Deploy finished' }] });
    suggestionRuns('discord-v10', r);
  });

  test('a value that would not fit as the one item gets no such note', () => {
    const r = run('discord-v10', 'create_message', { channel_id: '1098765432109876543', embeds: { title: 7 } });
    expect(String(faultOf(r, 'embeds').message)).not.toContain('one item');
  });
});

describe('a snowflake sent as a JSON number too long to hold exactly', () => {
  test('its digits, as written, are offered as the string the id field takes', () => {
    const call = { type: 'function', id: 'c1', function: { name: 'create_message', arguments: '{"channel_id": 1098765432109876543, "content": "hi"}' } };
    const r = check(packs['discord-v10'], call);
    expect(faultOf(r, 'channel_id')).toMatchObject({ error: 'out_of_range', received: '1098765432109876543', did_you_mean: ['1098765432109876543'] });
    suggestionRuns('discord-v10', r);
  });

  test('on a field that takes an integer, the string is not offered', () => {
    const r = check(packs['github-v3'], '{"name": "issues_update", "arguments": {"owner": "a", "repo": "b", "issue_number": 12345678901234567890}}');
    expect(faultOf(r, 'issue_number')).toMatchObject({ error: 'out_of_range' });
    expect(faultOf(r, 'issue_number').did_you_mean).toBeUndefined();
  });
});

describe('durations written with their unit, on fields whose unit the importer inferred', () => {
  test.each([
    ['jira-v3', 'addWorklog', { issueIdOrKey: 'SHOP-1423', timeSpentSeconds: '1h 30m', started: '2026-03-11T09:00:00.000+00:00' }, 'timeSpentSeconds', 5400],
    // Nullable, and named in snake_case.
    ['discord-v10', 'ban_user_from_guild', { guild_id: '1087654321098765432', user_id: '245678901234567890', delete_message_seconds: '1d' }, 'delete_message_seconds', 86400],
    // Named for nothing; the vendor's description counts it in seconds.
    ['twilio-api-v2010', 'CreateCall', { AccountSid: 'AC3f9c2b7e1d4a6058b9e0c1d2f3a4b5c6', To: '+14155550123', From: '+14155550199', Url: 'https://example.com/twiml', Timeout: '30s' }, 'Timeout', 30],
    ['twilio-api-v2010', 'CreateMessage', { AccountSid: 'AC3f9c2b7e1d4a6058b9e0c1d2f3a4b5c6', To: '+14155550123', From: '+14155550199', Body: 'x', ValidityPeriod: '10m' }, 'ValidityPeriod', 600],
    // An enum only minutes explain: 60, 1440, 4320, 10080.
    ['discord-v10', 'create_thread', { channel_id: '1098765432109876543', name: 'feedback', auto_archive_duration: '1d', type: 11 }, 'auto_archive_duration', 1440],
  ] as [string, string, Record<string, Json>, string, number][])('%s %s: %s', (pack, name, args, field, converted) => {
    const r = run(pack, name, args);
    expect(faultOf(r, field).did_you_mean).toEqual([converted]);
    suggestionRuns(pack, r);
  });

  test('the unit is stated in the rule; a bare number outside the enum is not read in another unit', () => {
    const r = run('jira-v3', 'addWorklog', { issueIdOrKey: 'SHOP-1423', timeSpentSeconds: '1h 30m', started: '2026-03-11T09:00:00.000+00:00' });
    expect(faultOf(r, 'timeSpentSeconds').message).toBe('must be an integer in seconds, e.g. 3600 for 1 hour');
    // 24 (hours) for 1440 minutes would be a guess at the unit: the set is listed, nothing offered.
    const hours = run('discord-v10', 'create_thread', { channel_id: '1098765432109876543', name: 'feedback', auto_archive_duration: 24, type: 11 });
    expect(faultOf(hours, 'auto_archive_duration')).toMatchObject({ message: 'must be one of: 60, 1440, 4320, 10080, null' });
    expect(faultOf(hours, 'auto_archive_duration').did_you_mean).toBeUndefined();
  });
});

describe('number enums sent as the names the vendor gives their values', () => {
  test('the imported Discord pack keeps the names as value aliases', () => {
    const type = packs['discord-v10'].tool('create_guild_channel')!.fields.get('type')!;
    expect(type.valueAliases).toMatchObject({ guild_text: 0, public_thread: 11 });
  });

  test.each([
    ['create_guild_channel', { guild_id: '1087654321098765432', name: 'incident', type: 'GUILD_TEXT' }, 'type', 0],
    ['create_guild_channel', { guild_id: '1087654321098765432', name: 'incident', type: 'text' }, 'type', 0],
    ['create_thread', { channel_id: '1098765432109876543', name: 'feedback', type: 'PUBLIC_THREAD' }, 'type', 11],
    ['create_guild_scheduled_event', { guild_id: '1087654321098765432', name: 'Town hall', scheduled_start_time: '2026-03-20T17:00:00Z', scheduled_end_time: '2026-03-20T18:00:00Z', privacy_level: 2, entity_type: 'EXTERNAL', entity_metadata: { location: 'https://example.com/live' } }, 'entity_type', 3],
  ] as [string, Record<string, Json>, string, number][])('%s: %j', (name, args, field, value) => {
    const r = run('discord-v10', name, args);
    expect(faultOf(r, field).did_you_mean).toEqual([value]);
    suggestionRuns('discord-v10', r);
  });

  test('a word two names share names neither', () => {
    const r = run('discord-v10', 'create_guild_channel', { guild_id: '1087654321098765432', name: 'incident', type: 'voice' });
    expect(faultOf(r, 'type').did_you_mean).toBeUndefined();
  });

  test("Notion's asc, the start of exactly one permitted value, is offered ascending", () => {
    const r = run('notion-v1', 'query-data-source', { data_source_id: '8e2b7c1d-3f4a-4b5c-9d6e-7f8091a2b3c4', sorts: [{ property: 'Due', direction: 'asc' }] });
    expect(faultOf(r, 'sorts[0].direction').did_you_mean).toEqual(['ascending']);
    suggestionRuns('notion-v1', r);
  });
});
