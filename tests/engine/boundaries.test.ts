// The engine's boundaries, read from its import statements: it runs unchanged in the browser, Node, the
// tests and the CLI, so it imports no Node module and nothing of the site, the CLI or the importer; its
// stages import only the stages before them and the floor (src/engine/stages.ts), and its modules form no
// cycle, so each stage can be read (and changed) after the stages it builds on.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { importCycles } from '../import-cycles';
import { ABOVE, FLOOR, STAGES } from '../../src/engine/stages';

const ENGINE = 'src/engine';

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? tsFiles(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** Each module specifier a file imports or re-exports, and whether only types cross (erased when compiled). */
function importsOf(file: string): { spec: string; typeOnly: boolean }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const out: { spec: string; typeOnly: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly = !!clause && (clause.isTypeOnly || (!clause.name && !!clause.namedBindings && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      out.push({ spec: node.moduleSpecifier.text, typeOnly });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      out.push({ spec: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      out.push({ spec: node.arguments[0].text, typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** A relative specifier as a repository path (`src/engine/paths.ts`), or undefined for a package. */
function resolveLocal(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec);
  for (const candidate of [`${base}.ts`, join(base, 'index.ts'), base]) {
    try {
      if (statSync(candidate).isFile()) return relative(process.cwd(), candidate);
    } catch {
      // not this form of the path
    }
  }
  return relative(process.cwd(), base);
}

const files = tsFiles(ENGINE);

/**
 * Where a module sits: 0 for the floor, 1… for the stages in order, above them all for the pipeline and
 * what builds on it; undefined for a module stages.ts does not place.
 */
function layerOf(file: string): { rank: number; group: string } | undefined {
  const rel = file.slice(ENGINE.length + 1);
  const placed = (entry: string) => (entry.endsWith('/') ? rel.startsWith(entry) : rel === entry);
  if (FLOOR.some(placed)) return { rank: 0, group: 'floor' };
  const stage = STAGES.findIndex((s) => rel.startsWith(`${s}/`));
  if (stage !== -1) return { rank: stage + 1, group: STAGES[stage] };
  if (ABOVE.some(placed)) return { rank: STAGES.length + 1, group: 'above' };
  return undefined;
}

/** Whether `from` may import `to`: something below it, or a module of its own layer (its stage, the floor, above). */
function allowed(from: string, to: string): boolean {
  const a = layerOf(from);
  const b = layerOf(to);
  if (!a || !b) return false;
  return b.rank < a.rank || a.group === b.group;
}

/** Every import, type-only ones included, that runs against the order: `parse/tool-names.ts -> explain/suggest.ts`. */
function backArrows(list: string[]): string[] {
  return list.flatMap((f) =>
    importsOf(f)
      .map((i) => resolveLocal(f, i.spec))
      .filter((p): p is string => !!p && p.startsWith(`${ENGINE}/`) && p.endsWith('.ts') && !allowed(f, p))
      .map((p) => `${f.slice(ENGINE.length + 1)} -> ${p.slice(ENGINE.length + 1)}`),
  );
}

const NODE_MODULES = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

describe('the engine (src/engine/)', () => {
  test('is read from its modules: more than 40 of them', () => {
    expect(files.length).toBeGreaterThan(40);
  });

  test('imports no Node module, so the browser runs the same code', () => {
    const found = files.flatMap((f) => importsOf(f).filter((i) => !i.typeOnly && NODE_MODULES.has(i.spec)).map((i) => `${f}: ${i.spec}`));
    expect(found).toEqual([]);
  });

  test('imports nothing outside src/engine/ of this repository (the site, the CLI and the importer build on it)', () => {
    const found = files.flatMap((f) =>
      importsOf(f)
        .map((i) => ({ ...i, path: resolveLocal(f, i.spec) }))
        .filter((i) => i.path !== undefined && !i.path.startsWith(`${ENGINE}/`))
        .map((i) => `${f}: ${i.spec}`),
    );
    expect(found).toEqual([]);
  });

  test('the stages from parse to the body import nothing of pack/, which compiles packs out of them', () => {
    const stages = [...STAGES, 'shared', 'faults'].map((d) => `${ENGINE}/${d}/`);
    const found = files
      .filter((f) => stages.some((d) => f.startsWith(d)))
      .flatMap((f) => importsOf(f).map((i) => ({ spec: i.spec, path: resolveLocal(f, i.spec) })).filter((i) => i.path?.startsWith(`${ENGINE}/pack/`)).map((i) => `${f}: ${i.spec}`));
    expect(files.some((f) => f.startsWith(`${ENGINE}/explain/`))).toBe(true);
    expect(found).toEqual([]);
  });

  test('each module is a stage, the floor or above the stages (src/engine/stages.ts places it)', () => {
    expect(files.filter((f) => layerOf(f) === undefined)).toEqual([]);
  });

  test('a stage imports only the stages before it and the floor; the floor imports no stage; nothing below imports what is above (type-only imports too: they are read)', () => {
    expect(backArrows(files)).toEqual([]);
  });

  test('a back arrow is found: a parse module importing explain/, the floor importing a stage', () => {
    expect(allowed(`${ENGINE}/parse/formats.ts`, `${ENGINE}/explain/suggest.ts`)).toBe(false);
    expect(allowed(`${ENGINE}/shared/name-words.ts`, `${ENGINE}/absorb/absorb.ts`)).toBe(false);
    expect(allowed(`${ENGINE}/checks/checks.ts`, `${ENGINE}/check.ts`)).toBe(false);
    expect(allowed(`${ENGINE}/explain/units.ts`, `${ENGINE}/shared/conditions.ts`)).toBe(true);
    expect(allowed(`${ENGINE}/explain/units.ts`, `${ENGINE}/validate/input-cap.ts`)).toBe(true);
    expect(allowed(`${ENGINE}/check.ts`, `${ENGINE}/body/body.ts`)).toBe(true);
  });

  test('its modules import one another in no cycle (type-only imports aside: they are erased)', () => {
    const graph = new Map(files.map((f) => [f, importsOf(f).filter((i) => !i.typeOnly).map((i) => resolveLocal(f, i.spec)).filter((p): p is string => !!p && p.startsWith(`${ENGINE}/`))]));
    const cycles = importCycles(graph, ENGINE);
    expect(cycles).toEqual([]);
  });
});

describe('faults', () => {
  /** Object literals that set a fault's own fields by hand: `hasReceived` beside a `stage`. */
  function handMadeFaults(file: string, text = readFileSync(file, 'utf8')): string[] {
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const out: string[] = [];
    const visit = (node: ts.Node) => {
      if (ts.isObjectLiteralExpression(node)) {
        const keys = new Set(node.properties.map((p) => (p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : undefined)));
        if (keys.has('hasReceived') && keys.has('stage')) out.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    return out;
  }

  test('are made only by makeFault() (faults/fault.ts), so every fault has the same fields and its words stay data', () => {
    const found = files.filter((f) => !f.endsWith('faults/fault.ts')).flatMap((f) => handMadeFaults(f));
    expect(found).toEqual([]);
    // The reader finds a literal when there is one.
    const byHand = "const f: Fault = { field: 'x', code: 'invalid_value', statement: 'must be x', notes: [], hasReceived: false, candidates: [], showCandidates: false, stage: 'validate', reason: 'r' };";
    expect(handMadeFaults('by-hand.ts', byHand)).toEqual(['by-hand.ts:1']);
  });
});
