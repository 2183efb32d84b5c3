// `npm run check`: with no arguments, type-checks the project (astro check, then tsc); with arguments,
// checks a tool call from standard input (see run.ts). One script name serves both because the README
// promises both `npm run check` and `npm run --silent check -- --pack ID`.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { runCli } from './run';

const argv = process.argv.slice(2);
if (argv.length === 0) {
  const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
  for (const [cmd, args] of [
    ['node_modules/.bin/astro', ['check']],
    ['node_modules/.bin/tsc', ['--noEmit', '-p', 'tsconfig.json']],
  ] as const) {
    const r = spawnSync(cmd, [...args], { stdio: 'inherit', env });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  process.exit(0);
}

try {
  const out = runCli(argv, {
    stdin: () => {
      try {
        return readFileSync(0, 'utf8');
      } catch {
        return '';
      }
    },
    readFile: (path) => readFileSync(path, 'utf8'),
  });
  process.stdout.write(out.stdout);
  process.stderr.write(out.stderr);
  process.exitCode = out.code;
} catch (err) {
  process.stderr.write(`error: the checker failed: ${(err as Error).message}\n`);
  process.exitCode = 2;
}
