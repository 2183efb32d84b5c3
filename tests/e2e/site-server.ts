// Building the site and serving it with `astro preview`, for the global setup (the whole site) and the
// base-path test (a small build under a sub-folder). Both run asynchronously: a synchronous spawn would hold
// the Vitest process's event loop for the whole build, and a worker that misses its own messages for 60 s
// fails the run ("Timeout calling onTaskUpdate") and loses the results of the files after it.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { siteBuildEnv } from '../../src/cli/build-site.mjs';

/** The colour codes a terminal program writes around its text. */
const ANSI_COLOURS = /\x1b\[[0-9;]*m/g; // eslint-disable-line no-control-regex -- ESC is the byte these codes start with

/** A port nothing listens on now: astro preview silently moves on when its port is taken, so we choose. */
export function freePort(): Promise<number> {
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

/**
 * The environment astro runs in. NODE_ENV: vitest sets it to "test", which would make Vite bundle React's
 * development build. Vitest also puts Vite's own env (BASE_URL=/, MODE…) into process.env, and Astro would
 * read BASE_URL over the config's base.
 */
export function astroEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1', ...extra };
  for (const key of ['BASE_URL', 'MODE', 'DEV', 'PROD', 'SSR']) delete env[key];
  return env;
}

/** A running build: `done` settles when astro exits, rejecting with its whole output when it fails. */
export interface SiteBuild {
  child: ChildProcess;
  done: Promise<void>;
}


/** Starts `astro build --outDir outDir`; a build that runs past `timeoutMs` is stopped and fails. */
export function buildSite(outDir: string, env: NodeJS.ProcessEnv, timeoutMs = 1_200_000): SiteBuild {
  // The heap flags of `npm run build` (src/cli/build-site.mjs).
  const buildEnv = siteBuildEnv(env);
  // The binary itself, not npx: npx's death leaves astro alive.
  const child = spawn('node_modules/.bin/astro', ['build', '--outDir', outDir], { env: buildEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const done = new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGTERM');
    }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(new Error(`astro build could not start: ${err.message}`));
    });
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      if (status === 0) resolve();
      else reject(new Error(`astro build --outDir ${outDir} failed (${timedOut ? `stopped after ${timeoutMs / 1000} s` : `exit ${status ?? signal}`}):\n${output.replace(ANSI_COLOURS, '')}`));
    });
  });
  return { child, done };
}

/** Serves outDir on the given port; resolves once astro preview prints its URL on that port. */
export function previewSite(outDir: string, port: number, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawn('node_modules/.bin/astro', ['preview', '--host', '127.0.0.1', '--port', String(port), '--outDir', outDir], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`astro preview printed no URL in 30 s:\n${out}`));
    }, 30_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /http:\/\/(?:127\.0\.0\.1|localhost):(\d+)/.exec(out.replace(ANSI_COLOURS, ''));
      if (!m) return;
      clearTimeout(timer);
      if (Number(m[1]) === port) resolve(child);
      else {
        child.kill('SIGTERM');
        reject(new Error(`astro preview took port ${m[1]}, not ${port}`));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`astro preview exited (${code}):\n${out}`));
    });
  });
}
