// The sandbox (src/sandbox/): the one door from the browser into the engine. The playground and the docs
// components import nothing of src/engine/ but types; the sandbox's light entry imports no engine code at
// all (its parts load on first use); and the sandbox object gives the engine's own answers.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { check, exportPack, grade, lintTool, serializeBody, type Json } from '../src/engine';
import { replay } from '../src/engine/replay';
import { getPack } from '../src/packs';
import { createSandbox, type SandboxFiles } from '../src/sandbox';
import { plainParts } from '../src/sandbox/parts';
import { entrySources } from '../src/sandbox/faults';

const ROOT = resolve(import.meta.dirname, '..');
const ENGINE = join(ROOT, 'src/engine');

/** The code of a file as TypeScript sees it: an .astro file's frontmatter and its scripts. */
function codeOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  if (!file.endsWith('.astro')) return [text];
  const front = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '';
  return [front, ...[...text.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1])];
}

/** Every module a source imports for its values (a static import or export, or import()), with type-only imports left out. */
export function valueImports(code: string): string[] {
  const source = ts.createSourceFile('x.tsx', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly = clause?.isTypeOnly || (clause && !clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) out.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly = node.isTypeOnly || (node.exportClause && ts.isNamedExports(node.exportClause) && node.exportClause.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) out.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      out.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

function filesUnder(dir: string, ext: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? filesUnder(join(dir, d.name), ext) : ext.test(d.name) ? [join(dir, d.name)] : []));
}

/** The engine modules a file imports for their values, as paths from the repository's root. */
function engineImportsOf(file: string): string[] {
  return codeOf(file)
    .flatMap(valueImports)
    .filter((s) => s.startsWith('.'))
    .map((s) => resolve(dirname(file), s))
    .filter((p) => p === ENGINE || p.startsWith(`${ENGINE}/`))
    .map((p) => relative(ROOT, p));
}

describe('the door into the engine', () => {
  test('the reader of imports tells a value import from a type-only one, in every form', () => {
    const code = [
      "import { check } from '../../engine/check';",
      "import type { Body } from '../../engine/types';",
      "import { type Json } from '../../engine/types';",
      "import { type Json as J, parseCall } from '../../engine/formats';",
      "export { replay } from '../../engine/replay';",
      "export type { Grade } from '../../engine/grade';",
      "const m = () => import('../../engine/strict-lint');",
      "type T = typeof import('../../engine/exports');",
    ].join('\n');
    expect(valueImports(code)).toEqual(['../../engine/check', '../../engine/formats', '../../engine/replay', '../../engine/strict-lint']);
  });

  test('no file under src/components/ imports the engine but through src/sandbox/ (types aside)', () => {
    const files = filesUnder(join(ROOT, 'src/components'), /\.(ts|tsx|astro)$/);
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.flatMap((f) => engineImportsOf(f).map((m) => `${relative(ROOT, f)} imports ${m}`));
    expect(offenders).toEqual([]);
    // The playground does reach the engine, through the sandbox.
    const viaSandbox = files.filter((f) => codeOf(f).flatMap(valueImports).some((s) => /(^|\/)sandbox(\/|$)/.test(s)));
    expect(viaSandbox.length).toBeGreaterThan(10);
  });

  test('the sandbox’s light entry imports no engine code: its parts load on first use', () => {
    /** Static value imports only: import() is what loads a part later. */
    const valueImportsStatic = (file: string) => valueImports(readFileSync(file, 'utf8').replace(/import\(\s*'[^']+'\s*\)/g, 'undefined')).filter((s) => s.startsWith('.'));
    const seen = new Set<string>();
    const walk = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const s of valueImportsStatic(file)) walk(resolve(dirname(file), `${s}.ts`));
    };
    walk(join(ROOT, 'src/sandbox/index.ts'));
    expect([...seen].map((f) => relative(ROOT, f)).sort()).toEqual(['src/sandbox/files.ts', 'src/sandbox/index.ts']);
    // It loads its parts only through the loaders it is given: those of plainParts, or the playground's chunks.
    expect(valueImports(readFileSync(join(ROOT, 'src/sandbox/index.ts'), 'utf8'))).toEqual(['./files']);
    expect(valueImports(readFileSync(join(ROOT, 'src/sandbox/parts.ts'), 'utf8')).sort()).toEqual(['./ajv', './checker', './extra', './grade']);
    const page = readFileSync(join(ROOT, 'src/components/playground/loading/page-sandbox.ts'), 'utf8');
    expect(valueImports(page).filter((s) => s.startsWith('.'))).toEqual(['../../../sandbox', './pack-files', './checker']);
    const checker = readFileSync(join(ROOT, 'src/components/playground/loading/checker.ts'), 'utf8');
    expect(valueImports(checker).filter((s) => s.startsWith('./'))).toEqual(['./checker-extra', './ajv-tools', './grader']);
  });
});

/** The curated packs' files, as the playground's glob gives them. */
const FILES: SandboxFiles = {
  packs: Object.fromEntries(['helpdesk', 'stripe', 'google-calendar'].map((id) => [`/content/packs/${id}.json`, () => import(`../content/packs/${id}.json`)])),
  validators: Object.fromEntries(['helpdesk', 'stripe', 'google-calendar'].map((id) => [`/src/generated/validators/${id}.js`, () => import(`../src/generated/validators/${id}.js`)])),
  shells: {},
  partsUrl: () => 'file:///nowhere/',
};

describe('createSandbox()', () => {
  const sandbox = createSandbox(FILES, plainParts);
  const stripe = getPack('stripe')!;
  const refund = '{"name":"create_refund","arguments":{"charge":"ch_3MmlLrLkdIwHu7ix0snN0B15","amount":15.00}}';

  test('loads a curated pack once, and refuses an unknown id', async () => {
    const a = sandbox.loadPack('stripe');
    expect(sandbox.loadPack('stripe')).toBe(a);
    expect((await a).tools.map((t) => t.name)).toEqual(stripe.tools.map((t) => t.name));
    await expect(sandbox.loadPack('no-such-pack')).rejects.toThrow('no pack named no-such-pack');
  });

  test('check and explain: the engine’s own body, and the rule behind each entry from the log', async () => {
    const pack = await sandbox.loadPack('stripe');
    const r = await sandbox.check(pack, refund);
    const direct = check(stripe, refund);
    expect(r.ok).toBe(false);
    expect(serializeBody(r.body!)).toBe(serializeBody(direct.body!));
    const { trace, sources } = await sandbox.explain(r);
    expect(sources).toEqual(entrySources(direct));
    expect(sources[0].rule).toMatch(/^the pack’s x-unit \(number written as 15\.00/);
    expect(trace.map((s) => s.label)).toContain('validated');
  });

  test('pasted tool definitions: a pack, or its problems as data with their pointers', async () => {
    const tools = [{ type: 'function', function: { name: 'ring_bell', parameters: { type: 'object', properties: { times: { type: 'integer', maximum: 3 } }, required: ['times'] } } }] as Json;
    const made = await sandbox.loadTools(tools);
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    const r = await sandbox.check(made.pack, { name: 'ring_bell', arguments: { times: 5 } });
    expect(r.body).toMatchObject({ error: 'out_of_range', field: 'times' });
    const broken = await sandbox.loadTools([{ type: 'function', function: { name: 'ring_bell', parameters: { type: 'object', properties: { times: { type: 'whole' } } } } }] as Json);
    expect(broken.ok).toBe(false);
    if (broken.ok) return;
    expect(broken.problems.some((p) => p.path.startsWith('/0/function/parameters/properties/times'))).toBe(true);
  });

  test('export, replay, lint and grade give what the engine gives', async () => {
    const pack = await sandbox.loadPack('helpdesk');
    const helpdesk = getPack('helpdesk')!;
    expect(await sandbox.exportPack(pack, 'openai')).toEqual(exportPack(helpdesk, 'openai'));
    const transcript = [{ name: 'update_ticket', arguments: { ticket_id: 'T-8841', status: 'OPEN' } }, { name: 'update_ticket', arguments: { ticket_id: 'T-8841', status: 'open' } }];
    const replayed = await sandbox.replay(pack, transcript);
    expect(replayed.ok).toBe(true);
    expect(JSON.stringify(replayed)).toBe(JSON.stringify(replay(helpdesk, transcript)));
    expect(await sandbox.lint(pack.tools[0], 'openai-strict')).toEqual(lintTool(helpdesk.tools[0], 'openai-strict'));
    const call = { name: 'update_ticket', arguments: { ticket_id: 'T-8841', status: 'OPEN' } };
    const reply = { error: 'Bad Request' };
    expect(await sandbox.grade(pack, call, reply)).toEqual(grade(helpdesk, call, reply));
  });
});
