// Issue 18, item 2: credentials and transport parameters are never in a tool's arguments (the server fills them),
// and the import report says which were held back and why. Checked on every committed imported pack against
// the vendor documents they come from, and on a small document for each way the importer recognises one.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { check } from '../../src/engine';
import { compilePack } from '../../src/engine/pack/ajv-backend';
import type { SchemaNode } from '../../src/engine/types';
import { CORPUS } from '../../src/cli/import-corpus';
import { importSpec, type ImportReport } from '../../src/importer/index';
import { IMPORTED, importedPack, importedPackIds, vendorDoc } from './corpus';

/** Google Discovery's standard parameters the server fills (Discovery documents list them at the top level); `fields` stays. */
const GOOGLE_HELD_BACK = ['key', 'access_token', 'oauth_token', 'quotaUser', 'prettyPrint', 'alt', 'callback', 'upload_protocol', 'uploadType', '$.xgafv', 'userIp'];
const GOOGLE_CREDENTIALS = ['key', 'access_token', 'oauth_token'];
/** Auth headers, as argument names (a header argument's name is its lower-case, underscored form). */
const AUTH_HEADER_ARGS = ['authorization', 'proxy_authorization', 'x_api_key', 'api_key', 'apikey', 'x_auth_token', 'x_access_token', 'cookie'];

function report(id: string): ImportReport {
  return JSON.parse(readFileSync(`${IMPORTED}/reports/${id}.json`, 'utf8'));
}

function args(t: { arguments: SchemaNode }): [string, SchemaNode][] {
  return Object.entries<SchemaNode>(t.arguments.properties ?? {});
}

describe('credentials and transport parameters in the committed imported packs', () => {
  const ids = importedPackIds();

  it('no tool of any pack takes an auth header, a Google standard parameter, or Slack’s token', () => {
    const found: string[] = [];
    for (const id of ids) {
      for (const t of importedPack(id).tools) {
        for (const [name, s] of args(t)) {
          const wire = (s['x-wire-name'] as string | undefined) ?? name;
          if (s['x-in'] === 'header' && AUTH_HEADER_ARGS.includes(name)) found.push(`${id}.${t.name}.${name} (header)`);
          if (id.startsWith('google-') && GOOGLE_HELD_BACK.includes(wire)) found.push(`${id}.${t.name}.${name}`);
          if (id === 'slack-web' && wire === 'token') found.push(`${id}.${t.name}.${name}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('no tool takes a parameter an apiKey security scheme of its document names', () => {
    const found: string[] = [];
    for (const entry of CORPUS) {
      const doc = vendorDoc(entry.file);
      const schemes = Object.values<any>(doc.components?.securitySchemes ?? doc.securityDefinitions ?? {});
      const keys = schemes.filter((s) => s.type === 'apiKey').map((s) => `${s.in}:${String(s.name).toLowerCase().replace(/[^a-z0-9]+/g, '_')}`);
      for (const t of importedPack(entry.id).tools) {
        for (const [name, s] of args(t)) {
          if (keys.includes(`${s['x-in']}:${name.toLowerCase()}`)) found.push(`${entry.id}.${t.name}.${name}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('every Google pack’s report holds back the document’s standard parameters but fields, credentials apart', () => {
    for (const entry of CORPUS.filter((e) => e.id.startsWith('google-'))) {
      const standard = Object.keys(vendorDoc(entry.file).parameters);
      const held = report(entry.id).heldBack.everyTool;
      expect(held.map((h) => h.name).sort(), entry.id).toEqual(standard.filter((n) => n !== 'fields').sort());
      expect(held.every((h) => GOOGLE_HELD_BACK.includes(h.name)), entry.id).toBe(true);
      for (const h of held) expect(h.why, `${entry.id} ${h.name}`).toBe(GOOGLE_CREDENTIALS.includes(h.name) ? 'credential' : 'transport');
    }
  });

  it('every Slack operation that declares token has it held back as a credential, where the spec puts it', () => {
    const doc = vendorDoc('slack/slack_web_openapi_v2.json');
    const r = report('slack-web');
    const pack = importedPack('slack-web');
    let declared = 0;
    for (const t of pack.tools) {
      const [method, path] = t.operation!.id.split(' ');
      const op = doc.paths[path.replace(/^\/api/, '')][method.toLowerCase()];
      const token = (op.parameters ?? []).find((p: any) => p.name === 'token');
      if (!token) continue;
      declared++;
      expect(r.heldBack.tools[t.name], t.name).toContainEqual(expect.objectContaining({ name: 'token', in: token.in === 'formData' ? 'body' : token.in, why: 'credential' }));
    }
    expect(declared).toBeGreaterThan(150);
    expect(r.heldBack.tools.users_lookupByEmail).toEqual([
      { name: 'token', in: 'query', why: 'credential', basis: 'the token of the oauth2 security scheme slackAuth the operation requires ("Authentication token")' },
    ]);
  });

  it('Slack users_lookupByEmail takes just an email, and refuses a token', () => {
    const pack = compilePack(importedPack('slack-web'), 'slack-web.json');
    const ok = check(pack, { name: 'users_lookupByEmail', arguments: { email: 'ada@example.com' } });
    expect(ok.ok).toBe(true);
    expect(ok.body).toBeNull();
    const withToken = check(pack, { name: 'users_lookupByEmail', arguments: { email: 'ada@example.com', token: 'xoxb-1' } });
    expect(withToken.body).toMatchObject({ error: 'unknown_argument', field: 'token' });
  });

  it('GitHub’s and Discord’s access_token body fields, the subject of the call, stay arguments', () => {
    const github = importedPack('github-v3').tools.find((t) => t.name === 'apps_check-token')!;
    expect(github.arguments.properties.access_token).toMatchObject({ type: 'string', 'x-in': 'body' });
    expect(github.arguments.required).toContain('access_token');
    const discord = importedPack('discord-v10').tools.find((t) => t.name === 'add_guild_member')!;
    expect(discord.arguments.properties.access_token).toMatchObject({ 'x-in': 'body' });
  });
});

describe('how the importer recognises a credential', () => {
  it('from an apiKey scheme, an auth header, an OAuth token parameter; response shaping and look-alikes stay', async () => {
    const doc = {
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      security: [{ oauth: [] }],
      components: {
        securitySchemes: {
          queryKey: { type: 'apiKey', in: 'query', name: 'api_key' },
          cookieKey: { type: 'apiKey', in: 'cookie', name: 'session' },
          oauth: { type: 'oauth2', flows: { implicit: { authorizationUrl: 'https://example.com/auth', scopes: {} } } },
        },
      },
      paths: {
        '/things': {
          get: {
            operationId: 'listThings',
            parameters: [
              { name: 'api_key', in: 'query', required: true, schema: { type: 'string' } },
              { name: 'session', in: 'cookie', required: true, schema: { type: 'string' } },
              { name: 'Authorization', in: 'header', required: true, schema: { type: 'string' } },
              { name: 'X-Api-Key', in: 'header', schema: { type: 'string' } },
              { name: 'access_token', in: 'query', description: 'OAuth access token.', schema: { type: 'string' } },
              { name: 'token', in: 'query', description: 'A page token from the last response.', schema: { type: 'string' } },
              { name: 'fields', in: 'query', schema: { type: 'string' } },
              { name: 'expand', in: 'query', schema: { type: 'array', items: { type: 'string' } } },
              { name: 'include', in: 'query', schema: { type: 'string' } },
            ],
          },
        },
      },
    };
    const { pack, report: r } = await importSpec(doc, { id: 'creds' });
    const t = pack.tools[0];
    expect(Object.keys(t.arguments.properties).sort()).toEqual(['expand', 'fields', 'include', 'token']);
    expect(t.arguments.required).toBeUndefined();
    expect(r.heldBack.tools.listThings.map((h) => [h.name, h.in, h.why])).toEqual([
      ['api_key', 'query', 'credential'],
      ['session', 'cookie', 'credential'],
      ['Authorization', 'header', 'credential'],
      ['X-Api-Key', 'header', 'credential'],
      ['access_token', 'query', 'credential'],
    ]);
    expect(r.heldBack.everyTool).toEqual([]);
  });

  it('a token parameter under no OAuth or bearer scheme stays an argument', async () => {
    const doc = {
      swagger: '2.0',
      info: { title: 't', version: '1' },
      paths: { '/restore': { post: { operationId: 'restore', parameters: [{ name: 'token', in: 'query', type: 'string', description: 'Authentication token.' }] } } },
    };
    const { pack, report: r } = await importSpec(doc, { id: 'plain' });
    expect(Object.keys(pack.tools[0].arguments.properties)).toEqual(['token']);
    expect(r.heldBack.tools).toEqual({});
  });
});
