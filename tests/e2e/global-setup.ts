// Builds the whole site once and serves it with `astro preview` for every e2e test file.
//
// The build starts here but is not awaited: Vitest runs every global setup before any test, so awaiting it
// kept the unit tests idle for the whole build. They now run beside it, and each e2e file first waits for
// the site (tests/e2e/site-ready.ts, through the status file this setup writes).
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { astroEnv, buildSite, freePort, previewSite } from './site-server';
import type { SiteStatus } from './site-ready';

/** The one build and preview server of this run, shared by the projects that list this setup. */
interface SharedSite {
  baseUrl: string;
  statusFile: string;
  /** Projects still using the site; the last teardown stops it. */
  users: number;
  stop(): void;
}

// Vitest runs this setup once per project that lists it (e2e and e2e-timing), each with its own module
// instance; globalThis is the one place the two share, and one build is all either needs.
const SHARED = Symbol.for('actionable.e2e.site');
type Holder = { [SHARED]?: Promise<SharedSite> };

async function startSite(): Promise<SharedSite> {
  const env = astroEnv();
  // E2E_OUT_DIR lets several builds run side by side (say, two developers in one tree).
  const outDir = process.env.E2E_OUT_DIR ?? 'dist';
  const base = `/${(process.env.BASE_PATH ?? '').replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/');
  const port = await freePort();
  const statusFile = join(tmpdir(), `actionable-e2e-${process.pid}-${port}.json`);
  const write = (status: SiteStatus) => writeFileSync(statusFile, JSON.stringify(status));
  write({ state: 'building' });

  let build: ChildProcess | undefined;
  let preview: ChildProcess | undefined;
  const ready = (async () => {
    if (!process.env.E2E_SKIP_BUILD || !existsSync(`${outDir}/index.html`)) {
      const running = buildSite(outDir, env);
      build = running.child;
      await running.done;
    }
    preview = await previewSite(outDir, port, env);
  })();
  ready.then(
    () => write({ state: 'ready' }),
    (err: Error) => write({ state: 'failed', error: err.message }),
  );
  return {
    baseUrl: `http://127.0.0.1:${port}${base}`,
    statusFile,
    users: 0,
    stop() {
      build?.kill('SIGTERM');
      preview?.kill('SIGTERM');
      rmSync(statusFile, { force: true });
    },
  };
}

export default async function setup(project: TestProject) {
  const holder = globalThis as Holder;
  const shared = await (holder[SHARED] ??= startSite());
  shared.users += 1;
  project.provide('baseUrl', shared.baseUrl);
  project.provide('siteStatusFile', shared.statusFile);

  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    shared.stop();
    delete holder[SHARED];
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Where the global setup says whether the site is built and served yet (tests/e2e/site-ready.ts). */
    siteStatusFile: string;
  }
}
