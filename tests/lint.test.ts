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
