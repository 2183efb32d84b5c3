// The home page tells a newcomer that the engine is also a package, a command and a proxy (issue 34, item 6),
// with a way in to /use/, where each is shown running.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';

const page = readFileSync('src/pages/index.astro', 'utf8');

test('a way in names the package, its command line and the MCP proxy, and links to /use/', () => {
  const card = /<li class="card" data-role="home-use">([\s\S]*?)<\/li>/.exec(page)?.[1] ?? '';
  expect(card).toContain("siteHref('use/')");
  expect(card).toContain('the package <code>actionable-errors</code>');
  expect(card).toContain('<code>actionable-errors</code> command');
  expect(card).toContain('MCP proxy');
  // The heading counts the cards.
  const cards = page.match(/<li class="card"/g)!.length;
  expect(page).toContain(`<h2 id="ways-in">${['', 'One', 'Two', 'Three', 'Four', 'Five'][cards]} ways in</h2>`);
});
