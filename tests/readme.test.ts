// The README is the first thing a reader runs from: every command it names exists, and it holds no
// placeholder left for a build step or a later edit to fill in.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';

const readme = readFileSync('README.md', 'utf8');
const scripts: Record<string, string> = JSON.parse(readFileSync('package.json', 'utf8')).scripts;

describe('README.md', () => {
  test('every `npm run` script it names is in package.json', () => {
    const named = [...readme.matchAll(/npm run (?:--silent )?([a-z][a-z:-]*)/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(10);
    expect([...new Set(named)].filter((name) => !(name in scripts))).toEqual([]);
  });

  test('it holds no placeholder', () => {
    // ALLCAPS tokens a template or a build would fill (BUILD_TIME, __VERSION__, %DATE%, {{x}}, <TODO>), and notes left for later.
    const placeholders = [/\b(?:BUILD_[A-Z_]+|TODO|TBD|FIXME|XXX)\b/g, /__[A-Z][A-Z0-9_]*__/g, /%[A-Z][A-Z0-9_]*%/g, /\{\{[^}]*\}\}/g, /<[A-Z][A-Z0-9_]+>/g];
    expect(placeholders.flatMap((re) => [...readme.matchAll(re)].map((m) => m[0]))).toEqual([]);
  });

  test('its test commands are the scripts that run the tiers', () => {
    expect(scripts.test).toBe('vitest run');
    expect(scripts['test:unit']).toMatch(/^vitest run --project unit( |$)/);
    expect(scripts['test:corpus']).toMatch(/^CORPUS=full vitest run --project unit --project integration$/);
    for (const command of ['npm test', 'npm run test:unit', 'npm run test:corpus', 'npm run typecheck']) expect(readme).toContain(command);
  });
});
