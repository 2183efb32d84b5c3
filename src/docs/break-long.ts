// Where a long word may break: an enum name (DEVELOPER_METADATA_LOCATION_MATCHING_STRATEGY_UNSPECIFIED) or a
// camelCase field (importFunctionsExternalUrlAccessAllowed) is wider than a table column should be, and a
// table widens to its longest unbreakable word. The pieces go back together with <wbr>, so the text, what a
// reader copies and what search indexes stay the same; a word shorter than LONG_WORD is left whole, so a
// short code pill never breaks.
import { escapeHtml } from './html';

export const LONG_WORD = 16;

/** The text in pieces, a line break allowed between each two: after `_`, `.`, `/` or `-`, and before a capital that follows a small letter, inside words of LONG_WORD characters or more. */
export function breakablePieces(text: string): string[] {
  const pieces: string[] = [];
  let plain = '';
  for (const part of text.split(/(\S+)/)) {
    if (part.length < LONG_WORD || /\s/.test(part)) {
      plain += part;
      continue;
    }
    const cuts = part.split(/(?<=[_./-])(?=.)|(?<=[a-z0-9])(?=[A-Z])/);
    pieces.push(plain + cuts[0], ...cuts.slice(1));
    plain = '';
  }
  if (plain || pieces.length === 0) {
    if (pieces.length) pieces[pieces.length - 1] += plain;
    else pieces.push(plain);
  }
  return pieces;
}

/**
 * The text as HTML for set:html, its pieces joined by <wbr>: one string per text rather than a fragment per
 * piece, since a fields table renders one for every field of 4,600 tool pages. `trailing` allows a break
 * after the last piece too (a field's parent path, which its own name follows).
 */
export function breakableHtml(text: string, trailing = false): string {
  const html = breakablePieces(text).map(escapeHtml).join('<wbr>');
  return trailing ? `${html}<wbr>` : html;
}
