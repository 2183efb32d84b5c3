// Which reader a tools document's text needs, decided without loading either: JSON opens with `{` or `[`;
// anything else is read as YAML (yaml-document.ts, loaded only then). Empty text stays with the JSON
// reader, whose message for it says what to paste.
export function looksLikeJson(text: string): boolean {
  return /^[\s\uFEFF]*[[{]/.test(text) || text.trim() === '';
}
