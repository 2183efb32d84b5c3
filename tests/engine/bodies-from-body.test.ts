// Every body the project emits is written by src/engine/body/ (body.ts from faults; wire-forms.ts reading a
// wire form back), so its budget, key order and schema cover each one. This reads every module under src/
// for an object literal shaped like a body, an `error` code beside a body's keys, written anywhere else.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const BODY_DIR = 'src/engine/body/';
/** Keys a body has beside `error`; a JSON-RPC error ({error: {code, message}}) has an object there instead. */
const BODY_KEYS = new Set(['field', 'message', 'received', 'did_you_mean', 'retryable', 'errors', 'next_call', 'retry_after', 'omitted']);
const BODY_TYPES = /^(?:Body|FaultBody|ValidationFailedBody|BodyError)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? sourceFiles(p) : /\.tsx?$/.test(p) && !p.endsWith('.d.ts') ? [p] : [];
  });
}

function keyOf(p: ts.ObjectLiteralElementLike): string | undefined {
  if (!p.name) return undefined;
  if (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) return p.name.text;
  return undefined;
}

/** The type an object literal is written as: `x as T`, `<T>x`, `const b: T = x`, or `x satisfies T`. */
function declaredType(node: ts.Node): string | undefined {
  const parent = node.parent;
  if (!parent) return undefined;
  if (ts.isParenthesizedExpression(parent)) return declaredType(parent);
  if ((ts.isAsExpression(parent) || ts.isTypeAssertionExpression(parent) || ts.isSatisfiesExpression(parent)) && ts.isTypeReferenceNode(parent.type)) return parent.type.typeName.getText();
  if (ts.isVariableDeclaration(parent) && parent.type && ts.isTypeReferenceNode(parent.type)) return parent.type.typeName.getText();
  return undefined;
}

/** Object literals in `text` written as a body: an `error` that is no object, beside a body's own keys or typed as a body. */
export function handBuiltBodies(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isObjectLiteralExpression(node)) {
      const error = node.properties.find((p) => keyOf(p) === 'error');
      const value = error && ts.isPropertyAssignment(error) ? error.initializer : undefined;
      const code = error && (!value || !(ts.isObjectLiteralExpression(value) || ts.isArrayLiteralExpression(value)));
      const asBody = node.properties.some((p) => BODY_KEYS.has(keyOf(p) ?? '')) || BODY_TYPES.test(declaredType(node) ?? '');
      if (code && asBody) found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.getText().slice(0, 100)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('bodies come only from src/engine/body/', () => {
  test('no module outside it writes an object literal shaped like a body', () => {
    const found = sourceFiles('src')
      .filter((f) => !f.startsWith(BODY_DIR))
      .map((f) => ({ f, text: readFileSync(f, 'utf8') }))
      // Only a module that writes an `error` key can write a body: the rest are not parsed.
      .filter(({ text }) => /\berror['"]?\s*:/.test(text))
      .flatMap(({ f, text }) => handBuiltBodies(f, text));
    expect(found).toEqual([]);
  });

  test('the scan finds the hand-built bodies it is for (so the test above can fail)', () => {
    const samples = [
      "const body: Body = { error: 'unknown_tool', field: 'name', message: 'x', retryable: false };",
      "const body = { error: src.code } as FaultBody;",
      "errors.push({ error: 'validation_failed', errors });",
      "return { error: 'not_found', message: 'matches no ticket', retryable: false };",
    ];
    for (const s of samples) expect(handBuiltBodies('sample.ts', s), s).toHaveLength(1);
    // A JSON-RPC error, and a result with an error string of its own, are not bodies.
    expect(handBuiltBodies('sample.ts', "toClient({ jsonrpc: '2.0', id, error: { code: -32600, message: 'x' } });")).toEqual([]);
    expect(handBuiltBodies('sample.ts', "return { ok: false, error: 'the file is not JSON' };")).toEqual([]);
  });
});
