// The playground's JavaScript before Monaco, measured on the build output: the page's module scripts and
// island entries plus everything they import statically, then the engine chunk the island imports on
// mount and the default pack (its file and its generated validators), all gzipped. Monaco and the
// tokenizer must not be in it, nor AJV's schema compiler, and no docs page may load them. The breakdown
// is printed for the report.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';

const OUT = resolve(process.env.E2E_OUT_DIR ?? 'dist');
// The goal is 150 KB gzip (issues 4 and 11). The engine's fault path grew with units, registries, shapes
// and the vetting of every candidate (issues 9 and 10), and the total now stands near 168 KB: the goal is
// not met, and this bound only keeps it from growing further while the cut (diagnostics after Monaco,
// a lighter React) is open work.
const BUDGET_GZIP = 172 * 1024;

/** The JS files an HTML page starts with: module scripts, and each island's component and renderer. */
function entryScripts(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g)) if (m[1]) urls.add(m[1]);
  return [...urls];
}

function fileOf(url: string): string {
  // URLs carry the base path; files sit under the out dir from `_astro/` on.
  const at = url.indexOf('/_astro/');
  if (at === -1) throw new Error(`not a bundled script: ${url}`);
  return join(OUT, url.slice(at + 1));
}

/** A chunk and every chunk it imports statically (not `import()`), transitively. */
function staticGraph(entries: string[]): string[] {
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const m of code.matchAll(/(?:^|[;}\s])import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g)) walk(resolve(dirname(file), m[1]));
  };
  entries.forEach(walk);
  return [...seen];
}

/** Chunks the given files load with `import()`. */
function dynamicImports(files: string[]): string[] {
  const out = new Set<string>();
  for (const file of files) {
    for (const m of readFileSync(file, 'utf8').matchAll(/import\(\s*["'](\.\/[^"']+\.js)["']\s*\)/g)) out.add(resolve(dirname(file), m[1]));
  }
  return [...out];
}

const gz = (file: string) => gzipSync(readFileSync(file)).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

describe('the playground’s JavaScript before Monaco', () => {
  test('is within its bound with the engine and the default pack, and holds neither Monaco, the tokenizer nor AJV’s compiler', () => {
    const html = join(OUT, 'playground/index.html');
    if (!existsSync(html)) throw new Error(`no build at ${OUT}: the e2e global setup builds it`);
    const page = readFileSync(html, 'utf8');
    const entries = entryScripts(page).map(fileOf);
    expect(entries.length).toBeGreaterThan(0);
    const graph = staticGraph(entries);
    const sizes = graph.map((f) => ({ file: f.slice(OUT.length + 1), gzip: gz(f) }));
    // Inline scripts (Astro's island loader) count too.
    const inline = [...page.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).filter((c) => c.trim());
    sizes.push({ file: `${inline.length} inline scripts`, gzip: inline.reduce((a, c) => a + gzipSync(c).length, 0) });
    const total = sizes.reduce((a, b) => a + b.gzip, 0);
    // The engine side (check, AJV, the packs) arrives right after, by dynamic import; reported beside it.
    const lazy = dynamicImports(graph);
    const checker = lazy.filter((f) => /\/checker\.[^/]*\.js$/.test(f));
    expect(checker).toHaveLength(1);
    const checkerGraph = staticGraph(checker).filter((f) => !graph.includes(f));
    const checkerTotal = checkerGraph.reduce((a, f) => a + gz(f), 0);
    // The default pack arrives as two chunks: the pack file and its generated validators.
    const packChunks = dynamicImports(checkerGraph).filter((f) => /\/helpdesk\.[^/]*\.js$/.test(f));
    expect(packChunks).toHaveLength(2);
    const packGraph = staticGraph(packChunks).filter((f) => !graph.includes(f) && !checkerGraph.includes(f));
    // The registries the default pack names load with it (helpdesk: the countries): their members count,
    // and their names, which only a suggestion reads, load later and only for a call that needs them.
    const registryChunks = dynamicImports(checkerGraph).filter((f) => /\/countries\.[^/]*\.js$/.test(f));
    expect(registryChunks).toHaveLength(1);
    const known = new Set([...graph, ...checkerGraph, ...packGraph]);
    const registryGraph = staticGraph(registryChunks).filter((f) => !known.has(f));
    packGraph.push(...registryGraph);
    expect(dynamicImports(registryGraph).length, 'the names load apart from the members').toBeGreaterThan(0);
    const firstPack = packGraph.reduce((a, f) => a + gz(f), 0);
    console.log(
      `[playground size] initial JS (module scripts + island entries + static imports): ${kb(total)} gzip in ${sizes.length} files: ` +
        sizes.map((s) => `${s.file} ${kb(s.gzip)}`).join(', ') +
        `; then, by dynamic import on mount: checker ${kb(checkerTotal)} in ${checkerGraph.length} files (` +
        checkerGraph.map((f) => `${f.slice(OUT.length + 1)} ${kb(gz(f))}`).join(', ') +
        `) + the default pack with its registries' members ${kb(firstPack)} (${packGraph.map((f) => `${f.slice(OUT.length + 1)} ${kb(gz(f))}`).join(', ')}); before Monaco in all: ${kb(total + checkerTotal + firstPack)}`,
    );
    expect(total + checkerTotal + firstPack).toBeLessThanOrEqual(BUDGET_GZIP);
    // AJV's schema compiler loads later, only for a user's own tools and the bare AJV panel.
    for (const f of [...graph, ...checkerGraph, ...packGraph]) expect(readFileSync(f, 'utf8'), f).not.toMatch(/strictSchema|validateSchema|addMetaSchema/);
    expect(dynamicImports(checkerGraph).some((f) => /\/ajv-tools\.[^/]*\.js$/.test(f))).toBe(true);
    for (const f of graph) {
      const code = readFileSync(f, 'utf8');
      expect(code, f).not.toMatch(/monaco-editor|vs\/editor\/editor|MonacoEnvironment/);
      // A production build: React's development bundle is several times larger (and slower).
      expect(code, f).not.toMatch(/react-dom-client\.development|scheduler\.development/);
      // o200k_base's ranks hold tens of thousands of entries; the initial code must not.
      expect(code.length, f).toBeLessThan(1_000_000);
    }
    // Monaco loads later, by dynamic import; the tokenizer runs in a worker of its own.
    expect(lazy.some((f) => /\/monaco-setup\.[^/]*\.js$/.test(f))).toBe(true);
    expect(graph.some((f) => /token-count\.worker[^"']*\.js/.test(readFileSync(f, 'utf8')))).toBe(true);
  });

  test('docs pages load neither Monaco nor the tokenizer', () => {
    const pages = ['index.html', 'packs/index.html', 'errors/index.html'].map((p) => join(OUT, p)).filter(existsSync);
    expect(pages.length).toBeGreaterThan(0);
    for (const p of pages) {
      const html = readFileSync(p, 'utf8');
      expect(html, p).not.toMatch(/monaco-setup|token-count\.worker|Playground\./);
      for (const f of staticGraph(entryScripts(html).map(fileOf))) {
        expect(readFileSync(f, 'utf8'), f).not.toMatch(/MonacoEnvironment|monaco-setup|token-count\.worker/);
      }
    }
  });
});
