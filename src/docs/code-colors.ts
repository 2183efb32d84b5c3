// The token colours Shiki gives JSON in our two themes, as classes instead of a style attribute on every
// token (which was over a third of a tool page's bytes). A colour pair not listed keeps its inline style.
// global.css gives each class its pair (tests/code-colors.test.ts holds the two together); the first pair is
// the themes' plain text, which highlight.ts leaves unwrapped to take its colours from the pre.
export const TOKEN_COLOUR_PAIRS: readonly [light: string, dark: string][] = [
  ['#24292E', '#E1E4E8'],
  ['#005CC5', '#79B8FF'],
  ['#032F62', '#9ECBFF'],
  ['#B31D28', '#FDAEB7'],
  ['#6A737D', '#6A737D'],
  ['#D73A49', '#F97583'],
];

export const TOKEN_CLASSES = new Map(TOKEN_COLOUR_PAIRS.map(([light, dark], i) => [`--shiki-light:${light};--shiki-dark:${dark}`, `t${i}`]));

/** The class of the themes' plain text. */
export const PLAIN_TOKEN_CLASS = 't0';
