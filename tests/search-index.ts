// Asks a written Pagefind bundle what the site's search box asks: shared by tests/site-search.test.ts (an
// index of pages made for the test) and tests/e2e/site-search.test.ts (the index of the real build).
import { spawnSync } from 'node:child_process';
import { SEARCH_RANKING } from '../src/docs/search-ranking';

/**
 * Asks a written Pagefind bundle the queries, with its own pagefind.js fetching the index over HTTP as the
 * browser does and ranking as the search box ranks (SEARCH_RANKING), in a plain Node process (Vitest's module runner does not load a bundle outside the project).
 * The URLs of each query's first 20 results, best first.
 */
export function searchIndex(bundle: string, queries: string[], ranking: object = SEARCH_RANKING): Record<string, string[]> {
  const script = `
    import { createServer } from 'node:http';
    import { readFile } from 'node:fs/promises';
    import { join } from 'node:path';
    import { pathToFileURL } from 'node:url';
    const [bundle, queries, ranking] = JSON.parse(process.env.SEARCH_ARGS);
    const server = createServer((req, res) => readFile(join(bundle, decodeURIComponent(new URL(req.url, 'http://x').pathname))).then((b) => res.end(b), () => { res.statusCode = 404; res.end(); }));
    await new Promise((r) => server.listen(0, '127.0.0.1', r));
    const pf = await import(pathToFileURL(join(bundle, 'pagefind.js')).href);
    await pf.options({ basePath: 'http://127.0.0.1:' + server.address().port + '/', ranking });
    await pf.init();
    const out = {};
    for (const q of queries) out[q] = await Promise.all((await pf.search(q)).results.slice(0, 20).map(async (r) => (await r.data()).url));
    server.close();
    process.stdout.write(JSON.stringify(out));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, SEARCH_ARGS: JSON.stringify([bundle, queries, ranking]) }, encoding: 'utf8', timeout: 120_000 });
  if (run.status !== 0) throw new Error(`the search process failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as Record<string, string[]>;
}

