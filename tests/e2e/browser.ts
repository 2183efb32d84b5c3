// Debian's Chromium through playwright-core (launch() gives each browser a fresh user-data-dir). Every request that leaves localhost is recorded and
// aborted, so a test can assert the site works behind a closed network.
import { existsSync } from "node:fs";
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function baseUrl(): string {
  return inject('baseUrl');
}

/** A site path joined to the preview URL (which ends with the configured base path and a slash). */
export function siteUrl(path = ''): string {
  return baseUrl() + path.replace(/^\//, '');
}

export async function launch(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: install Debian's chromium (apt-get install chromium), as .ci/run does`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost, EXCLUDE 127.0.0.1',
    ],
  });
}

/**
 * The browser of a test file: launched before its tests, closed after them, so a file says `const chrome =
 * useBrowser()` once and reads `chrome.browser` in its tests and hooks.
 */
export function useBrowser(): { readonly browser: Browser } {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    get browser(): Browser {
      if (!browser) throw new Error('the browser is launched in beforeAll: read chrome.browser inside a test or a hook');
      return browser;
    },
  };
}

export interface Session {
  context: BrowserContext;
  page: Page;
  /** URLs the page tried to reach outside localhost (all aborted). */
  offsite: string[];
  /** Uncaught page errors and console errors. */
  errors: string[];
}

/**
 * A fresh context and page. Every request goes through a route that records and refuses anything off this
 * machine, unless `watchRequests` is false: a route costs each request a round trip through playwright, which
 * a timing figure must not include (Chromium's resolver rule still keeps it off the network).
 */
export async function openPage(browser: Browser, options: { permissions?: string[]; colorScheme?: 'light' | 'dark'; watchRequests?: boolean } = {}): Promise<Session> {
  const context = await browser.newContext({ colorScheme: options.colorScheme ?? 'light' });
  if (options.permissions) await context.grantPermissions(options.permissions, { origin: baseUrl() });
  const offsite: string[] = [];
  const errors: string[] = [];
  if (options.watchRequests !== false) await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    const local = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.protocol === 'data:' || url.protocol === 'blob:';
    if (local) return route.continue();
    offsite.push(route.request().url());
    return route.abort();
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return { context, page, offsite, errors };
}
