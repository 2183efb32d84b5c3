// Small wording helpers for page text.

/** `plural(1, 'example errors')` -> "example error": the phrase is given in its plural form. */
export function plural(n: number, phrase: string): string {
  if (n !== 1) return phrase;
  return phrase.replace(/(\w+)$/, (w) => (w.endsWith('ies') ? w.slice(0, -3) + 'y' : w.endsWith('ses') ? w.slice(0, -2) : w.endsWith('s') ? w.slice(0, -1) : w));
}
