// The package exports the ordered checks on their own: their outcome carries the body check() would send,
// written by body.ts from the checks stage's fault.
import { expect, test } from 'vitest';
import { check, runChecks, serializeBody } from '../../src/engine';
import { getPack } from '../../src/packs';

test("runChecks() gives the failing check's body, byte for byte the body check() sends, and none when every check passes", () => {
  const pack = getPack('helpdesk')!;
  const tool = pack.tool('update_ticket')!;
  const missing = { ticket_id: 'T-0000', status: 'open' };
  const sent = check(pack, { name: 'update_ticket', arguments: missing });
  expect(sent.body?.error).toBe('not_found');
  const alone = runChecks(tool, missing, pack.state);
  expect(alone.ok).toBe(false);
  expect(alone.fault?.code).toBe('not_found');
  expect(serializeBody(alone.body!)).toBe(serializeBody(sent.body!));
  const passed = runChecks(tool, { ticket_id: 'T-8841', status: 'open' }, pack.state);
  expect([passed.ok, passed.body, passed.fault]).toEqual([true, null, null]);
});
