// The package as a user gets it: built into a folder of its own (so the repo's lib/ is left alone), packed
// with `npm pack`, installed from the tarball into a fresh project, then used from plain Node ESM, from
// TypeScript (type-checked by the repo's tsc, strict, with the library's declarations checked too), and
// as the `actionable` bin. The package has no dependencies, so the install needs no registry at all.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildJs, buildTypes } from '../../src/cli/build-lib';
import { BODY_SCHEMA, check, packFromToolDefinitions, serializeBody } from '../../src/engine';

const root = resolve('.');
const tmp = mkdtempSync(join(tmpdir(), 'actionable-package-'));
const pkgDir = join(tmp, 'package');
const app = join(tmp, 'app');
const seedBody = '{"error":"invalid_status","field":"status","message":"must be one of: open, pending, closed","received":"OPEN","retryable":false}';
const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
let packed: { files: { path: string }[]; filename: string };

const npm = (args: string[], cwd: string) => execFileSync('npm', args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' } });

beforeAll(async () => {
  mkdirSync(pkgDir, { recursive: true });
  await buildJs(root, join(pkgDir, 'lib'));
  buildTypes(root, join(pkgDir, 'lib'));
  for (const f of ['package.json', 'README.md', 'CHANGELOG.md']) copyFileSync(f, join(pkgDir, f));
  // --ignore-scripts: prepack would build lib/ again from sources this folder does not have.
  packed = JSON.parse(npm(['pack', '--ignore-scripts', '--json', '--pack-destination', tmp], pkgDir))[0];
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', private: true, type: 'module' }));
  npm(['install', '--prefer-offline', '--no-package-lock', join(tmp, packed.filename)], app);
}, 180_000);

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('the tarball', () => {
  test('holds the built package, its declarations and the changelog; no sources, no build notes', () => {
    const files = packed.files.map((f) => f.path);
    for (const f of ['package.json', 'README.md', 'CHANGELOG.md', 'lib/index.js', 'lib/cli.js', 'lib/check-worker.js', 'lib/body.schema.json', 'lib/packs/helpdesk.js', 'lib/types/src/package/index.d.ts', 'lib/types/src/package/packs/helpdesk.d.ts']) expect(files).toContain(f);
    expect(files.filter((f) => !f.startsWith('lib/') && !['package.json', 'README.md', 'CHANGELOG.md'].includes(f))).toEqual([]);
    expect(files).not.toContain('lib/build-meta.json');
    expect(manifest.dependencies ?? {}).toEqual({});
  });

  test('no pack pulls in another: the modules a pack entry imports hold no other pack', () => {
    const meta = JSON.parse(readFileSync(join(pkgDir, 'lib', 'build-meta.json'), 'utf8')) as { outputs: Record<string, { imports: { path: string; kind: string }[]; inputs: string[] }> };
    const packIds = ['helpdesk', 'stripe', 'google-calendar'];
    for (const id of packIds) {
      const reached = new Set<string>();
      const visit = (out: string) => {
        if (reached.has(out)) return;
        reached.add(out);
        for (const i of meta.outputs[out].imports) if (i.kind === 'import-statement' && meta.outputs[i.path]) visit(i.path);
      };
      visit(`packs/${id}.js`);
      const inputs = [...reached].flatMap((o) => meta.outputs[o].inputs);
      expect(inputs).toContain(`content/packs/${id}.json`);
      for (const other of packIds.filter((p) => p !== id)) {
        expect(inputs).not.toContain(`content/packs/${other}.json`);
        expect(inputs).not.toContain(`src/generated/validators/${other}.js`);
      }
      // A shipped pack compiles no schema: AJV's compiler is not among its modules.
      expect(inputs.filter((f) => f.includes('node_modules/ajv/dist/compile/'))).toEqual([]);
    }
  });
});

describe('installed', () => {
  test('plain Node ESM: check() against a shipped pack gives the body', () => {
    writeFileSync(
      join(app, 'call.mjs'),
      `import { check, serializeBody, BODY_SCHEMA, CODES } from 'actionable';
import { pack } from 'actionable/packs/helpdesk';
const result = check(pack, 'update_ticket(ticket_id="T-8841", status="OPEN")');
console.log(serializeBody(result.body));
console.log(result.ok, JSON.stringify(BODY_SCHEMA).length > 100, 'invalid_call' in CODES);
`,
    );
    expect(execFileSync(process.execPath, ['call.mjs'], { cwd: app, encoding: 'utf8' })).toBe(`${seedBody}\nfalse true true\n`);
  });

  test('each pack loads on its own, in a process of its own, and checks a valid call', () => {
    const calls: Record<string, unknown> = {
      helpdesk: { name: 'get_ticket', arguments: { ticket_id: 'T-8841' } },
      stripe: { name: 'create_customer', arguments: { email: 'ada@example.com' } },
      'google-calendar': { name: 'calendarList_list', arguments: {} },
    };
    for (const [id, call] of Object.entries(calls)) {
      const code = `import { check } from 'actionable'; import { pack } from 'actionable/packs/${id}'; const r = check(pack, ${JSON.stringify(call)}, { checks: false }); console.log(pack.id, r.ok, JSON.stringify(r.body));`;
      expect(execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: app, encoding: 'utf8' })).toBe(`${id} true null\n`);
    }
  });

  test('your own tools: packFromToolDefinitions compiles them with the bundled AJV', () => {
    const tools = [{ type: 'function', function: { name: 'set_mode', parameters: { type: 'object', properties: { mode: { type: 'string', enum: ['fast', 'safe'] }, level: { type: 'integer', minimum: 1 } }, required: ['mode'] } } }];
    const call = { name: 'set_mode', arguments: { mode: 'fats', level: 0 } };
    const code = `import { check, packFromToolDefinitions, serializeBody } from 'actionable';
const pack = packFromToolDefinitions(${JSON.stringify(tools)});
console.log(serializeBody(check(pack, ${JSON.stringify(call)}).body));`;
    // The same bytes as the engine in this repository gives.
    const expected = serializeBody(check(packFromToolDefinitions(tools), call).body!);
    expect(expected).toContain('"error":"validation_failed"');
    expect(execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: app, encoding: 'utf8' })).toBe(`${expected}\n`);
  });

  test('TypeScript: the declarations type-check under nodenext, strict, and the compiled program runs', () => {
    writeFileSync(
      join(app, 'call.ts'),
      `import { check, serializeBody, type Body, type CheckResult, type CompiledPack } from 'actionable';
import { pack } from 'actionable/packs/helpdesk';

const helpdesk: CompiledPack = pack;
const result: CheckResult = check(helpdesk, { name: 'update_ticket', arguments: { ticket_id: 'T-8841', status: 'OPEN' } });
const body: Body | null = result.body;
// The declarations are real: a call with no pack does not type-check.
// @ts-expect-error check() needs a compiled pack
check({ id: 'nope' }, {});
console.log(body ? serializeBody(body) : 'accepted');
`,
    );
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', strict: true, skipLibCheck: false, types: [], outDir: 'out' }, files: ['call.ts'] }));
    const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: app, encoding: 'utf8' });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
    expect(execFileSync(process.execPath, ['out/call.js'], { cwd: app, encoding: 'utf8' })).toBe(`${seedBody}\n`);
  });

  test('the bin: actionable --pack helpdesk reads a call from stdin', () => {
    const r = spawnSync(join(app, 'node_modules/.bin/actionable'), ['--pack', 'helpdesk'], { cwd: app, input: 'update_ticket(ticket_id="T-8841", status="OPEN")', encoding: 'utf8' });
    expect({ stdout: r.stdout, stderr: r.stderr, status: r.status }).toEqual({ stdout: `${seedBody}\n`, stderr: '', status: 1 });
  });

  test('the body JSON Schema is there as a file too', () => {
    const schema = JSON.parse(readFileSync(join(app, 'node_modules/actionable/lib/body.schema.json'), 'utf8'));
    expect(schema).toEqual(JSON.parse(JSON.stringify(BODY_SCHEMA)));
    const code = `import { BODY_SCHEMA } from 'actionable'; import { createRequire } from 'node:module'; const s = createRequire(import.meta.url)('actionable/body.schema.json'); console.log(JSON.stringify(s) === JSON.stringify(BODY_SCHEMA));`;
    expect(execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: app, encoding: 'utf8' })).toBe('true\n');
  });
});
