// The editor's marks come from the engine's positions (parse/positions.ts, through the sandbox): in every
// format check() reads, the squiggle of a field's fault covers that field's value, and only it. The text
// under a squiggle is read from the page by where its characters are drawn.
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { compressToEncodedURIComponent } from 'lz-string';
import { CALL_FORMATS, writeCall, type CallFormat } from '../../src/engine';
import { getPack } from '../../src/packs';
import { useBrowser } from './browser';
import { done, expected, openPlayground, paste, shownBody } from './playground-support';

const chrome = useBrowser();
const helpdesk = getPack('helpdesk')!;
const call = { name: 'update_ticket', arguments: { ticket_id: 'T-8841', status: 'OPEN' } };

/** The characters under each error squiggle of the call editor, in the order the page draws them. */
function squiggledText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const editor = document.querySelector('[data-testid=editor]')!;
    const lines = [...editor.querySelectorAll('.view-line')];
    return [...editor.querySelectorAll('.squiggly-error')].map((squiggle) => {
      const box = squiggle.getBoundingClientRect();
      const middle = box.top + box.height / 2;
      const line = lines.find((l) => {
        const b = l.getBoundingClientRect();
        return b.top <= middle && middle < b.bottom;
      });
      let text = '';
      if (!line) return text;
      const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        for (let i = 0; i < node.data.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const c = range.getBoundingClientRect();
          const x = c.left + c.width / 2;
          if (x > box.left && x < box.right) text += node.data[i];
        }
      }
      return text.replace(/\u00a0/g, ' ');
    });
  });
}

/** `"OPEN"` as it stands in a call's text: escaped inside OpenAI's string-encoded arguments. */
function written(format: CallFormat): string {
  return ['openai-chat', 'openai-responses', 'openai-function-call'].includes(format) ? '\\"OPEN\\"' : '"OPEN"';
}

describe('the mark of a fault sits on the characters the engine read', () => {
  test('in every format of CALL_FORMATS, and in a Gemini response', async () => {
    // Opened with update_ticket picked, the tool bare arguments are checked against.
    const state = { pack: 'helpdesk', tool: call.name, call: writeCall(call, 'plain') };
    const s = await openPlayground(chrome.browser, '#v1/' + compressToEncodedURIComponent(JSON.stringify(state)));
    const texts: [string, string, string][] = CALL_FORMATS.map((f) => [f, writeCall(call, f), written(f)]);
    texts.push(['gemini response', JSON.stringify({ candidates: [{ content: { role: 'model', parts: [{ functionCall: { name: call.name, args: call.arguments } }] } }] }, null, 2), '"OPEN"']);
    for (const [format, text, mark] of texts) {
      await paste(s.page, 'editor', text);
      await shownBody(s.page, expected(helpdesk, text, { tool: call.name }).bytes);
      await expect.poll(() => squiggledText(s.page), { message: format }).toEqual([mark]);
    }
    await done(s);
  });
});
