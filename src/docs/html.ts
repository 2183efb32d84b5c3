// Text into HTML that the site writes as a string (set:html, the playground's first body): as text, never as
// markup, whoever wrote it (a vendor's spec, a caller's call).
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `text` escaped for an element's content or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}
