// The docs' navigation helpers: the table of contents read from a page's HTML, and resource names as words.
import { describe, expect, test } from 'vitest';
import { pageToc, tocEntries } from '../src/components/docs/TocHeadings';
import { resourceLabel } from '../src/docs/grouping';

describe('tocEntries', () => {
  test('h2 and h3 with an id, or the first heading of an element with one; link text beside a name is left out', () => {
    const html = [
      '<h1>Error codes</h1>',
      '<h3 id="early">Before any section</h3>',
      '<section aria-labelledby="stage-parse"><h2 id="stage-parse">Stage: parse</h2>',
      '<div class="code-entry" id="invalid_json" data-code="invalid_json"> <h3 data-pagefind-weight="10">invalid_json<a class="anchor" href="#invalid_json">#</a></h3></div>',
      '<h3 class="panel-title">OpenAI</h3>',
      // A tab panel (its id set by the tabs script, or not) is no destination: it may be hidden.
      '<div data-panel="mcp" id="export-panel-mcp" hidden> <h3 class="panel-title">MCP</h3></div>',
      '<div data-panel="openai" id="export-panel-openai"> <h3 class="panel-title">OpenAI</h3></div>',
      '<h3 class="field-name" id="field-amount"> <a class="anchor" href="#field-amount"> <span class="leaf">amount</span> </a> </h3>',
      '<h2 id="invalid_status" class="code-title"><code>invalid_status</code> <a class="small" href="/errors/">what it means</a></h2>',
      '<h2 id="enum-codes">Enum codes &amp; rules, per&nbsp;pack</h2>',
      '<h4 id="deep">Too deep</h4>',
      // A nested field's name, with the break hints a long name gets: read as the name, without spaces.
      '<h3 class="field-name" id="field-cd"><a class="anchor" href="#field-cd"><span class="parent">conference<wbr>Data.<wbr></span><span class="leaf">create<wbr>Request</span></a></h3>',
    ].join('\n');
    expect(tocEntries(html)).toEqual([
      { id: 'stage-parse', label: 'Stage: parse', depth: 2 },
      { id: 'invalid_json', label: 'invalid_json', depth: 3 },
      { id: 'field-amount', label: 'amount', depth: 3 },
      { id: 'invalid_status', label: 'invalid_status', depth: 2 },
      { id: 'enum-codes', label: 'Enum codes & rules, per pack', depth: 2 },
      { id: 'field-cd', label: 'conferenceData.createRequest', depth: 3 },
    ]);
  });

  test('a page gets a table of contents from three linkable sections on', () => {
    const two = '<h2 id="a">A</h2><h3 id="a1">A1</h3><h2 id="b">B</h2><h2>No id</h2>';
    expect(pageToc(two)).toEqual([]);
    expect(pageToc(two + '<h2 id="c">C</h2>').map((e) => e.id)).toEqual(['a', 'a1', 'b', 'c']);
  });

  test('sections only: the h3s are left out, and three sections are still needed', () => {
    const page = '<h2 id="a">A</h2><h3 id="a1">A1</h3><h2 id="b">B</h2><h3 id="b1">B1</h3>';
    expect(pageToc(page, true)).toEqual([]);
    expect(pageToc(page + '<h2 id="c">C</h2>', true)).toEqual([
      { id: 'a', label: 'A', depth: 2 },
      { id: 'b', label: 'B', depth: 2 },
      { id: 'c', label: 'C', depth: 2 },
    ]);
  });
});

describe('resourceLabel', () => {
  test('names as a reader scans them', () => {
    expect(['PaymentIntents', 'CalendarList', 'Freebusy', 'Tickets', 'payment_intents', 'customer-sessions', 'APIKeys', 'OAuth2Tokens'].map(resourceLabel)).toEqual([
      'Payment intents',
      'Calendar list',
      'Freebusy',
      'Tickets',
      'Payment intents',
      'Customer sessions',
      'API keys',
      'OAuth2 tokens',
    ]);
  });
});
