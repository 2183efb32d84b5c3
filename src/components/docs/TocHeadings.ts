// The table of contents of a page, read from its rendered HTML at build time (Base.astro renders the page
// body to a string first), so no page lists its own sections and a page's TOC cannot drift from its headings.

export interface TocEntry {
  id: string;
  label: string;
  depth: 2 | 3;
}

/** A page with at least this many linkable h2 sections is long enough for a table of contents. */
const TOC_MIN_SECTIONS = 3;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

/** A heading's text: a line-break hint (<wbr>) and an inline element join what they hold; any other tag is a space. */
function textOf(html: string): string {
  const joined = html.replace(/<wbr\s*\/?>/gi, '').replace(/<\/?(?:span|code|strong|em|b|i|a)\b[^>]*>/gi, '');
  return decode(joined.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim();
}

/**
 * The heading's words: its text outside links when it has any (a `#` permalink or a "what it means" link
 * beside a code is not the section's name), else the text of the link that is the whole heading.
 */
function labelOf(inner: string): string {
  return textOf(inner.replace(/<a\b[\s\S]*?<\/a>/gi, '')) || textOf(inner);
}

/**
 * Every h2 and h3 a link can reach, in order: one with its own id, or the first heading of an element
 * with an id (an entry of /errors/, whose anchor is the entry), unless that element is a tab panel. An h3
 * before the first h2 is left out.
 */
export function tocEntries(html: string): TocEntry[] {
  const entries: TocEntry[] = [];
  for (const m of html.matchAll(/<h([23])\b([^>]*)>([\s\S]*?)<\/h\1>/gi)) {
    const depth = Number(m[1]) as 2 | 3;
    let id = /\sid="([^"]+)"/.exec(m[2])?.[1];
    if (id === undefined) {
      const before = html.slice(Math.max(0, m.index - 400), m.index);
      const wrapper = /<(?:div|section|article)\b([^>]*)>\s*$/.exec(before)?.[1] ?? '';
      // A tab panel's heading is for a page without script; the panel may be hidden, so it is no destination.
      if (!/\shidden\b|data-panel=/.test(wrapper)) id = /\sid="([^"]+)"/.exec(wrapper)?.[1];
    }
    if (id === undefined) continue;
    if (depth === 3 && !entries.some((e) => e.depth === 2)) continue;
    const label = labelOf(m[3]);
    if (label) entries.push({ id: decode(id), label, depth });
  }
  return entries;
}

/** The entries when the page is long enough for a table of contents, else none; `sectionsOnly` keeps the h2s. */
export function pageToc(html: string, sectionsOnly = false): TocEntry[] {
  const entries = tocEntries(html).filter((e) => !sectionsOnly || e.depth === 2);
  return entries.filter((e) => e.depth === 2).length >= TOC_MIN_SECTIONS ? entries : [];
}
