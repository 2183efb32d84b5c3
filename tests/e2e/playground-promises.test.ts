// Issue 33, tried as a new user would: an MCP tools/list whose `due` says "Date as YYYY-MM-DD", pasted into
// Your tools, and a call with `due: "March 3"`. The body refuses, says the format and where the rule was read,
// and offers no value it cannot parse; the lint panel offers `"format": "date"` as a JSON Patch, and with the
// patch applied the schema itself holds the rule and the panel has nothing left to offer.
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { compileCustomTools } from '../../src/components/playground/loading/custom-tools';
import { useBrowser } from './browser';
import { done, expected, openPlayground, paste, shownBody } from './playground-support';

const chrome = useBrowser();

/** What a server answers to tools/list: one tool whose `due` states its format only in words. */
function toolsList(due: Record<string, unknown>) {
  return JSON.stringify(
    {
      jsonrpc: '2.0',
      id: 1,
      result: {
        tools: [
          {
            name: 'create_task',
            description: 'Creates a task.',
            inputSchema: { type: 'object', properties: { title: { type: 'string' }, due: { type: 'string', description: 'Date as YYYY-MM-DD', ...due } }, required: ['title'] },
          },
        ],
      },
    },
    null,
    2,
  );
}

const CALL = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'create_task', arguments: { title: 'Pay rent', due: 'March 3' } } });

function packOf(text: string) {
  const custom = compileCustomTools(text);
  if (custom.ok !== true) throw new Error('the definitions should compile');
  return custom.pack;
}

async function shownJson(page: Page): Promise<Record<string, unknown>> {
  return JSON.parse((await page.locator('[data-testid=error-body]').textContent()) ?? 'null') as Record<string, unknown>;
}

describe('a rule stated only in a description, in Your tools', () => {
  test('due: "March 3" is refused with the format and its source; the lint panel offers "format": "date", and the patch applied holds the rule', async () => {
    const s = await openPlayground(chrome.browser);
    await s.page.locator('[data-testid=tab-custom]').click();
    const tools = toolsList({});
    await paste(s.page, 'tools-editor', tools);
    await expect.poll(() => s.page.locator('[data-testid=tools-ok]').textContent()).toContain('create_task');
    await paste(s.page, 'editor', CALL);

    // The body: the exact bytes check() gives in Node, and what a reader needs from them.
    await shownBody(s.page, expected(packOf(tools), CALL).bytes);
    const body = await shownJson(s.page);
    expect(body).toMatchObject({ error: 'invalid_format', field: 'due', received: 'March 3' });
    expect(body.message).toContain('YYYY-MM-DD');
    expect(body.message).toContain('read from the description of due');
    // "March 3" has no year: no value is offered in its place.
    expect(body).not.toHaveProperty('did_you_mean');

    // Your tools lists the rule read; the lint panel lists it as a promise with its fix.
    expect(await s.page.locator('[data-testid=read-rule]').allTextContents()).toEqual([expect.stringContaining('"format": "date"')]);
    const lint = s.page.locator('[data-testid=strict-lint]');
    await lint.locator('summary').first().click();
    expect(await lint.locator('[data-testid=lint-promise-count]').textContent()).toBe('1 promise not in the schemas');
    const rows = lint.locator('[data-testid=lint-promise]');
    await expect.poll(() => rows.count()).toBe(1);
    const row = rows.first();
    expect(await row.textContent()).toContain('create_task.due “YYYY-MM-DD”: add "format": "date"');
    await row.locator('summary').click();
    await row.getByRole('button', { name: 'Copy patch' }).click();
    await expect.poll(() => row.getByRole('button', { name: 'Copied' }).count()).toBe(1);
    const patch = JSON.parse(await s.page.evaluate(() => navigator.clipboard.readText())) as { op: string; path: string; value: unknown }[];
    expect(patch).toEqual([{ op: 'add', path: '/properties/due/format', value: 'date' }]);

    // The patch applied to the inputSchema: the schema holds the rule, so nothing is left to offer, and the
    // same call is still refused, now on the schema's own format.
    const schema = (JSON.parse(tools) as { result: { tools: { inputSchema: Record<string, unknown> }[] } }).result.tools[0].inputSchema;
    const at = patch[0].path.split('/').slice(1, -1);
    const target = at.reduce<Record<string, unknown>>((node, key) => node[key] as Record<string, unknown>, schema);
    target[patch[0].path.split('/').at(-1)!] = patch[0].value;
    const patched = toolsList({ format: 'date' });
    expect(JSON.stringify(schema)).toBe(JSON.stringify((JSON.parse(patched) as { result: { tools: { inputSchema: unknown }[] } }).result.tools[0].inputSchema));
    await paste(s.page, 'tools-editor', patched);
    await expect.poll(() => lint.locator('[data-testid=lint-promise-count]').textContent()).toBe('no promise left out of the schemas');
    expect(await lint.locator('[data-testid=lint-promise]').count()).toBe(0);
    expect(await s.page.locator('[data-testid=read-rules]').count()).toBe(0);
    await shownBody(s.page, expected(packOf(patched), CALL).bytes);
    expect(await shownJson(s.page)).toMatchObject({ error: 'invalid_format', field: 'due', received: 'March 3' });
    await done(s);
  });
});
