// The words of imported tools, on real operations of the corpus: a tool's summary says what the operation
// does (verb, resource, where), and a field's description what it identifies and which tool of the pack
// lists those things, besides what it takes. All of it is made from the spec's facts (prose.test.ts holds
// that no vendor sentence gets in).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoveryExtract, extract, IMPORTED, importExtract, tool } from './corpus';

const GITHUB = 'github/api.github.com.json';

describe('tool summaries from verb and resource', () => {
  it('GitHub: issues_create and pulls_get say what they do and where, and keep their route in operation.id', async () => {
    const { pack } = await importExtract(extract(GITHUB, ['POST /repos/{owner}/{repo}/issues', 'GET /repos/{owner}/{repo}/pulls/{pull_number}', 'PUT /repos/{owner}/{repo}/pulls/{pull_number}/merge']), 'github-words');
    expect(tool(pack, 'issues_create').summary).toBe('Create an issue in a repository.');
    expect(tool(pack, 'issues_create').operation?.id).toBe('POST /repos/{owner}/{repo}/issues');
    expect(tool(pack, 'pulls_get').summary).toBe('Get one pull request of a repository.');
    // The route's last segment is the action on the item before it.
    expect(tool(pack, 'pulls_merge').summary).toBe('Merge a pull request of a repository.');
  });

  it('Slack: chat_postMessage posts a message to a channel, the channel being the argument it requires', async () => {
    const { pack } = await importExtract(extract('slack/slack_web_openapi_v2.json', ['POST /chat.postMessage', 'GET /users.lookupByEmail']), 'slack-words');
    expect(tool(pack, 'chat_postMessage').summary).toBe('Post a message to a channel.');
    expect(tool(pack, 'users_lookupByEmail').summary).toBe('Look up a user by email.');
  });

  it('Drive: files_list lists files, and the Discovery route stays beside the method id', async () => {
    const { pack } = await importExtract(discoveryExtract('google/drive__v3.json', ['drive.files.list', 'drive.files.get']), 'drive-words');
    const list = tool(pack, 'files_list');
    expect(list.summary).toBe('List files.');
    expect(list.operation).toEqual({ id: 'drive.files.list', route: 'GET /drive/v3/files' });
    expect(tool(pack, 'files_get').summary).toBe('Get one file.');
  });

  it('Twilio: CreateMessage creates a message in an account; a deprecated operation says so first', async () => {
    const { pack } = await importExtract(extract('twilio/twilio_api_v2010.json', ['POST /2010-04-01/Accounts/{AccountSid}/Messages.json']), 'twilio-words');
    expect(tool(pack, 'CreateMessage').summary).toBe('Create a message in an account.');
    const gh = await importExtract(extract(GITHUB, ['GET /repos/{owner}/{repo}/import']), 'github-deprecated');
    expect(tool(gh.pack, 'migrations_get-import-status').summary).toMatch(/^Deprecated\. Get /);
  });
});

describe('field descriptions from facts', () => {
  it('a oneOf of string and integer reads "a string or an integer", never "any value"', async () => {
    const { pack } = await importExtract(extract(GITHUB, ['POST /repos/{owner}/{repo}/issues']), 'github-words');
    const args = tool(pack, 'issues_create').arguments.properties;
    expect(args.title.oneOf).toEqual([{ type: 'string' }, { type: 'integer' }]);
    expect(args.title.description).toBe('A string or an integer.');
    // A list says of what: its name's noun, and its items' type.
    expect(args.assignees.description).toBe('An array of assignees (strings).');
    // An object of more than three fields is left to its schema, which names them.
    expect(args.labels.description).toBe('An array of labels, each a string or an object.');
    expect(args.owner.description).toBe('The owner of the repository (a string).');
  });

  it('an object names its fields', async () => {
    const { pack } = await importExtract(discoveryExtract('google/calendar__v3.json', ['calendar.events.insert']), 'calendar-words');
    const start = tool(pack, 'events_insert').arguments.properties.start;
    expect(Object.keys(start.properties)).toEqual(['date', 'dateTime', 'timeZone']);
    expect(start.description).toBe('An object with date, dateTime and timeZone.');
  });

  it('an id names the tool that lists its resource, only when the pack has that tool', async () => {
    const alone = await importExtract(extract(GITHUB, ['GET /repos/{owner}/{repo}/pulls/{pull_number}']), 'github-words');
    expect(tool(alone.pack, 'pulls_get').arguments.properties.pull_number.description).toBe('The number of the pull request (an integer).');
    const withList = await importExtract(extract(GITHUB, ['GET /repos/{owner}/{repo}/pulls/{pull_number}', 'GET /repos/{owner}/{repo}/pulls']), 'github-words');
    expect(tool(withList.pack, 'pulls_get').arguments.properties.pull_number.description).toBe('The number of the pull request (an integer), as listed by pulls_list.');

    // Not only path parameters: Drive's driveId query parameter of files.list is listed by drives.list.
    const drive = await importExtract(discoveryExtract('google/drive__v3.json', ['drive.files.list', 'drive.drives.list', 'drive.files.get']), 'drive-words');
    expect(tool(drive.pack, 'files_list').arguments.properties.driveId.description).toBe('The id of the drive (a string), as listed by drives_list.');
    expect(tool(drive.pack, 'files_get').arguments.properties.fileId.description).toBe('The id of the file (a string), as listed by files_list.');

    // Asana names its lists `getProjects`: a get of a plural object on a collection is a list.
    const asana = await importExtract(extract('asana/asana_oas.json', ['GET /projects/{project_gid}', 'GET /projects']), 'asana-words');
    expect(tool(asana.pack, 'getProjects').summary).toBe('List projects.');
    expect(tool(asana.pack, 'getProject').arguments.properties.project_gid.description).toBe('The id of the project (a string), as listed by getProjects.');

    // Twilio: the account's SID, listed by ListAccount (whose route is the collection with .json).
    const twilio = await importExtract(extract('twilio/twilio_api_v2010.json', ['POST /2010-04-01/Accounts/{AccountSid}/Messages.json', 'GET /2010-04-01/Accounts.json']), 'twilio-words');
    expect(tool(twilio.pack, 'CreateMessage').arguments.properties.AccountSid.description).toBe('The SID of the account ("AC" followed by 32 hexadecimal digits), as listed by ListAccount.');
  });

  it('a body field that shares a path parameter\'s name is not described as that parameter', async () => {
    const { pack } = await importExtract(discoveryExtract('google/sheets__v4.json', ['sheets.spreadsheets.values.append']), 'sheets-words');
    const args = tool(pack, 'spreadsheets_values_append').arguments.properties;
    expect(args.range['x-in']).toBe('path');
    expect(args.body_range['x-wire-name']).toBe('range');
    expect(args.body_range.description).toBe('A string.');
  });
});

describe('the committed imported packs', () => {
  const packs = readdirSync(IMPORTED).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(readFileSync(join(IMPORTED, f), 'utf8')));

  it('name, in every "as listed by", a tool of the same pack that lists', () => {
    let named = 0;
    const wrong: string[] = [];
    for (const pack of packs) {
      const byName = new Map<string, any>(pack.tools.map((t: any) => [t.name, t]));
      for (const t of pack.tools) {
        for (const [field, schema] of Object.entries<any>(t.arguments.properties ?? {})) {
          const m = /, as listed by ([A-Za-z0-9_-]+)/.exec(schema.description ?? '');
          if (!m) continue;
          named++;
          const lister = byName.get(m[1]);
          if (!lister || !/^(Deprecated\. )?(List|Search) /.test(lister.summary) || lister.name === t.name) wrong.push(`${pack.id}/${t.name}.${field}: ${m[1]}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(named).toBeGreaterThan(1000);
  });

  it('write every permitted value as it must be sent, in the words a body uses for a set: the empty string as "", never as nothing (stripe-v1: "One of: "", exempt, none, reverse.")', () => {
    const descriptions: string[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node !== null && typeof node === 'object') {
        for (const [k, v] of Object.entries(node)) if (k === 'description' && typeof v === 'string') descriptions.push(v);
        else walk(v);
      }
    };
    for (const pack of packs) walk(pack.tools);
    expect(descriptions.filter((d) => /\bOne of:? (?:,| or )|, ,|\bexactly \./.test(d))).toEqual([]);
    expect(descriptions.filter((d) => d.includes('One of: "",')).length).toBeGreaterThan(50);
  });

  it('describe no tool by its route and no field as "any value" where its schema says more', () => {
    const routes: string[] = [];
    const vague: string[] = [];
    for (const pack of packs) {
      for (const t of pack.tools) {
        if (/^(GET|POST|PUT|PATCH|DELETE) \//.test(t.summary) || !/^[A-Z].*\.$/.test(t.summary)) routes.push(`${pack.id}/${t.name}: ${t.summary}`);
        for (const [field, schema] of Object.entries<any>(t.arguments.properties ?? {})) {
          if (/any value/i.test(schema.description ?? '') && (schema.type || schema.oneOf || schema.anyOf)) vague.push(`${pack.id}/${t.name}.${field}: ${schema.description}`);
        }
      }
    }
    expect(routes).toEqual([]);
    expect(vague).toEqual([]);
  });
});
