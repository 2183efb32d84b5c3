// The highlighted code's token classes (src/docs/code-colors.ts) get their colours from global.css: the two
// must name the same pairs, or a token would lose its colour.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { TOKEN_COLOUR_PAIRS } from '../src/docs/code-colors';

const css = readFileSync('src/styles/global.css', 'utf8');

describe('token colour classes', () => {
  test('global.css gives every token class its light and dark colour', () => {
    TOKEN_COLOUR_PAIRS.forEach(([light, dark], i) => {
      expect(css, `t${i}`).toMatch(new RegExp(`pre\\.shiki \\.t${i} \\{ --shiki-light: ${light}; --shiki-dark: ${dark}; \\}`));
    });
    expect(css).not.toMatch(new RegExp(`pre\\.shiki \\.t${TOKEN_COLOUR_PAIRS.length} `));
  });
  test('the plain text pair is the pre\'s own, so text left unwrapped keeps its colour', () => {
    const [light, dark] = TOKEN_COLOUR_PAIRS[0];
    expect(css).toMatch(new RegExp(`pre\\.shiki,\\npre\\.shiki \\.t0 \\{ --shiki-light: ${light}; --shiki-dark: ${dark}; \\}`));
  });
});

describe('indent classes', () => {
  test('global.css gives every indent class highlight.ts writes its indent', async () => {
    const { INDENT_CLASS_MAX } = await import('../src/docs/highlight');
    for (let i = 2; i <= INDENT_CLASS_MAX; i += 2) expect(css, `i${i}`).toContain(`pre.shiki .i${i} { --i: ${i}; }`);
  });
});
