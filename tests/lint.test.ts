// ESLint runs with the unit tests, so `npm test` fails on a lint error as it does on a failing test.
// The same configuration as `npm run lint` (eslint.config.js), through ESLint's Node API.
import { ESLint } from 'eslint';
import { expect, test } from 'vitest';

test('ESLint finds no problem in the repository', { timeout: 600_000 }, async () => {
  const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });
  const results = await eslint.lintFiles(['.']);
  // The configuration must reach the code it is about: a broken ignore list would pass vacuously.
  expect(results.some((r) => r.filePath.endsWith('src/components/playground/Playground.tsx'))).toBe(true);
  expect(results.some((r) => r.filePath.endsWith('src/engine/check.ts'))).toBe(true);
  const problems = results.flatMap((r) => r.messages.map((m) => `${r.filePath}:${m.line}:${m.column} ${m.ruleId ?? 'parse'}: ${m.message}`));
  expect(problems).toEqual([]);
});

test('the rules of hooks reach the playground’s hooks in files of their own', async () => {
  const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });
  for (const file of ['src/components/playground/Playground.tsx', 'src/components/playground/hooks/use-check.ts']) {
    const config = (await eslint.calculateConfigForFile(file)) as { rules: Record<string, unknown> };
    expect([file, config.rules['react-hooks/exhaustive-deps']]).toEqual([file, [2]]);
  }
});

test('every eslint-disable in src/ says why on the same line', async () => {
  const { readdirSync, readFileSync } = await import('node:fs');
  const root = new URL('../src/', import.meta.url);
  const unexplained: string[] = [];
  let seen = 0;
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(ts|tsx|astro|mjs|js)$/.test(entry.name) || entry.parentPath.includes('/generated')) continue;
    const path = `${entry.parentPath}/${entry.name}`;
    readFileSync(path, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (!/eslint-disable/.test(line)) return;
        seen++;
        if (!/eslint-disable(?:-next-line|-line)?\s+[\w@/-]+(?:\s*,\s*[\w@/-]+)*\s+--\s+\S/.test(line)) unexplained.push(`${path.slice(root.pathname.length)}:${i + 1}`);
      });
  }
  expect(seen).toBeGreaterThan(0);
  expect(unexplained).toEqual([]);
});
