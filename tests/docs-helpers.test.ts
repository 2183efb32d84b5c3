// The docs' build-time helpers (src/docs/): the words of the fields table, the anchors, and the error
// dictionary's examples. The pages are checked in the browser by tests/e2e/docs.test.ts.
import { describe, expect, test } from 'vitest';
import { allGenericCodes, check, enumCodes, serializeBody } from '../src/engine';
import { packs } from '../src/packs';
import { boundsText, constraintsOf, fieldRows, fieldTable, inlineText, typeText } from '../src/docs/fields';
import { compilePack } from '../src/engine/pack/ajv-backend';
import { getImportedPack } from '../src/imported/site';
import { enumDictionary, genericDictionary, ruleDictionary } from '../src/docs/dictionary';
import { codesInBody, packExamples } from '../src/docs/examples';
import { markRanges } from '../src/docs/highlight';
import { fieldAnchor } from '../src/docs/urls';
import { breakableHtml, breakablePieces, LONG_WORD } from '../src/docs/break-long';
import { plural } from '../src/docs/words';
import { collapseSpaces } from '../src/docs/html';
import { verdictLines, type TargetVerdict } from '../src/docs/strict-verdicts';
import type { StrictCounts } from '../src/engine';

describe('fields table words', () => {
  test('bounds and sizes in the phrasebook\'s words, with the right number', () => {
    expect(boundsText({ minimum: 1, maximum: 2500 })).toBe('from 1 to 2500');
    expect(boundsText({ exclusiveMinimum: 0 })).toBe('greater than 0');
    expect(boundsText({})).toBeUndefined();
    const rules = (schema: object) => constraintsOf({}, { schema } as never).map((c) => inlineText(c.parts));
    expect(rules({ type: 'string', minLength: 1 })).toEqual(['at least 1 character']);
    expect(rules({ type: 'string', minLength: 1, maxLength: 200 })).toEqual(['from 1 to 200 characters']);
    expect(rules({ type: 'array', maxItems: 1 })).toEqual(['holds at most 1 item']);
    expect(rules({ type: 'array', minItems: 2, maxItems: 2 })).toEqual(['holds exactly 2 items']);
  });

  test('the fields table says a length or range rule as the body does', () => {
    // Every top-level bounded string or number of the curated packs: the body for a value past its bound carries the table's words.
    let seen = 0;
    for (const pack of packs) {
      for (const tool of pack.tools) {
        const valid = (tool.source.examples?.valid?.[0] ?? {}) as Record<string, unknown>;
        for (const [path, field] of tool.fields) {
          const s = field.schema as Record<string, unknown>;
          if (path.includes('.') || path.includes('[') || field.enumValues || s.format || s.pattern) continue;
          const bad = typeof s.maxLength === 'number' ? 'x'.repeat(s.maxLength + 1) : typeof s.maximum === 'number' && s.type === 'integer' ? s.maximum + 1 : undefined;
          if (bad === undefined) continue;
          const body = check(pack, { name: tool.name, arguments: { ...valid, [path]: bad } }).body as Record<string, unknown> | null;
          if (!body || (body.field !== path && !Array.isArray(body.errors))) continue;
          const entry = body.field === path ? body : (body.errors as Record<string, unknown>[]).find((e) => e.field === path);
          if (!entry) continue;
          const words = constraintsOf({}, field).filter((c) => c.kind === 'length' || c.kind === 'range').map((c) => inlineText(c.parts));
          expect(words.length, `${tool.name}.${path}`).toBe(1);
          expect(String(entry.message), `${tool.name}.${path}`).toContain(words[0]);
          seen++;
        }
      }
    }
    expect(seen).toBeGreaterThan(3);
  });

  test('types read as a person would say them', () => {
    const root = {};
    expect(typeText(root, { type: 'array', items: { type: 'string' } })).toBe('array of string');
    expect(typeText(root, { type: 'object', additionalProperties: { type: 'string' } })).toBe('map of string');
    expect(typeText(root, { type: ['string', 'null'] })).toBe('string or null');
    expect(typeText(root, { enum: ['a', 'b'] })).toBe('string');
  });

  test('a small enum is listed, a large one gives its rule and an example, a conflict gives its reason', () => {
    const small = constraintsOf({}, { schema: { type: 'string', enum: ['open', 'pending', 'closed'] }, enumValues: ['open', 'pending', 'closed'] });
    expect(small.map((c) => inlineText(c.parts))).toEqual(['one of: open, pending, closed']);
    const values = Array.from({ length: 40 }, (_, i) => `v${i}`);
    const large = constraintsOf({}, { schema: { type: 'string' }, enumValues: values, rule: 'a value code', example: 'v7' });
    expect(inlineText(large[0].parts)).toBe('one of 40 values: a value code, e.g. v7');
    const conflict = constraintsOf({}, { schema: { type: 'string' }, conflicts: { with: ['q'], reason: 'the two filter differently.' } });
    expect(inlineText(conflict[0].parts)).toBe('cannot be combined with q: the two filter differently');
  });

  test('every field of every tool gets one row with a unique anchor, in declaration order', () => {
    for (const pack of packs) {
      for (const tool of pack.tools) {
        const rows = fieldRows(tool);
        expect(rows.map((r) => r.path)).toEqual([...tool.fields.keys()]);
        expect(new Set(rows.map((r) => r.anchor)).size).toBe(rows.length);
        for (const r of rows) expect(r.anchor).toMatch(/^field-[A-Za-z0-9_.-]+$/);
      }
    }
    expect(fieldAnchor('attendees[].email')).toBe('field-attendees-item.email');
  });

  test('an object that repeats one listed above is one row linking there; every field still has a row that shows it', () => {
    const colour = (description: string, blue: object = { type: 'number', description: 'Blue, 0 to 1.' }) => ({
      type: 'object',
      description,
      properties: { red: { type: 'number', description: 'Red, 0 to 1.' }, green: { type: 'number', description: 'Green, 0 to 1.' }, blue },
    });
    const source = {
      id: 'repeats',
      title: 'Repeats',
      vendor: 'Test',
      reference: 'https://example.com/paint',
      summary: 'Objects used in several places.',
      tools: [{
        name: 'paint',
        summary: 'Paint a shape.',
        arguments: {
          type: 'object',
          properties: {
            fill: colour('The fill.'),
            border: { type: 'object', properties: { colour: colour('The border colour.'), width: { type: 'integer' } } },
            // Not the same object: one of its fields is described otherwise.
            shade: colour('The shade.', { type: 'number', description: 'Blue, as a share of 1.' }),
            // Two fields: a link would be no shorter.
            size: { type: 'object', properties: { w: { type: 'integer' }, h: { type: 'integer' } } },
            again: { type: 'object', properties: { w: { type: 'integer' }, h: { type: 'integer' } } },
          },
        },
      }],
    };
    const tool = compilePack(source, 'repeats.json').tool('paint')!;
    const table = fieldTable(tool);
    expect(table.rows.map((r) => r.path)).toEqual([
      'fill', 'fill.red', 'fill.green', 'fill.blue', 'border', 'border.colour', 'border.width',
      'shade', 'shade.red', 'shade.green', 'shade.blue', 'size', 'size.w', 'size.h', 'again', 'again.w', 'again.h',
    ]);
    const repeat = table.rows.find((r) => r.path === 'border.colour')!;
    expect(repeat.description).toBe('The border colour.');
    expect(repeat.sameAs).toEqual({ path: 'fill', anchor: fieldAnchor('fill'), fields: 3 });
    expect(table.rows.filter((r) => r.sameAs)).toHaveLength(1);
    expect(table.fields).toBe(fieldRows(tool).length);
    expect(table.anchorOf('border.colour.green')).toBe(fieldAnchor('fill.green'));
    expect(table.anchorOf('border.colour')).toBe(fieldAnchor('border.colour'));
    expect(table.anchorOf('nowhere')).toBeUndefined();
  });

  test('on Sheets\' spreadsheets_batchUpdate every field left out is shown, in the same words, where its object is first listed', () => {
    const tool = getImportedPack('google-sheets-v4')!.tool('spreadsheets_batchUpdate')!;
    const all = fieldRows(tool);
    const table = fieldTable(tool);
    expect(table.rows.length).toBeLessThan(all.length / 3);
    const shown = new Map(table.rows.map((r) => [r.anchor, r]));
    const words = (r: (typeof all)[number]) => JSON.stringify([r.label, r.type, r.required, r.defaultValue, r.description, r.constraints, r.aliases]);
    for (const r of all) {
      const at = shown.get(table.anchorOf(r.path) ?? '');
      expect(at, r.path).toBeDefined();
      expect(words(at!), r.path).toBe(words(r));
    }
  });

  test('plural forms', () => {
    expect(plural(1, 'glosses')).toBe('gloss');
    expect(plural(1, 'aliases')).toBe('alias');
    expect(plural(1, 'example errors')).toBe('example error');
    expect(plural(2, 'conflicts')).toBe('conflicts');
    expect(plural(1, 'required')).toBe('required');
  });
});

describe('model-facing marks', () => {
  test('a gloss is found in its JSON-escaped form on the line that carries it', () => {
    const code = JSON.stringify({ description: 'The id. Keep the "T-" prefix.' }, null, 2);
    const ranges = markRanges(code, ['Keep the "T-" prefix.']);
    expect(ranges).toHaveLength(1);
    const line = code.split('\n')[ranges[0].line];
    expect(line.slice(ranges[0].start, ranges[0].end)).toBe('Keep the \\"T-\\" prefix.');
  });
});

describe('error dictionary', () => {
  test('every generic code has a real engine body whose code is that code', () => {
    const entries = genericDictionary(packs);
    expect(entries.map((e) => e.code)).toEqual(allGenericCodes().map((c) => c.code));
    for (const e of entries) {
      expect(e.example, `${e.code} has an example`).toBeDefined();
      expect(e.example!.result.body?.error).toBe(e.code);
      if (e.example!.call) {
        const pack = packs.find((p) => p.id === e.example!.pack)!;
        expect(e.example!.bytes).toBe(serializeBody(check(pack, e.example!.call, e.example!.options).body!));
      }
    }
  });

  test('every enum code of every pack has an example body that carries it', () => {
    for (const pack of packs) {
      const entries = enumDictionary(pack);
      expect(entries.map((e) => e.code).sort()).toEqual([...new Set(enumCodes(pack).map((c) => c.code))].sort());
      for (const e of entries) expect(codesInBody(e.example.result.body), `${pack.id} ${e.code}`).toContain(e.code);
    }
  });

  test('every business rule of every pack has the body its own example gets', () => {
    for (const pack of packs) {
      for (const r of ruleDictionary(pack)) {
        expect(r.example, `${pack.id} ${r.code} has an example`).toBeDefined();
        expect(r.example!.result.body?.error).toBe(r.code);
      }
    }
  });

  test('the examples of a pack are its faulty calls and its stopped check calls, each rejected', () => {
    for (const pack of packs) {
      const runs = packExamples(pack);
      const invalid = pack.tools.reduce((n, t) => n + (t.source.examples?.invalid?.length ?? 0), 0);
      expect(runs.filter((r) => r.kind === 'invalid')).toHaveLength(invalid);
      for (const r of runs) {
        expect(r.result.body, `${pack.id} ${r.tool}: ${r.about}`).not.toBeNull();
        expect(r.code).toBe(String(r.result.body!.error));
      }
    }
  });
});

describe('breakablePieces (where a long name may break in a fields table)', () => {
  test('breaks a long enum name after each underscore and a long camelCase name before each word, and gives back the same text', () => {
    const text = 'One of DEVELOPER_METADATA_LOCATION_MATCHING_STRATEGY_UNSPECIFIED, EXACT_LOCATION or INTERSECTING_LOCATION.';
    const pieces = breakablePieces(text);
    expect(pieces.join('')).toBe(text);
    expect(pieces.slice(0, 3)).toEqual(['One of DEVELOPER_', 'METADATA_', 'LOCATION_']);
    expect(breakablePieces('importFunctionsExternalUrlAccessAllowed')).toEqual(['import', 'Functions', 'External', 'Url', 'Access', 'Allowed']);
    expect(breakablePieces('requests[].addChart.chart.spec.')).toEqual(['requests[].', 'add', 'Chart.', 'chart.', 'spec.']);
  });

  test('leaves words shorter than LONG_WORD whole, so a short code pill never breaks', () => {
    for (const short of ['check()', 'labels', 'EXACT_LOCATION', 'a'.repeat(LONG_WORD - 1), 'in progress: open_ticket']) expect(breakablePieces(short)).toEqual([short]);
    expect(breakablePieces('')).toEqual(['']);
  });

  test('as HTML: the pieces escaped and joined by <wbr>, one more after them when asked (a parent path)', () => {
    expect(breakableHtml('importFunctionsExternalUrlAccessAllowed')).toBe('import<wbr>Functions<wbr>External<wbr>Url<wbr>Access<wbr>Allowed');
    expect(breakableHtml('conferenceData.createRequest.', true)).toBe('conference<wbr>Data.<wbr>create<wbr>Request.<wbr>');
    // A vendor's text is text: markup in it is escaped, whether or not the word is long enough to break.
    expect(breakableHtml('<b>"x" & \'y\'</b>')).toBe('&lt;b&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/b&gt;');
    expect(breakableHtml('a_<script>alert(1)</script>_b')).toBe('a_<wbr>&lt;script&gt;alert(1)&lt;/<wbr>script&gt;_<wbr>b');
  });
});

describe('collapseSpaces (the text of an imported tool page, as the browser shows it)', () => {
  test('a run of spaces, line breaks and tabs in text is one space; a lone space or line break stays', () => {
    expect(collapseSpaces('<p>\n  What each   vendor\n\tdoes.\n</p>  <td> <span>x</span>     </td>')).toBe('<p> What each vendor does.\n</p> <td> <span>x</span> </td>');
    expect(collapseSpaces('<p>a b\nc</p>')).toBe('<p>a b\nc</p>');
  });
  test('pre, textarea, script and style keep their text, every tag its attributes, and a no-break space is no space', () => {
    const kept = '<pre class="shiki"><code><span class="line">  "a":  1,</span>\n<span>    x</span></code></pre><textarea>a  b</textarea><script>if (a  >  b) {}</script><style>a  { }</style>';
    expect(collapseSpaces(kept)).toBe(kept);
    expect(collapseSpaces('<a aria-label="a  >  b" title=\'x   y\'>1  2</a>')).toBe('<a aria-label="a  >  b" title=\'x   y\'>1 2</a>');
    expect(collapseSpaces('<p>a\u00a0\u00a0b  c</p>')).toBe('<p>a\u00a0\u00a0b c</p>');
  });
});

describe('verdictLines (the strict-mode verdicts of an imported tool page)', () => {
  const counts = (c: Partial<StrictCounts> = {}): StrictCounts => ({ refuses: 0, ignores: 0, rewrite: 0, checks: 0, gloss: 0, nowhere: 0, ...c });
  const openai: TargetVerdict = { target: 'openai-strict', label: 'OpenAI strict mode', counts: counts(), total: 0, refused: false };
  const anthropic: TargetVerdict = { ...openai, target: 'anthropic-strict', label: 'Anthropic strict tool use' };
  const gemini: TargetVerdict = { target: 'gemini', label: 'Gemini function declarations', counts: counts({ refuses: 1, ignores: 2, checks: 3 }), total: 3, refused: true };

  test('targets with the same verdict share a line, in the targets\' order; no rule lost is left to the page to say once', () => {
    expect(verdictLines([openai, anthropic, gemini])).toEqual({
      noneLost: true,
      lines: [
        { targets: ['openai-strict', 'anthropic-strict'], labels: 'OpenAI strict mode and Anthropic strict tool use', text: 'take it as it is.' },
        { targets: ['gemini'], labels: 'Gemini function declarations', text: 'refuses the plain export (1 construct refused, 2 not enforced); the strict export rewrites it.' },
      ],
    });
    expect(verdictLines([openai, anthropic, { ...gemini, counts: counts(), total: 0, refused: false }]).lines).toEqual([
      { targets: ['openai-strict', 'anthropic-strict', 'gemini'], labels: 'OpenAI strict mode, Anthropic strict tool use and Gemini function declarations', text: 'take it as it is.' },
    ]);
  });

  test('every count that is not zero is said; a target that only ignores rules accepts the schema', () => {
    const rewrites = { ...openai, counts: counts({ refuses: 2, rewrite: 3 }), total: 5, refused: true };
    const ignores = { ...anthropic, counts: counts({ ignores: 1 }), total: 1, refused: false };
    expect(verdictLines([rewrites, ignores]).lines.map((l) => l.text)).toEqual([
      'refuses the plain export (2 constructs refused, 3 to rewrite); the strict export rewrites them.',
      'accepts it, but does not enforce 1 rule.',
    ]);
    expect(verdictLines([{ ...rewrites, counts: counts({ rewrite: 1 }), total: 1 }]).lines[0].text).toBe('refuses the plain export (1 construct to rewrite); the strict export rewrites it.');
  });

  test('a target that loses rules says so on its line, and every line says what it loses', () => {
    const loses = { ...gemini, counts: counts({ refuses: 1, nowhere: 2 }), total: 1 };
    expect(verdictLines([openai, anthropic, loses])).toEqual({
      noneLost: false,
      lines: [
        { targets: ['openai-strict', 'anthropic-strict'], labels: 'OpenAI strict mode and Anthropic strict tool use', text: 'take it as it is. No rule is lost.' },
        { targets: ['gemini'], labels: 'Gemini function declarations', text: 'refuses the plain export (1 construct refused); the strict export rewrites it. 2 rules enforced nowhere.' },
      ],
    });
    // No verdicts (a schema too large to lint on the page): nothing is claimed.
    expect(verdictLines([])).toEqual({ noneLost: false, lines: [] });
  });
});

describe('a tool page’s fields table: rules read from descriptions (issue 33)', () => {
  test('a field whose description promises a form shows it as read from the description, with its keywords', () => {
    const pack = compilePack(
      { id: 'read-rules', title: 'T', vendor: 'v', reference: 'https://example.com/', summary: 's', tools: [{ name: 't', summary: 'T.', arguments: { type: 'object', properties: { due: { type: 'string', description: 'Date as YYYY-MM-DD' }, note: { type: 'string' } } } }] },
      'test',
      { packChecks: false },
    );
    const rows = fieldRows(pack.tools[0]);
    expect(rows.find((r) => r.path === 'due')!.constraints).toEqual([{ kind: 'read', parts: ['read from the description: ', { code: '"format": "date"' }] }]);
    expect(rows.find((r) => r.path === 'note')!.constraints).toEqual([]);
  });
  test('an id field whose examples share a shape shows it as read from the examples', () => {
    const pack = compilePack(
      { id: 'read-shapes', title: 'T', vendor: 'v', reference: 'https://example.com/', summary: 's', tools: [{ name: 't', summary: 'T.', arguments: { type: 'object', properties: { customer_id: { type: 'string', examples: ['cus_NffrFeUfNV2Hib'] } } } }] },
      'test',
      { packChecks: false },
    );
    expect(fieldRows(pack.tools[0]).find((r) => r.path === 'customer_id')!.constraints).toEqual([{ kind: 'read', parts: ['read from the examples: ', { code: '"pattern": "^cus_[A-Za-z0-9]+$"' }] }]);
  });
});
