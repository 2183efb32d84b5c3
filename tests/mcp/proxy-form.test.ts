// The proxy's --form: a refused call's result carries the body in the wire form asked for (the same bytes
// serializeBody() writes, with the pack's docs link), still with isError and still never reaching the server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { check, serializeBody } from '../../src/engine';
import { getPack } from '../../src/packs';
import { buildBin, rawProxy, startProxy, type ProxySession } from './proxy-session';

const dir = mkdtempSync(join(tmpdir(), 'actionable-proxy-form-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const sessions: ProxySession[] = [];
afterEach(async () => {
  for (const s of sessions.splice(0)) await s.client.close().catch(() => {});
});
beforeAll(() => buildBin(), 120_000);

const SERVER = [process.execPath, 'tests/mcp/helpdesk-server.mjs'];
const faulty = { name: 'update_ticket', arguments: { ticket_id: 'T-8841', status: 'OPEN' } };
const body = check(getPack('helpdesk')!, faulty, { checks: false }).body!;

test('--form problem+json --base-url: the refusal is problem+json, with isError, and never reaches the server', async () => {
  const s = await startProxy({ dir, proxyArgs: ['--pack', 'helpdesk', '--form', 'problem+json', '--base-url', 'https://example.com/'], server: SERVER });
  sessions.push(s);
  const text = serializeBody(body, { form: 'problem+json', baseUrl: 'https://example.com/', pack: 'helpdesk' });
  expect(JSON.parse(text).type).toBe('https://example.com/errors/#helpdesk-invalid_status');
  expect(await s.client.callTool(faulty)).toEqual({ content: [{ type: 'text', text }], isError: true });
  expect(s.seen()).toEqual([]);
}, 60_000);

test('--form aip-193 without a pack: against the server’s own tools', async () => {
  const s = await startProxy({ dir, proxyArgs: ['--form', 'aip-193'], server: SERVER });
  sessions.push(s);
  const result = (await s.client.callTool(faulty)) as { content: { text: string }[]; isError: boolean };
  expect(result.isError).toBe(true);
  expect(JSON.parse(result.content[0].text).error.details[0]).toMatchObject({ reason: 'INVALID_STATUS', metadata: { received: '"OPEN"' } });
  expect(s.seen()).toEqual([]);
}, 60_000);

test.each([
  [['--form', 'mcp'], '--form takes one of body, problem+json, aip-193, json-rpc, not "mcp"'],
  [['--base-url', 'https://example.com/'], '--base-url goes with --form problem+json'],
])('%j is a usage error, exit 2', async (flags, message) => {
  const { exited } = rawProxy({ dir, proxyArgs: ['--pack', 'helpdesk', ...flags], server: SERVER });
  const { code, stderr } = await exited;
  expect(code).toBe(2);
  expect(stderr).toContain(`error: ${message}\n`);
}, 60_000);
