// Search finds a tool by what it does (issue 18): every tool page carries words made from its facts
// (src/docs/search-words.ts), weighted for Pagefind. This builds a Pagefind index, with Pagefind's own Node
// API, over a page per tool of every pack and a page per pack (the text the real pages index: the tool's
// name, operation and argument names; the pack's list of tool names and operations), and asks it what the
// site's search box asks. tests/e2e/site-search.test.ts asks the index of the real build the same.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as pagefind from 'pagefind';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { singular, splitWords, toolSearchHtml, toolSearchWords, type SearchableTool } from '../src/docs/search-words';
import { vendorName } from '../src/imported/vendors';
import { PACK_CATALOG } from '../src/package/catalog';
import { getPack } from '../src/packs';
import { searchIndex } from './search-index';

interface PackFacts {
  id: string;
  title: string;
  vendor: string;
  tools: SearchableTool[];
}

function packFacts(id: string, kind: string): PackFacts {
  if (kind === 'curated') {
    const p = getPack(id)!;
    return { id, title: p.title, vendor: p.vendor, tools: p.tools.map((t) => ({ name: t.name, resource: t.resource, operation: t.operation, argumentNames: Object.keys(t.source.arguments.properties ?? {}) })) };
  }
  const p = JSON.parse(readFileSync(`content/packs/imported/${id}.json`, 'utf8')) as { title: string; vendor: string; tools: { name: string; resource?: string; operation?: { id: string }; arguments: { properties?: Record<string, unknown> } }[] };
  return { id, title: p.title, vendor: p.vendor, tools: p.tools.map((t) => ({ name: t.name, resource: t.resource, operation: t.operation, argumentNames: Object.keys(t.arguments.properties ?? {}) })) };
}

const page = (title: string, main: string) => `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main data-pagefind-body data-pagefind-meta="title:${title}">${main}</main></body></html>`;
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** Pagefind's Node API reports errors in its answers rather than throwing them. */
async function added(answer: Promise<{ errors: string[] }>): Promise<void> {
  const { errors } = await answer;
  if (errors.length) throw new Error(`pagefind: ${errors.join('; ')}`);
}

let dir = '';
const QUERIES = ['send sms', 'create issue', 'post message', 'refund'];
let results: Record<string, string[]> = {};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'actionable-search-'));
  const { index } = await pagefind.createIndex({});
  if (!index) throw new Error('pagefind did not start');
  for (const entry of PACK_CATALOG) {
    const pack = packFacts(entry.id, entry.kind);
    const list = pack.tools.map((t) => `<li><a href="/packs/${pack.id}/${t.name}/"><code>${t.name}</code></a> <span>${escape(t.operation?.id ?? '')}</span></li>`).join('');
    await added(index.addHTMLFile({ url: `/packs/${pack.id}/`, content: page(`${pack.title} pack`, `<h1>${escape(pack.title)}</h1><p>${pack.tools.length} tools imported from ${escape(pack.vendor)}'s spec.</p><ul>${list}</ul>`) }));
    for (const t of pack.tools) {
      const fields = t.argumentNames.map((n) => `<tr><td><code>${escape(n)}</code></td></tr>`).join('');
      const main = `<h1>${t.name}</h1><p>One operation of ${escape(pack.title)}, read from ${escape(pack.vendor)}'s own spec.</p><p>${escape(t.operation?.id ?? '')}</p>${toolSearchHtml(vendorName(pack.vendor), pack.id, t)}<h2>Fields</h2><table>${fields}</table>`;
      await added(index.addHTMLFile({ url: `/packs/${pack.id}/${t.name}/`, content: page(`${t.name} · ${pack.title}`, main) }));
    }
  }
  const written = await index.writeFiles({ outputPath: join(dir, 'pagefind') });
  if (written.errors.length) throw new Error(`pagefind: ${written.errors.join('; ')}`);
  await pagefind.close();
  results = searchIndex(join(dir, 'pagefind'), QUERIES);
}, 180_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The URLs of a query's results, best first. */
function ranked(query: string): string[] {
  if (!results[query]) throw new Error(`${query} is not among the queries asked (QUERIES)`);
  return results[query];
}

describe('search words from the facts', () => {
  test('names split into words, plurals made singular', () => {
    expect(splitWords('CreateMessage')).toEqual(['create', 'message']);
    expect(splitWords('issues_create-comment')).toEqual(['issues', 'create', 'comment']);
    expect(splitWords('chat.postMessage')).toEqual(['chat', 'post', 'message']);
    expect(['issues', 'repositories', 'addresses', 'status'].map(singular)).toEqual(['issue', 'repository', 'address', 'status']);
  });
  test("the verb and its object: the head noun after the verb, up to a preposition, else the noun before it", () => {
    const words = (name: string, operation?: string) => toolSearchWords('GitHub', { name, operation: operation ? { id: operation } : undefined, argumentNames: [] });
    expect(words('issues_create')).toMatchObject({ verb: 'create', object: 'issue' });
    expect(words('issues_create-comment')).toMatchObject({ verb: 'create', object: 'comment' });
    expect(words('CreateSmsCommand')).toMatchObject({ verb: 'create', object: 'command' });
    expect(words('create_thread_from_message')).toMatchObject({ verb: 'create', object: 'thread' });
    // No verb in the name: the HTTP method's.
    expect(words('Messages', 'POST /v1/Messages')).toMatchObject({ verb: 'create', object: 'message' });
    // A name that is its method and path: a POST to one existing refund changes it; a GET of the collection lists.
    expect(words('PostRefunds', 'POST /v1/refunds')).toMatchObject({ verb: 'create', object: 'refund' });
    expect(words('PostRefundsRefund', 'POST /v1/refunds/{refund}')).toMatchObject({ verb: 'update', object: 'refund' });
    expect(words('GetRefunds', 'GET /v1/refunds')).toMatchObject({ verb: 'list', object: 'refund' });
  });
  test('the words are metadata only: the page gains no text for an excerpt to quote', () => {
    const html = toolSearchHtml('Stripe', 'stripe', { name: 'create_refund', operation: { id: 'POST /v1/refunds' }, argumentNames: ['charge'] });
    expect(html.replace(/<[^>]*>/g, '')).toBe('');
    expect(html).toContain('data-pagefind-meta="does:create add new make open refund refunds"');
    expect(html).toContain('data-pagefind-meta="makes:refund refunds"');
  });
  test('a message tool that takes a recipient sends it; a Twilio one is an SMS', () => {
    const tw = toolSearchWords('Twilio', { name: 'CreateMessage', argumentNames: ['To', 'Body'] });
    expect(tw.action).toEqual(expect.arrayContaining(['send', 'sms', 'text']));
    const chat = toolSearchWords('Twilio', { name: 'CreateMessage', argumentNames: ['ChannelSid', 'Body'] });
    expect(chat.action).not.toContain('sms');
  });
});

describe('the index over every pack', () => {
  test('"send sms" finds Twilio\'s CreateMessage (twilio-api-v2010) first', async () => {
    const top = ranked('send sms');
    expect(top[0]).toBe('/packs/twilio-api-v2010/CreateMessage/');
  });
  test('"create issue" puts GitHub\'s issues_create among the first three, with Jira\'s createIssue', async () => {
    const top = ranked('create issue');
    expect(top.slice(0, 3)).toContain('/packs/github-v3/issues_create/');
    expect(top.slice(0, 3)).toContain('/packs/jira-v3/createIssue/');
  });
  test('"refund" alone lists the tools that create refunds among the eight the box shows', () => {
    const top = ranked('refund').slice(0, 8);
    expect(top).toContain('/packs/stripe/create_refund/');
    expect(top).toContain('/packs/stripe-v1/PostRefunds/');
  });
  test('a tool page outranks the pack page that lists it', async () => {
    for (const query of ['send sms', 'create issue', 'post message']) {
      const top = ranked(query);
      const firstPack = top.findIndex((u) => /^\/packs\/[^/]+\/$/.test(u));
      const firstTool = top.findIndex((u) => /^\/packs\/[^/]+\/[^/]+\/$/.test(u));
      expect(firstTool, query).toBe(0);
      if (firstPack !== -1) expect(firstPack, query).toBeGreaterThan(firstTool);
    }
  });
});
