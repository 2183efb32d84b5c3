// Issue 18, item 2: values in the forms the vendor documents are accepted, each declared on the field that
// takes it (a pattern with its rule and example), while every other field keeps strict RFC 3339:
// - Jira writes date-time offsets without the colon (+0000) in its own examples;
// - Google Calendar reads an event's dateTime without an offset in the zone a sibling timeZone names;
// - Google Discovery's standard `fields` parameter shapes the response and is an optional argument.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { check } from '../../src/engine';
import { compilePack } from '../../src/engine/pack/ajv-backend';
import { DATE_OR_DATE_TIME, DATE_TIME_OFFSET_COLON_OPTIONAL, DATE_TIME_OFFSET_OPTIONAL } from '../../src/engine/shared/date-formats';
import { loadPack } from '../../src/engine/pack/pack-loader';
import type { CompiledPack, PackSource, SchemaNode } from '../../src/engine/types';
import { RESPONSE_SHAPING_GLOSS } from '../../src/importer/build';
import { importSpec, type ImportReport } from '../../src/importer/index';
import { IMPORTED, importedPack, importedPackIds, vendorDoc } from './corpus';

const compiled = new Map<string, CompiledPack>();
/** One tool of a committed imported pack, compiled alone. */
function importedTool(id: string, tool: string): CompiledPack {
  const key = `${id}#${tool}`;
  if (!compiled.has(key)) {
    const source = importedPack(id);
    const t = source.tools.find((x) => x.name === tool);
    if (!t) throw new Error(`${id} has no tool ${tool}`);
    compiled.set(key, compilePack({ ...source, tools: [t], ...(t.checks ? { state: {} } : {}) }, key));
  }
  return compiled.get(key)!;
}

function report(id: string): ImportReport {
  return JSON.parse(readFileSync(`${IMPORTED}/reports/${id}.json`, 'utf8'));
}

const jiraWorklog = (started: string) => ({ name: 'addWorklog', arguments: { issueIdOrKey: 'ED-1', started, timeSpentSeconds: 3600 } });

describe('the vendor date-time patterns', () => {
  const colonOptional = new RegExp(DATE_TIME_OFFSET_COLON_OPTIONAL);
  const offsetOptional = new RegExp(DATE_TIME_OFFSET_OPTIONAL);
  it('Jira’s takes Z, ±hh:mm and ±hhmm, and nothing without an offset or with a month or hour that does not exist', () => {
    expect(['2026-03-11T09:00:00.000+0000', '2026-03-11T09:00:00+01:00', '2026-03-11T09:00:00Z', '2026-03-11T09:00:00-0530'].map((v) => colonOptional.test(v))).toEqual([true, true, true, true]);
    expect(['2026-03-11T09:00:00', '2026-03-11T09:00:00+01', '2026-13-11T09:00:00Z', '2026-03-11T24:00:00Z', '2026-03-11 09:00:00Z'].map((v) => colonOptional.test(v))).toEqual([false, false, false, false, false]);
  });
  it('Google’s zoned dateTime takes no offset, Z or ±hh:mm, but not ±hhmm', () => {
    expect(['2026-03-11T09:00:00', '2026-03-11T09:00:00.5', '2026-03-11T09:00:00Z', '2026-03-11T09:00:00+01:00'].map((v) => offsetOptional.test(v))).toEqual([true, true, true, true]);
    expect(['2026-03-11T09:00:00+0100', '2026-03-11T09:00', '2026-03-32T09:00:00'].map((v) => offsetOptional.test(v))).toEqual([false, false, false]);
  });
});

describe('a date where the vendor’s own examples of a date-time field are dates', () => {
  it('the pattern takes a date or an RFC 3339 date-time, nothing else', () => {
    const re = new RegExp(DATE_OR_DATE_TIME);
    expect(['2008-01-02', '2008-01-02T10:00:00Z', '2008-01-02T10:00:00.5+01:00'].map((v) => re.test(v))).toEqual([true, true, true]);
    expect(['01/02/2008', '2008-01-02T10:00:00', '2008-01-02T10:00:00+0100', '2008-13-02'].map((v) => re.test(v))).toEqual([false, false, false, false]);
  });

  it('Twilio ListCall takes StartTime as a date or a date-time, and refuses another form by the rule and Twilio’s example', () => {
    const pack = importedTool('twilio-api-v2010', 'ListCall');
    const base = importedPack('twilio-api-v2010').tools.find((t) => t.name === 'ListCall')!.examples!.valid![0] as Record<string, unknown>;
    expect(check(pack, { name: 'ListCall', arguments: { ...base, StartTime: '2008-01-02' } }).ok).toBe(true);
    expect(check(pack, { name: 'ListCall', arguments: { ...base, StartTime: '2008-01-02T10:00:00Z' } }).ok).toBe(true);
    expect(check(pack, { name: 'ListCall', arguments: { ...base, StartTime: '01/02/2008' } }).body).toMatchObject({
      error: 'invalid_format',
      field: 'StartTime',
      message: 'must be an RFC 3339 date-time, or a date in YYYY-MM-DD form, e.g. 2008-01-02',
    });
    expect(report('twilio-api-v2010').dateForms.dateAccepted).toBeGreaterThan(0);
  });

  it('a date-time field whose examples are date-times keeps the strict format', async () => {
    const doc = {
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: { '/e': { get: { operationId: 'list', parameters: [
        { name: 'since', in: 'query', schema: { type: 'string', format: 'date-time' }, example: '2026-03-11T09:00:00Z' },
        { name: 'on', in: 'query', schema: { type: 'string', format: 'date-time' }, examples: { a: { value: '2026-03-11' } } },
      ] } } },
    };
    const { pack } = await importSpec(doc, { id: 'dates' });
    const props = pack.tools[0].arguments.properties as Record<string, SchemaNode>;
    expect(props.since).toMatchObject({ format: 'date-time' });
    expect(props.since.pattern).toBeUndefined();
    expect(props.on).toMatchObject({ pattern: DATE_OR_DATE_TIME, 'x-example': '2026-03-11' });
    expect(props.on.format).toBeUndefined();
  });
});

describe('Jira’s offsets without a colon', () => {
  it('addWorklog takes Jira’s own form and RFC 3339, and refuses a value with no offset with the rule and Jira’s example', () => {
    const pack = importedTool('jira-v3', 'addWorklog');
    expect(check(pack, jiraWorklog('2026-03-11T09:00:00.000+0000')).ok).toBe(true);
    expect(check(pack, jiraWorklog('2026-03-11T09:00:00+01:00')).ok).toBe(true);
    const r = check(pack, jiraWorklog('2026-03-11 09:00'));
    expect(r.body).toMatchObject({ error: 'invalid_format', field: 'started', received: '2026-03-11 09:00' });
    expect((r.body as any).message).toBe(`must be a date-time with seconds and an offset written Z, ±hh:mm or ±hhmm, e.g. ${report('jira-v3').dateForms.example}`);
  });

  it('the form comes from Jira’s own examples, and no other pack takes it', () => {
    const example = report('jira-v3').dateForms.example!;
    expect(example).toMatch(/[+-]\d{4}$/);
    expect(JSON.stringify(vendorDoc('jira/jira-platform-v3.json'))).toContain(example);
    expect(report('jira-v3').dateForms.colonlessOffset).toBeGreaterThan(0);
    const others = importedPackIds().filter((id) => id !== 'jira-v3' && JSON.stringify(importedPack(id)).includes(JSON.stringify(DATE_TIME_OFFSET_COLON_OPTIONAL)));
    expect(others).toEqual([]);
  });

  it('every other pack’s date-time fields keep the strict format: GitHub refuses +0000', () => {
    const github = importedPack('github-v3');
    const tool = github.tools.find((t) => t.arguments.properties?.since?.format === 'date-time' && t.arguments.properties.since['x-in'] === 'query')!;
    const pack = importedTool('github-v3', tool.name);
    const base = tool.examples!.valid![0] as Record<string, unknown>;
    expect(check(pack, { name: tool.name, arguments: { ...base, since: '2026-03-11T09:00:00Z' } }).ok).toBe(true);
    expect(check(pack, { name: tool.name, arguments: { ...base, since: '2026-03-11T09:00:00.000+0000' } }).body).toMatchObject({ error: 'invalid_format', field: 'since' });
  });
});

const zoned = (start: Record<string, string>, end: Record<string, string>) => ({ name: 'events_insert', arguments: { calendarId: 'primary', summary: 'Stand-up', start, end } });

describe('Google Calendar’s dateTime without an offset, beside a timeZone', () => {
  const curated = loadPack('content/packs/google-calendar.json', JSON.parse(readFileSync('content/packs/google-calendar.json', 'utf8')) as PackSource);
  const packs: [string, () => CompiledPack][] = [
    ['curated google-calendar', () => curated],
    ['imported google-calendar-v3', () => importedTool('google-calendar-v3', 'events_insert')],
  ];
  for (const [label, pack] of packs) {
    it(`${label}: accepted with timeZone, refused without it by the rule and an example`, () => {
      const tz = 'Europe/Zurich';
      expect(check(pack(), zoned({ dateTime: '2026-03-11T09:00:00', timeZone: tz }, { dateTime: '2026-03-11T09:30:00', timeZone: tz })).ok).toBe(true);
      expect(check(pack(), zoned({ dateTime: '2026-03-11T09:00:00+01:00' }, { dateTime: '2026-03-11T09:30:00Z' })).ok).toBe(true);
      const r = check(pack(), zoned({ dateTime: '2026-03-11T09:00:00' }, { dateTime: '2026-03-11T09:30:00', timeZone: tz }));
      expect(r.body).toEqual({
        error: 'invalid_format',
        field: 'start.dateTime',
        message: 'must be an RFC 3339 date-time; the offset (Z or ±hh:mm) may be left out only when timeZone is given beside it, e.g. 2026-03-11T09:00:00+01:00',
        received: '2026-03-11T09:00:00',
        retryable: false,
      });
      // With or without timeZone, an offset in another form and a day that does not exist are still refused.
      expect(check(pack(), zoned({ dateTime: '2026-03-11T09:00:00+0100', timeZone: tz }, { dateTime: '2026-03-11T09:30:00', timeZone: tz })).body).toMatchObject({ field: 'start.dateTime' });
      expect((check(pack(), zoned({ dateTime: '2026-02-30T09:00:00Z' }, { dateTime: '2026-03-11T09:30:00Z' })).body as any).message).toMatch(/^names no real day; /);
    });
  }

  it('the import report counts the zoned dateTimes (start, end and the other EventDateTime uses)', () => {
    expect(report('google-calendar-v3').dateForms.zonedDateTime).toBeGreaterThanOrEqual(2);
    expect(report('google-drive-v3').dateForms.zonedDateTime).toBe(0);
  });
});

describe('Google Discovery’s fields parameter', () => {
  it('Drive files_list takes fields as an optional argument with the response-shaping gloss', () => {
    const pack = importedTool('google-drive-v3', 'files_list');
    expect(check(pack, { name: 'files_list', arguments: { fields: 'files(id,name)' } }).ok).toBe(true);
    const tool = importedPack('google-drive-v3').tools.find((t) => t.name === 'files_list')!;
    expect(tool.arguments.required ?? []).not.toContain('fields');
    expect(tool.arguments.properties.fields).toMatchObject({ type: 'string', 'x-in': 'query', 'x-gloss': RESPONSE_SHAPING_GLOSS.fields });
  });

  it('every tool of every Google pack takes fields', () => {
    const missing: string[] = [];
    for (const id of importedPackIds().filter((x) => x.startsWith('google-'))) {
      for (const t of importedPack(id).tools) if (t.arguments.properties?.fields?.['x-in'] !== 'query') missing.push(`${id}.${t.name}`);
    }
    expect(missing).toEqual([]);
  });

  it('a request body with its own top-level fields member keeps both: the body’s is renamed with its wire name', async () => {
    const doc = {
      discoveryVersion: 'v1',
      name: 'things',
      version: 'v1',
      servicePath: 'things/v1/',
      parameters: {
        fields: { type: 'string', location: 'query' },
        key: { type: 'string', location: 'query' },
      },
      schemas: {
        Mask: { id: 'Mask', type: 'object', properties: { fields: { type: 'string' }, name: { type: 'string' } } },
      },
      resources: {
        things: { methods: { patch: { id: 'things.things.patch', httpMethod: 'PATCH', path: 'things/{id}', parameters: { id: { type: 'string', location: 'path', required: true } }, request: { $ref: 'Mask' } } } },
      },
    };
    const { pack, report: r } = await importSpec(doc, { id: 'things' });
    const props = pack.tools[0].arguments.properties as Record<string, SchemaNode>;
    expect(Object.keys(props).sort()).toEqual(['body_fields', 'fields', 'id', 'name']);
    expect(props.fields).toMatchObject({ 'x-in': 'query', 'x-gloss': RESPONSE_SHAPING_GLOSS.fields });
    expect(props.fields['x-wire-name']).toBeUndefined();
    expect(props.body_fields).toMatchObject({ 'x-in': 'body', 'x-wire-name': 'fields' });
    expect(props.body_fields['x-gloss']).toBeUndefined();
    expect(r.collisions).toEqual([{ tool: pack.tools[0].name, name: 'fields', in: 'body', renamedTo: 'body_fields', keptIn: 'query' }]);
    expect(r.heldBack.everyTool.map((h) => h.name)).toEqual(['key']);
    const compiledThings = compilePack(pack, 'things');
    expect(check(compiledThings, { name: pack.tools[0].name, arguments: { id: 'a', fields: 'id', body_fields: 'name' } }).ok).toBe(true);
  });
});
