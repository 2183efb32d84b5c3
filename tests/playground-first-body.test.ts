// The first body's HTML (src/components/playground/loading/first-body.ts), which the build writes for the default
// example and the early script for a link: its text is the body the island shows (indented, as BodyPanel
// does), the verdict says what Verdict.tsx says, and caller text stays text.
import { describe, expect, test } from 'vitest';
import { check, serializeBody } from '../src/engine';
import { getPack } from '../src/packs';
import { DEFAULT_EXAMPLE } from '../src/components/playground/examples/first-example';
import { escapeHtml } from '../src/docs/html';
import { firstBodyHtml, firstCallHtml } from '../src/components/playground/loading/first-body';

/** The text a browser shows for the markup: tags dropped, entities read back. */
function textOf(html: string): string {
  return html.replace(/<[^>]*>/g, '').replace(/&(lt|gt|quot|#39|amp);/g, (_, e: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[e]!);
}

function bodyText(html: string): string {
  const m = /<pre class="pg-code pg-json pg-body-json" data-testid="first-body-json">([\s\S]*?)<\/pre>/.exec(html);
  expect(m, 'the body’s pre').not.toBeNull();
  return textOf(m![1]);
}

describe('first-body.ts', () => {
  test('the default example: the indented body, its size, and the verdict with its fault count', () => {
    const r = check(getPack(DEFAULT_EXAMPLE.pack)!, DEFAULT_EXAMPLE.call);
    expect(r.ok).toBe(false);
    const bytes = serializeBody(r.body!);
    const html = firstBodyHtml(r, bytes, 42);
    expect(bodyText(html)).toBe(JSON.stringify(r.body, null, 2));
    expect(html).toContain(`42 tokens<span class="pg-count-bytes"> · ${new TextEncoder().encode(bytes).length} bytes</span>`);
    expect(textOf(html)).toMatch(new RegExp(`^Rejected ${r.log.faults.length === 1 ? 'one fault' : `${r.log.faults.length} faults`}`));
  });

  test('markup in a call and in the values the body quotes stays text', () => {
    const call = '{"name": "update_ticket", "arguments": {"ticket_id": "T-1", "status": "<img src=x onerror=alert(1)>"}}';
    const r = check(getPack('helpdesk')!, call);
    expect(r.ok).toBe(false);
    const html = firstBodyHtml(r, serializeBody(r.body!)) + firstCallHtml(call, r.shape, r.tool ?? undefined);
    expect(html).not.toContain('<img');
    expect(bodyText(html)).toBe(JSON.stringify(r.body, null, 2));
    expect(bodyText(html)).toContain('<img src=x onerror=alert(1)>');
    expect(textOf(/<pre class="pg-editor-plain"[^>]*>([\s\S]*?)<\/pre>/.exec(html)![1])).toBe(call);
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  test('an accepted call: no body, the verdict says so', () => {
    const call = '{"name": "update_ticket", "arguments": {"ticket_id": "T-8841", "status": "open"}}';
    const r = check(getPack('helpdesk')!, call);
    expect(r.ok).toBe(true);
    const html = firstBodyHtml(r, null);
    expect(html).not.toContain('first-body-json');
    expect(textOf(html)).toMatch(/^Accepted as sent: no error body\./);
  });
});
