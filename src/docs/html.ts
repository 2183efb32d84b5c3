// Text into HTML that the site writes as a string (set:html, the playground's first body): as text, never as
// markup, whoever wrote it (a vendor's spec, a caller's call).
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `text` escaped for an element's content or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/**
 * A tag whole (a quoted attribute value may hold `>`), or an element whose text is shown as written: pre,
 * textarea, script and style, from start tag to end tag.
 */
const KEPT_AS_WRITTEN = /<(pre|textarea|script|style)\b[\s\S]*?<\/\1>|<[!/a-zA-Z](?:[^>"']|"[^"]*"|'[^']*')*>/gi;
/** Two or more of the spaces HTML collapses (not a no-break space, which it does not). */
const SPACE_RUN = /[ \t\n\r\f]{2,}/g;

/**
 * Rendered HTML with each run of spaces in its text made one space, which is how a browser shows the run anyway
 * (outside pre, textarea, script and style, which are kept, as is every tag with its attributes). A template's
 * line breaks and indentation inside a paragraph, and the spaces an empty expression leaves, are repeated in every
 * page made from it. For a page without islands: React would find an island's server text changed.
 */
export function collapseSpaces(html: string): string {
  let out = '';
  let at = 0;
  for (const m of html.matchAll(KEPT_AS_WRITTEN)) {
    out += html.slice(at, m.index).replace(SPACE_RUN, ' ') + m[0];
    at = m.index + m[0].length;
  }
  return out + html.slice(at).replace(SPACE_RUN, ' ');
}
