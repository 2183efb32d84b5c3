// JSON highlighted by Shiki at build time, in both themes at once (CSS picks one), with the text the
// model-facing schema adds to descriptions marked. Runs only at build: no highlighter ships to the browser.
import { createHighlighter, type DecorationItem, type Highlighter } from 'shiki';
import { PLAIN_TOKEN_CLASS, TOKEN_CLASSES } from './code-colors';

let highlighter: Promise<Highlighter> | undefined;

function getHighlighter(): Promise<Highlighter> {
  highlighter ??= createHighlighter({ themes: ['github-light', 'github-dark'], langs: ['json'] });
  return highlighter;
}

export interface HighlightOptions {
  /** Sentences to mark wherever they appear inside a JSON string on a line (model-facing notes). */
  marks?: readonly string[];
  /** Accessible name of the scrollable block. */
  label?: string;
}

/** The character ranges of each mark on each line, found in the JSON-escaped form the code shows. */
export function markRanges(code: string, marks: readonly string[]): { line: number; start: number; end: number }[] {
  const out: { line: number; start: number; end: number }[] = [];
  const escaped = [...new Set(marks)].filter(Boolean).map((m) => JSON.stringify(m).slice(1, -1));
  code.split('\n').forEach((text, line) => {
    const taken: [number, number][] = [];
    for (const m of escaped) {
      let from = 0;
      for (;;) {
        const i = text.indexOf(m, from);
        if (i === -1) break;
        const end = i + m.length;
        if (!taken.some(([a, b]) => i < b && end > a)) {
          taken.push([i, end]);
          out.push({ line, start: i, end });
        }
        from = end;
      }
    }
  });
  return out;
}

/** The deepest indent (in spaces, even) that has a class of its own in global.css. */
export const INDENT_CLASS_MAX = 20;

/** A span whose only class is the plain text's. */
function isPlainToken(cls: unknown): boolean {
  return cls === PLAIN_TOKEN_CLASS || (Array.isArray(cls) && cls.length === 1 && cls[0] === PLAIN_TOKEN_CLASS);
}

export async function highlightJson(code: string, options: HighlightOptions = {}): Promise<string> {
  const hl = await getHighlighter();
  const ranges = markRanges(code, options.marks ?? []);
  const indents = code.split('\n').map((l) => /^ */.exec(l)![0].length);
  const markedLines = new Set(ranges.map((r) => r.line + 1));
  const decorations: DecorationItem[] = ranges.map((r) => ({
    start: { line: r.line, character: r.start },
    end: { line: r.line, character: r.end },
    properties: { class: 'model-note' },
  }));
  return hl.codeToHtml(code, {
    lang: 'json',
    themes: { light: 'github-light', dark: 'github-dark' },
    defaultColor: false,
    decorations,
    transformers: [
      {
        pre(node) {
          // The pre scrolls; a label tells a screen reader what it holds.
          if (options.label) node.properties['aria-label'] = options.label;
          delete node.properties.style;
          // The theme names as classes style nothing here (global.css colours by token class).
          node.properties.class = 'shiki';
        },
        span(node) {
          const cls = typeof node.properties.style === 'string' ? TOKEN_CLASSES.get(node.properties.style) : undefined;
          if (cls) {
            delete node.properties.style;
            this.addClassToHast(node, cls);
          }
        },
        line(node, line) {
          // Plain text (punctuation, mostly) needs no span: it takes the pre's colours. A third of a block's bytes.
          node.children = node.children.flatMap((child) =>
            child.type === 'element' && child.tagName === 'span' && isPlainToken(child.properties.class) ? child.children : [child],
          );
          // One line of compact JSON wraps after a comma where it can, not inside a key ("statu" / "s").
          if (indents.length === 1) {
            node.children = node.children.flatMap((child) =>
              child.type === 'text' && child.value.includes(',')
                ? child.value.split(/(?<=,)/).flatMap((part) => (part.endsWith(',') ? [{ ...child, value: part }, { type: 'element' as const, tagName: 'wbr', properties: {}, children: [] }] : [{ ...child, value: part }]))
                : [child],
            );
          }
          if (markedLines.has(line)) this.addClassToHast(node, 'has-note');
          // Long lines wrap with a hanging indent deeper than their own (see .line in global.css): a class for
          // the common indents (i2 … i20), a style for a deeper one.
          const indent = indents[line - 1];
          if (indent && indent <= INDENT_CLASS_MAX && indent % 2 === 0) this.addClassToHast(node, `i${indent}`);
          else if (indent) node.properties.style = `--i:${indent}`;
        },
      },
    ],
  });
}

/**
 * Text for an element's content, escaped only where HTML needs it (&, <, >). Astro's own escaping also writes
 * every quote as &quot;: six bytes for each of JSON's quotes, over a tenth of a plain code block.
 */
export function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
