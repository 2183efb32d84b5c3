// Builds the site once and serves it with `astro preview` on a free port for every e2e test file.
// astro preview silently moves to another port when its port is taken, so we pick a free one, start the
// binary directly (not through npx, whose death leaves astro alive) and read the URL it prints.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import type { TestProject } from 'vitest/node';

/** The colour codes a terminal program writes around its text. */
const ANSI_COLOURS = /\x1b\[[0-9;]*m/g; // eslint-disable-line no-control-regex -- ESC is the byte these codes start with

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

let preview: ChildProcess | undefined;

export default async function setup(project: TestProject) {
  // NODE_ENV: vitest sets it to "test", which would make Vite bundle React's development build.
  const env = { ...process.env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1' };
  // E2E_OUT_DIR lets several builds run side by side (say, two developers in one tree).
  const outDir = process.env.E2E_OUT_DIR ?? 'dist';
  if (!process.env.E2E_SKIP_BUILD || !existsSync(`${outDir}/index.html`)) {
    // The heap flags of npm run build (package.json): the pages take a third less time with them.
    const buildEnv = { ...env, NODE_OPTIONS: `--max-semi-space-size=64 --max-old-space-size=8192 ${process.env.NODE_OPTIONS ?? ''}` };
    const build = spawnSync('node_modules/.bin/astro', ['build', '--outDir', outDir], { env: buildEnv, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', timeout: 1_200_000 });
    if (build.status !== 0) throw new Error(`astro build failed (exit ${build.status}):\n${build.stdout}\n${build.stderr}`);
  }
  const port = await freePort();
  preview = spawn('node_modules/.bin/astro', ['preview', '--host', '127.0.0.1', '--port', String(port), '--outDir', outDir], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`astro preview printed no URL in 30 s:\n${out}`)), 30_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /http:\/\/(127\.0\.0\.1|localhost):(\d+)(\/[^\s]*)?/.exec(out.replace(ANSI_COLOURS, ''));
      if (m) {
        clearTimeout(timer);
        if (Number(m[2]) !== port) reject(new Error(`astro preview took port ${m[2]}, not ${port}`));
        else resolve(`http://127.0.0.1:${port}${(m[3] ?? '/').replace(/\/?$/, '/')}`);
      }
    };
    preview!.stdout!.on('data', onData);
    preview!.stderr!.on('data', onData);
    preview!.on('exit', (code) => reject(new Error(`astro preview exited (${code}):\n${out}`)));
  });
  project.provide('baseUrl', url);
  return async () => {
    preview?.kill('SIGTERM');
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
