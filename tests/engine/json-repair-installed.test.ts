// The parse stage repairs JSON only once jsonrepair is installed (json-repair.ts): every entry point installs
// it, and the playground's first body, which does not, leaves a call JSON.parse refuses to the island. This
// file imports the stages alone, as that first body does, and then installs the repairer as the island does.
import { expect, test } from 'vitest';
import { parseCall } from '../../src/engine/parse/formats';
import { jsonRepairInstalled } from '../../src/engine/parse/json-repair';

const fenced = '```json\n{"name": "get_ticket", "arguments": {"ticket_id": "T-1",}}\n```';

test('without the repairer a fenced call is invalid_json, as before; installed, it is read and the repairs reported', async () => {
  expect(jsonRepairInstalled()).toBe(false);
  const before = parseCall(fenced);
  expect(before.ok).toBe(false);
  if (!before.ok) expect(before.fault.code).toBe('invalid_json');
  await import('../../src/sandbox/json-repair');
  expect(jsonRepairInstalled()).toBe(true);
  const after = parseCall(fenced);
  expect(after).toMatchObject({ ok: true, name: 'get_ticket', args: { ticket_id: 'T-1' } });
  if (after.ok) expect(after.repairs?.map((r) => r.rule)).toEqual(['json_code_fence', 'json_trailing_comma']);
});
