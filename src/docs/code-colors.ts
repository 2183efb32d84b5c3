// The token colours Shiki gives JSON in our two themes, as classes instead of a style attribute on every
// token (which was over a third of a tool page's bytes). A colour pair not listed keeps its inline style.
const PAIRS: [light: string, dark: string][] = [
  ['#24292E', '#E1E4E8'],
  ['#005CC5', '#79B8FF'],
  ['#032F62', '#9ECBFF'],
  ['#B31D28', '#FDAEB7'],
  ['#6A737D', '#6A737D'],
  ['#D73A49', '#F97583'],
];

export const TOKEN_CLASSES = new Map(PAIRS.map(([light, dark], i) => [`--shiki-light:${light};--shiki-dark:${dark}`, `t${i}`]));

/** The CSS that gives each token class its colour pair (global.css picks one with light-dark()). */
export function tokenClassCss(): string {
  return PAIRS.map(([light, dark], i) => `pre.shiki .t${i}{--shiki-light:${light};--shiki-dark:${dark}}`).join('');
}
