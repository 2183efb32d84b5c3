// "Try it in the playground" on a tool page opens one of the tool's own wrong calls (src/docs/try-call.ts),
// so the playground shows a body worth reading, not a call it accepts (issue 34, item 6).
import { expect, test } from 'vitest';
import { tryItArguments, tryItCall } from '../src/docs/try-call';
import { check } from '../src/engine';
import { loadCatalogPack } from '../src/package/catalog';
import { packs } from '../src/packs';

test("Slack's chat_postMessage opens on blocks sent as an array (invalid_type), not on a call that goes through", async () => {
  const slack = (await loadCatalogPack('slack-web'))!;
  const tool = slack.tools.find((t) => t.name === 'chat_postMessage')!;
  const r = check(slack, tryItCall(tool), { checks: false });
  expect(r.ok).toBe(false);
  expect(r.body!.error).toBe('invalid_type');
  expect(r.body!.field).toBe('blocks');
});

test('every curated tool with a wrong call of its own opens on one the engine refuses, with the code it expects', () => {
  let opened = 0;
  for (const pack of packs) {
    for (const tool of pack.tools) {
      const invalid = tool.source.examples?.invalid ?? [];
      if (!invalid.length) continue;
      const chosen = invalid.find((e) => e.arguments === tryItArguments(tool))!;
      const r = check(pack, { name: tool.name, arguments: chosen.arguments });
      expect(r.ok, `${pack.id}/${tool.name}`).toBe(false);
      // Not the plainest fault when the tool has another.
      if (invalid.some((e) => e.expect !== 'missing_required')) expect(chosen.expect).not.toBe('missing_required');
      opened++;
    }
  }
  expect(opened).toBeGreaterThan(10);
});

test('a tool without a wrong call opens on its first valid one', () => {
  const tool = { ...packs[0].tools[0], source: { ...packs[0].tools[0].source, examples: { valid: [{ a: 1 }] } } };
  expect(JSON.parse(tryItCall(tool))).toEqual({ name: tool.name, arguments: { a: 1 } });
});
