// Every e2e file starts by waiting for the site the global setup builds beside the unit tests. A failed
// build fails each file with astro's own output, rather than leaving the tests to time out on a dead URL.
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, inject } from 'vitest';

export type SiteStatus = { state: 'building' } | { state: 'ready' } | { state: 'failed'; error: string };

/** Longest wait for the build: the whole site takes several minutes on two cores while unit tests run beside it. */
const BUILD_WAIT_MS = 30 * 60_000;

function readStatus(file: string): SiteStatus {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as SiteStatus;
  } catch (err) {
    return { state: 'failed', error: `the e2e global setup's status file ${file} cannot be read: ${(err as Error).message}` };
  }
}

export async function waitForSite(file = inject('siteStatusFile')): Promise<void> {
  const deadline = Date.now() + BUILD_WAIT_MS;
  for (;;) {
    const status = readStatus(file);
    if (status.state === 'ready') return;
    if (status.state === 'failed') throw new Error(status.error);
    if (Date.now() > deadline) throw new Error(`the site was not built and served within ${BUILD_WAIT_MS / 60_000} minutes`);
    await sleep(1_000);
  }
}

beforeAll(() => waitForSite(), BUILD_WAIT_MS + 60_000);
