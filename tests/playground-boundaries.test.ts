// The playground's modules (src/components/playground/) sit in folders by role, declare their chunks in one
// place, and import one another in no circle, so a file can be read after the ones it builds on. Read from the
// import statements and the import() calls: a module that loads, later, one that imports it depends on it all
// the same, and neither can be read first. Type-only imports are erased, so they close no circle.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { importCycles } from './import-cycles';

const PLAYGROUND = 'src/components/playground';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? sourceFiles(p) : /\.tsx?$/.test(p) && !p.endsWith('.d.ts') ? [p] : [];
  });
}

/** The relative specifiers a file imports or re-exports for their values, at load or later by import(). */
function valueImportsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: string[] = [];
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly = !!clause && (clause.isTypeOnly || (!clause.name && !!clause.namedBindings && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) out.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && !node.isTypeOnly) {
      out.push(node.moduleSpecifier.text);
    }
  }
  out.push(...dynamicImportsOf(source));
  return out.filter((s) => s.startsWith('.'));
}

/** The specifiers of a file's import() calls, anywhere in it (`typeof import('…')` is a type, not a call). */
function dynamicImportsOf(source: ts.SourceFile): string[] {
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) out.push(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** A relative specifier as a repository path, `?worker` and the like dropped. */
function resolveLocal(from: string, spec: string): string {
  const base = resolve(dirname(from), spec.replace(/\?.*$/, ''));
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), base]) {
    try {
      if (statSync(candidate).isFile()) return relative(process.cwd(), candidate);
    } catch {
      // not this form of the path
    }
  }
  return relative(process.cwd(), base);
}

const files = sourceFiles(PLAYGROUND);

describe('the playground (src/components/playground/)', () => {
  test('is read from its modules: more than 60 of them', () => {
    expect(files.length).toBeGreaterThan(60);
  });

  test('its modules import one another in no circle, import() included', () => {
    const graph = new Map(files.map((f) => [f, valueImportsOf(f).map((s) => resolveLocal(f, s)).filter((p) => p.startsWith(`${PLAYGROUND}/`))]));
    const circles = importCycles(graph, PLAYGROUND);
    expect(circles).toEqual([]);
  });

  test('its chunks are declared in loading/chunks.ts, the sandbox\'s parts beside the page\'s sandbox (loading/page-sandbox.ts, loading/checker.ts)', () => {
    const declaring = files.filter((f) => /\bimport\(\s*['"]/.test(readFileSync(f, 'utf8').replace(/typeof import\(/g, ''))).map((f) => f.slice(PLAYGROUND.length + 1));
    expect(declaring.sort()).toEqual(['loading/checker.ts', 'loading/chunks.ts', 'loading/page-sandbox.ts']);
  });
});
