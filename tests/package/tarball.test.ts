// The package as a user gets it: staged as `npm run tarball` stages it (src/cli/stage-package.ts: lib/ built in a
// folder of its own, so the repo's lib/ is left alone, with the package's own README), packed with
// `npm pack`, installed from the tarball into two fresh projects, one ES modules ("type": "module")
// and one CommonJS (no "type"), then used as each would: import and require() of the root and of every
// pack, TypeScript under nodenext (a .ts file as ESM, a .cts file as CommonJS, each type-checked against
// the declarations its condition names and then run), the body's JSON Schema as a file, and the bin. The
// package has no dependencies, so the install needs no registry at all.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NOTICES_FILE } from '../../src/cli/build-lib';
import { wildcardEntrypoints } from '../../src/cli/release-check';
import { PACKAGE_README, stagePackage } from '../../src/cli/stage-package';
import { PACK_CATALOG } from '../../src/package/catalog';
import { BODY_SCHEMA, check, packFromToolDefinitions, serializeBody } from '../../src/engine';
import { getPack } from '../../src/packs';

const root = resolve('.');
const tmp = mkdtempSync(join(tmpdir(), 'actionable-package-'));
const pkgDir = join(tmp, 'package');
const app = join(tmp, 'app');
const cjsApp = join(tmp, 'app-cjs');
const seedBody = '{"error":"invalid_status","field":"status","message":"must be one of: open, pending, closed","received":"OPEN","retryable":false}';
const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
const NAME: string = manifest.name;
let packed: { files: { path: string }[]; filename: string };

const NPM_ENV = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
const npm = (args: string[], cwd: string) => execFileSync('npm', args, { cwd, encoding: 'utf8', env: NPM_ENV });
/** npm without holding the worker's event loop: the setup's pack and installs take most of a minute beside a site build. */
const npmAwaited = async (args: string[], cwd: string) => (await promisify(execFile)('npm', args, { cwd, encoding: 'utf8', env: NPM_ENV })).stdout;
const node = (args: string[], cwd: string) => execFileSync(process.execPath, args, { cwd, encoding: 'utf8' });
const tsc = (args: string[], cwd: string) => spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), ...args], { cwd, encoding: 'utf8' });

/** A call to each pack that it accepts, and one to the Stripe pack that a registry's names answer (did_you_mean GB). */
const validCalls: Record<string, unknown> = {
  helpdesk: { name: 'get_ticket', arguments: { ticket_id: 'T-8841' } },
  stripe: { name: 'create_customer', arguments: { email: 'ada@example.com' } },
  'google-calendar': { name: 'calendarList_list', arguments: {} },
};
const countryCall = { name: 'create_customer', arguments: { name: 'Ada', email: 'ada@example.com', address: { country: 'England' } } };

beforeAll(async () => {
  await stagePackage(root, pkgDir);
  // The staged manifest has no scripts: nothing runs but the pack.
  packed = JSON.parse(await npmAwaited(['pack', '--json', '--pack-destination', tmp], pkgDir))[0];
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', private: true, type: 'module' }));
  await npmAwaited(['install', '--prefer-offline', '--no-package-lock', join(tmp, packed.filename)], app);
  mkdirSync(cjsApp);
  writeFileSync(join(cjsApp, 'package.json'), JSON.stringify({ name: 'app-cjs', version: '1.0.0', private: true }));
  await npmAwaited(['install', '--prefer-offline', '--no-package-lock', join(tmp, packed.filename)], cjsApp);
}, 240_000);

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('the tarball', () => {
  test('holds the built package for import and require, its declarations, the license, the notices and the changelog; no sources, no build notes', () => {
    const files = packed.files.map((f) => f.path);
    for (const f of [
      'package.json',
      'README.md',
      'CHANGELOG.md',
      'LICENSE',
      `lib/${NOTICES_FILE}`,
      'lib/index.js',
      'lib/index.cjs',
      'lib/cli.js',
      'lib/check-worker.js',
      'lib/body.schema.json',
      'lib/packs/helpdesk.js',
      'lib/packs/helpdesk.cjs',
      'lib/types/src/package/index.d.ts',
      'lib/types/src/package/index.d.cts',
      'lib/types/src/package/packs/helpdesk.d.ts',
      'lib/types/src/package/packs/helpdesk.d.cts',
    ])
      expect(files).toContain(f);
    expect(files.filter((f) => !f.startsWith('lib/') && !['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE'].includes(f))).toEqual([]);
    expect(files).not.toContain('lib/build-meta.json');
    expect(manifest.dependencies ?? {}).toEqual({});
  });

  test('MIT licensed: the license field and the LICENSE file say so', () => {
    expect(manifest.license).toBe('MIT');
    const license = readFileSync(join(app, 'node_modules', NAME, 'LICENSE'), 'utf8');
    expect(license).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} the Actionable authors\n/);
    expect(license).toContain('Permission is hereby granted, free of charge');
  });

  test("the notices list every package whose code is in a bundle, with the license its package.json declares, and its license file's text", () => {
    const notices = readFileSync(join(app, 'node_modules', NAME, 'lib', NOTICES_FILE), 'utf8');
    const meta = JSON.parse(readFileSync(join(pkgDir, 'lib', 'build-meta.json'), 'utf8')) as { outputs: Record<string, { inputs: string[] }> };
    // Each package folder an output holds bytes of (a nested node_modules copy is a package of its own, at its own version).
    const dirs = new Set(
      Object.values(meta.outputs)
        .flatMap((o) => o.inputs)
        .filter((i) => i.includes('node_modules/'))
        .map((i) => {
          const at = i.lastIndexOf('node_modules/') + 'node_modules/'.length;
          const parts = i.slice(at).split('/');
          return i.slice(0, at) + (parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]);
        }),
    );
    const licenseOf = (pkg: { license?: string; licenses?: { type: string }[] }) => pkg.license ?? pkg.licenses!.map((l) => l.type).join(' OR ');
    const bundled = [...dirs].map((dir) => JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')));
    // What the engine itself bundles, and what the bin adds (the MCP SDK for the proxy, the importer's parser).
    for (const name of ['ajv', 'ajv-formats', 'fast-uri', 'fastest-levenshtein', 'damerau-levenshtein', 'jsonc-parser', '@modelcontextprotocol/sdk', 'gpt-tokenizer']) expect(bundled.map((p) => p.name)).toContain(name);
    const rows = [...notices.matchAll(/^\| (\S+) \| (\S+) \| ([^|]+) \| (code|data[^|]*) \|$/gm)].map((m) => ({ name: m[1], version: m[2], license: m[3].trim(), kind: m[4] }));
    const row = (p: { name: string; version: string }) => `${p.name} ${p.version}`;
    expect(rows.filter((r) => r.kind === 'code').map((r) => `${row(r)} ${r.license}`).sort()).toEqual([...new Set(bundled.map((p) => `${row(p)} ${licenseOf(p)}`))].sort());
    for (const r of rows) expect(notices).toContain(`## ${row(r)}\n\nLicense: ${r.license}\n`);
    // The registries' data comes from packages too: named with their licenses (world-countries' ODbL from its `licenses`).
    const data = rows.filter((r) => r.kind !== 'code');
    for (const r of data) expect(r.license).toBe(licenseOf(JSON.parse(readFileSync(join(root, 'node_modules', r.name, 'package.json'), 'utf8'))));
    expect(data.find((r) => r.name === 'world-countries')).toMatchObject({ license: 'ODbL-1.0' });
    expect(data.find((r) => r.name === 'cldr-core')).toMatchObject({ license: 'Unicode-3.0' });
    expect(notices).toContain(readFileSync(join(root, 'node_modules/ajv/LICENSE'), 'utf8').trim());
  });

  test('no pack pulls in another: the modules a pack entry imports hold no other pack, in the ESM and the CommonJS build', () => {
    const meta = JSON.parse(readFileSync(join(pkgDir, 'lib', 'build-meta.json'), 'utf8')) as { outputs: Record<string, { imports: { path: string; kind: string }[]; inputs: string[] }> };
    const packIds = ['helpdesk', 'stripe', 'google-calendar'];
    for (const ext of ['js', 'cjs']) {
      for (const id of packIds) {
        const reached = new Set<string>();
        const visit = (out: string) => {
          if (reached.has(out)) return;
          reached.add(out);
          for (const i of meta.outputs[out].imports) if (i.kind === 'import-statement' && meta.outputs[i.path]) visit(i.path);
        };
        visit(`packs/${id}.${ext}`);
        expect([...reached].every((o) => o.endsWith(`.${ext}`))).toBe(true);
        const inputs = [...reached].flatMap((o) => meta.outputs[o].inputs);
        expect(inputs).toContain(`content/packs/${id}.json`);
        for (const other of packIds.filter((p) => p !== id)) {
          expect(inputs).not.toContain(`content/packs/${other}.json`);
          expect(inputs).not.toContain(`src/generated/validators/${other}.js`);
        }
        // A shipped pack compiles no schema: AJV's compiler is not among its modules.
        expect(inputs.filter((f) => f.includes('node_modules/ajv/dist/compile/'))).toEqual([]);
      }
    }
  });
});

describe('release checks on the tarball (npm run release:check runs the same, and npm publish --dry-run)', () => {
  test('publint finds nothing in the staged package', () => {
    const r = spawnSync(join(root, 'node_modules/.bin/publint'), ['run', pkgDir, '--strict', '--pack', 'npm'], { encoding: 'utf8', env: NPM_ENV });
    expect(r.stdout).toContain('All good!');
    expect(r.status).toBe(0);
  }, 60_000);

  test("attw: every entry point's types resolve under node10, node16 (CommonJS and ESM) and bundlers, each pack named", () => {
    const entries = wildcardEntrypoints(pkgDir);
    expect(entries).toContain('./packs/helpdesk');
    expect(entries).toContain('./packs/github-v3');
    expect(entries.filter((e) => e.startsWith('./packs/')).length).toBe(PACK_CATALOG.length);
    const r = spawnSync(join(root, 'node_modules/.bin/attw'), [join(tmp, packed.filename), '--profile', 'strict', '--format', 'json', '--ignore-rules', 'false-export-default', '--include-entrypoints', ...entries], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    const result = JSON.parse(r.stdout) as { analysis: { problems: { kind: string; entrypoint?: string; resolutionKind?: string }[]; entrypoints: Record<string, unknown> } };
    expect(result.analysis.problems.filter((p) => p.kind !== 'FalseExportDefault')).toEqual([]);
    expect(Object.keys(result.analysis.entrypoints)).toEqual(expect.arrayContaining(['.', './body.schema.json', './packs/helpdesk', './packs/slack-web']));
    expect(r.status).toBe(0);
  }, 120_000);
});

describe('the README the tarball carries: the package one (src/package/README.md), its samples true', () => {
  const readme = () => readFileSync(join(app, 'node_modules', NAME, 'README.md'), 'utf8');
  const blocks = (lang: string) => [...readme().matchAll(new RegExp(`^\`\`\`${lang}\n([\\s\\S]*?)^\`\`\`$`, 'gm'))].map((m) => m[1]);

  test('is the package README, not the repository one', () => {
    expect(readme()).toBe(readFileSync(PACKAGE_README, 'utf8'));
    expect(readme()).not.toBe(readFileSync('README.md', 'utf8'));
  });

  test('install: the tarball `npm run tarball` writes, by the name npm gives it', () => {
    const [install] = blocks('sh');
    expect(packed.filename).toBe(`${NAME}-${manifest.version}.tgz`);
    expect(install.split('\n').filter((l) => l && !l.startsWith('#'))).toEqual(['npm install && npm run tarball', `npm install /path/to/${packed.filename}`]);
    expect(install).toContain(`writes ${packed.filename}`);
  });

  test('each JavaScript sample runs in the installed project and prints what its //=> lines say', () => {
    const samples = blocks('js');
    expect(samples.length).toBeGreaterThanOrEqual(3);
    samples.forEach((code, i) => {
      const expected = [...code.matchAll(/^\/\/=> (.*)$/gm)].map((m) => `${m[1]}\n`);
      expect(expected.length).toBeGreaterThan(0);
      writeFileSync(join(app, `readme-${i}.mjs`), code);
      expect(node([`readme-${i}.mjs`], app)).toBe(expected.join(''));
    });
  });

  test('each console sample: the command after `$ ` prints the lines below it', () => {
    const samples = blocks('console');
    expect(samples.length).toBeGreaterThan(0);
    for (const block of samples) {
      const [command, ...out] = block.trimEnd().split('\n');
      expect(command.startsWith('$ ')).toBe(true);
      const r = spawnSync('sh', ['-c', command.slice(2)], { cwd: app, encoding: 'utf8', env: NPM_ENV });
      expect(r.stdout).toBe(`${out.join('\n')}\n`);
    }
  });

  test("the MCP client config runs the project's own copy as the proxy (npx --no, nothing fetched)", () => {
    const [config] = blocks('json').map((b) => JSON.parse(b) as { mcpServers: Record<string, { command: string; args: string[] }> });
    const server = Object.values(config.mcpServers)[0];
    expect(server.command).toBe('npx');
    expect(server.args.slice(0, 4)).toEqual(['--no', '--', NAME, 'mcp-proxy']);
    expect(npm(['exec', ...server.args.slice(0, 4), '--help'], app).startsWith(`Usage: ${NAME} mcp-proxy`)).toBe(true);
  });
});

describe('installed, from ES modules', () => {
  test('plain Node ESM: check() against a shipped pack gives the body', () => {
    writeFileSync(
      join(app, 'call.mjs'),
      `import { check, serializeBody, BODY_SCHEMA, CODES } from '${NAME}';
import { pack } from '${NAME}/packs/helpdesk';
const result = check(pack, 'update_ticket(ticket_id="T-8841", status="OPEN")');
console.log(serializeBody(result.body));
console.log(result.ok, JSON.stringify(BODY_SCHEMA).length > 100, 'invalid_call' in CODES);
`,
    );
    expect(node(['call.mjs'], app)).toBe(`${seedBody}\nfalse true true\n`);
  });

  test('each pack loads on its own, in a process of its own, and checks a valid call', () => {
    for (const [id, call] of Object.entries(validCalls)) {
      const code = `import { check } from '${NAME}'; import { pack } from '${NAME}/packs/${id}'; const r = check(pack, ${JSON.stringify(call)}, { checks: false }); console.log(pack.id, r.ok, JSON.stringify(r.body));`;
      expect(node(['--input-type=module', '-e', code], app)).toBe(`${id} true null\n`);
    }
  });

  test("a pack's registry answers with its names: the same body as the engine in this repository", () => {
    const expected = serializeBody(check(getPack('stripe')!, countryCall, { checks: false }).body!);
    expect(expected).toContain('"did_you_mean":["GB"]');
    const code = `import { check, serializeBody } from '${NAME}'; import { pack } from '${NAME}/packs/stripe'; console.log(serializeBody(check(pack, ${JSON.stringify(countryCall)}, { checks: false }).body));`;
    expect(node(['--input-type=module', '-e', code], app)).toBe(`${expected}\n`);
  });

  test('your own tools: packFromToolDefinitions compiles them with the bundled AJV', () => {
    const tools = [{ type: 'function', function: { name: 'set_mode', parameters: { type: 'object', properties: { mode: { type: 'string', enum: ['fast', 'safe'] }, level: { type: 'integer', minimum: 1 } }, required: ['mode'] } } }];
    const call = { name: 'set_mode', arguments: { mode: 'fats', level: 0 } };
    const code = `import { check, packFromToolDefinitions, serializeBody } from '${NAME}';
const pack = packFromToolDefinitions(${JSON.stringify(tools)});
console.log(serializeBody(check(pack, ${JSON.stringify(call)}).body));`;
    // The same bytes as the engine in this repository gives.
    const expected = serializeBody(check(packFromToolDefinitions(tools), call).body!);
    expect(expected).toContain('"error":"validation_failed"');
    expect(node(['--input-type=module', '-e', code], app)).toBe(`${expected}\n`);
  });

  test('replay(): a transcript replayed through check() from the package, as --replay does (README)', () => {
    const code = `import { replay } from '${NAME}';
import { pack } from '${NAME}/packs/helpdesk';
const out = replay(pack, '[turn 1] update_ticket(ticket_id="T-8841", status="OPEN")\\n[turn 2] update_ticket(ticket_id="T-8841", status="open")', { check: { checks: false } });
console.log(out.ok, out.ok && out.report.calls.length, out.ok && out.report.calls[0].check.ok, out.ok && out.report.calls[1].check.ok);`;
    expect(node(['--input-type=module', '-e', code], app)).toBe('true 2 false true\n');
  });

  test('TypeScript: the ESM declarations type-check under nodenext, strict, and the compiled program runs', () => {
    writeFileSync(
      join(app, 'call.ts'),
      `import { check, serializeBody, type Body, type CheckResult, type CompiledPack } from '${NAME}';
import { pack } from '${NAME}/packs/helpdesk';

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
    const r = tsc(['-p', 'tsconfig.json'], app);
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
    // The import condition's declarations, not the CommonJS twins.
    const listed = tsc(['-p', 'tsconfig.json', '--listFilesOnly'], app).stdout.split('\n').filter((f) => f.includes(`node_modules/${NAME}/`));
    expect(listed.some((f) => f.endsWith('/lib/types/src/package/index.d.ts'))).toBe(true);
    expect(listed.filter((f) => f.endsWith('.d.cts'))).toEqual([]);
    expect(node(['out/call.js'], app)).toBe(`${seedBody}\n`);
  });

  test('the body JSON Schema is there as a file too, for import with { type: "json" }', () => {
    const schema = JSON.parse(readFileSync(join(app, 'node_modules', NAME, 'lib/body.schema.json'), 'utf8'));
    expect(schema).toEqual(JSON.parse(JSON.stringify(BODY_SCHEMA)));
    const code = `import { BODY_SCHEMA } from '${NAME}'; import schema from '${NAME}/body.schema.json' with { type: 'json' }; console.log(JSON.stringify(schema) === JSON.stringify(BODY_SCHEMA));`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: app, encoding: 'utf8' });
    expect({ stdout: r.stdout, status: r.status }).toEqual({ stdout: 'true\n', status: 0 });
  });
});

describe('an imported pack, installed (the catalog: src/package/catalog.ts)', () => {
  const slackCall = { name: 'chat_postMessage', arguments: { channel: 'C1', txt: 'hi' } };
  const slackBody = '{"error":"unknown_argument","field":"txt","message":"is not an argument","received":"hi","did_you_mean":["text"],"retryable":false}';

  test('is in the tarball as its ESM and CommonJS modules, its JSON once, and its declarations', () => {
    const files = packed.files.map((f) => f.path);
    for (const f of ['lib/packs/slack-web.js', 'lib/packs/slack-web.cjs', 'lib/packs/slack-web.json', 'lib/types/src/package/packs/slack-web.d.ts', 'lib/types/src/package/packs/slack-web.d.cts']) expect(files).toContain(f);
  });

  test('import and require() of packs/slack-web check a call and give the engine body', () => {
    const esm = `import { check, serializeBody } from '${NAME}'; import { pack } from '${NAME}/packs/slack-web'; console.log(pack.id, pack.tools.length, serializeBody(check(pack, ${JSON.stringify(slackCall)}).body));`;
    expect(node(['--input-type=module', '-e', esm], app)).toBe(`slack-web 174 ${slackBody}\n`);
    const cjs = `const { check, serializeBody } = require('${NAME}'); const { pack } = require('${NAME}/packs/slack-web'); console.log(pack.id, pack.tools.length, serializeBody(check(pack, ${JSON.stringify(slackCall)}).body), require('${NAME}/packs/slack-web').default === pack);`;
    expect(node(['-e', cjs], cjsApp)).toBe(`slack-web 174 ${slackBody} true\n`);
  });

  test('the installed bin checks a call with --pack github-v3', () => {
    const r = spawnSync(process.execPath, [join(app, 'node_modules', NAME, 'lib/cli.js'), '--pack', 'github-v3'], { cwd: app, input: JSON.stringify({ name: 'repos/get', arguments: { owner: 'a' } }), encoding: 'utf8' });
    expect({ stdout: r.stdout, stderr: r.stderr, status: r.status }).toEqual({ stdout: '{"error":"missing_required","field":"repo","message":"is required: send a string","retryable":false}\n', stderr: '', status: 1 });
  });
});

describe('installed, from CommonJS', () => {
  test("require() of the root and of every pack, each in a process of its own (a pack's top-level await used to make this ERR_REQUIRE_ASYNC_MODULE)", () => {
    for (const [id, call] of Object.entries(validCalls)) {
      const code = `const { check } = require('${NAME}'); const { pack } = require('${NAME}/packs/${id}'); const r = check(pack, ${JSON.stringify(call)}, { checks: false }); console.log(pack.id, r.ok, JSON.stringify(r.body), require('${NAME}/packs/${id}').default === pack);`;
      expect(node(['-e', code], cjsApp)).toBe(`${id} true null true\n`);
    }
  });

  test('the CommonJS build: the same bodies as ESM, one copy of the engine shared with the packs, and the files it loads are .cjs', () => {
    writeFileSync(
      join(cjsApp, 'call.js'),
      `const { check, serializeBody, BODY_SCHEMA, CODES, packFromToolDefinitions } = require('${NAME}');
const { pack } = require('${NAME}/packs/helpdesk');
const stripe = require('${NAME}/packs/stripe').pack;
console.log(serializeBody(check(pack, 'update_ticket(ticket_id="T-8841", status="OPEN")').body));
console.log(serializeBody(check(stripe, ${JSON.stringify(countryCall)}, { checks: false }).body));
const own = packFromToolDefinitions([{ name: 'set_mode', input_schema: { type: 'object', properties: { mode: { enum: ['fast', 'safe'] } }, required: ['mode'] } }]);
console.log(serializeBody(check(own, { name: 'set_mode', arguments: { mode: 'FAST' } }).body), check(own, { name: 'set_mode', arguments: { mode: 'fast' } }).ok);
console.log(JSON.stringify(require('${NAME}/body.schema.json')) === JSON.stringify(BODY_SCHEMA), 'invalid_call' in CODES);
const mine = Object.keys(require.cache).filter((f) => f.includes('/node_modules/${NAME}/'));
console.log(mine.length > 2 && mine.every((f) => f.endsWith('.cjs') || f.endsWith('.json')));
`,
    );
    const stripeBody = serializeBody(check(getPack('stripe')!, countryCall, { checks: false }).body!);
    const ownPack = packFromToolDefinitions([{ name: 'set_mode', input_schema: { type: 'object', properties: { mode: { enum: ['fast', 'safe'] } }, required: ['mode'] } }]);
    const ownBody = check(ownPack, { name: 'set_mode', arguments: { mode: 'FAST' } }).body;
    const expectedOwn = ownBody ? serializeBody(ownBody) : 'null';
    expect(node(['call.js'], cjsApp)).toBe(`${seedBody}\n${stripeBody}\n${expectedOwn} true\ntrue true\ntrue\n`);
  });

  test('TypeScript: a .cts file type-checks under nodenext against the .d.cts declarations, compiles to require(), and runs', () => {
    writeFileSync(
      join(cjsApp, 'call.cts'),
      `import { check, serializeBody, type Body, type CheckResult, type CompiledPack } from '${NAME}';
import { pack } from '${NAME}/packs/helpdesk';
import stripe = require('${NAME}/packs/stripe');

const helpdesk: CompiledPack = pack;
const result: CheckResult = check(helpdesk, { name: 'update_ticket', arguments: { ticket_id: 'T-8841', status: 'OPEN' } });
const body: Body | null = result.body;
const other: CompiledPack = stripe.pack;
// The declarations are real: a call with no pack does not type-check.
// @ts-expect-error check() needs a compiled pack
check({ id: 'nope' }, {});
console.log(body ? serializeBody(body) : 'accepted', other.id);
`,
    );
    writeFileSync(join(cjsApp, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', strict: true, skipLibCheck: false, types: [], outDir: 'out' }, files: ['call.cts'] }));
    const r = tsc(['-p', 'tsconfig.json'], cjsApp);
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
    const listed = tsc(['-p', 'tsconfig.json', '--listFilesOnly'], cjsApp).stdout.split('\n').filter((f) => f.includes(`node_modules/${NAME}/`));
    expect(listed.some((f) => f.endsWith('/lib/types/src/package/index.d.cts'))).toBe(true);
    expect(listed.some((f) => f.endsWith('/lib/types/src/package/packs/helpdesk.d.cts'))).toBe(true);
    expect(listed.filter((f) => f.endsWith('.d.ts'))).toEqual([]);
    const compiled = readFileSync(join(cjsApp, 'out/call.cjs'), 'utf8');
    expect(compiled).toContain(`require("${NAME}")`);
    expect(node(['out/call.cjs'], cjsApp)).toBe(`${seedBody} stripe\n`);
  });

  test("a .cts default import of a pack type-checks and runs (attw's false-export-default misreads esbuild's CommonJS annotation; release-check.ts)", () => {
    mkdirSync(join(cjsApp, 'default-import'));
    writeFileSync(join(cjsApp, 'default-import', 'call.cts'), `import helpdesk from '${NAME}/packs/helpdesk';\nimport type { CompiledPack } from '${NAME}';\nconst p: CompiledPack = helpdesk;\nconsole.log(p.id, p.tools.length > 0);\n`);
    writeFileSync(join(cjsApp, 'default-import', 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', strict: true, types: [], outDir: 'out' }, files: ['call.cts'] }));
    const r = tsc(['-p', 'tsconfig.json'], join(cjsApp, 'default-import'));
    expect(r.stdout + r.stderr).toBe('');
    expect(node(['default-import/out/call.cjs'], cjsApp)).toBe('helpdesk true\n');
  });

  test('an ES module in the CommonJS project still gets the ESM build', () => {
    writeFileSync(join(cjsApp, 'call.mjs'), `import { check, serializeBody } from '${NAME}'; import { pack } from '${NAME}/packs/helpdesk'; import { createRequire } from 'node:module';\nconsole.log(serializeBody(check(pack, 'update_ticket(ticket_id="T-8841", status="OPEN")').body), createRequire(import.meta.url).resolve('${NAME}').endsWith('index.cjs'), import.meta.resolve('${NAME}').endsWith('index.js'));\n`);
    expect(node(['call.mjs'], cjsApp)).toBe(`${seedBody} true true\n`);
  });
});

describe('the bin', () => {
  const bin = (args: string[], input = '') => {
    const r = spawnSync(join(app, 'node_modules/.bin', NAME), args, { cwd: app, input, encoding: 'utf8' });
    return { stdout: r.stdout, stderr: r.stderr, status: r.status };
  };

  test('is named as the package, and `npx <package>` runs it from the project', () => {
    expect(manifest.bin).toEqual({ [NAME]: 'lib/cli.js' });
    expect(existsSync(join(cjsApp, 'node_modules/.bin', NAME))).toBe(true);
    // --no: never from the registry, only what the project installed.
    expect(npm(['exec', '--no', '--', NAME, '--version'], app)).toBe(`${manifest.version}\n`);
  });

  test(`reads a call from stdin: ${NAME} --pack helpdesk`, () => {
    expect(bin(['--pack', 'helpdesk'], 'update_ticket(ticket_id="T-8841", status="OPEN")')).toEqual({ stdout: `${seedBody}\n`, stderr: '', status: 1 });
  });

  test('--version prints the installed version, --help the usage under its own name', () => {
    expect(bin(['--version'])).toEqual({ stdout: `${manifest.version}\n`, stderr: '', status: 0 });
    const help = bin(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout.startsWith(`Usage: ${NAME} (--pack ID | --tools FILE)`)).toBe(true);
    expect(help.stdout).toContain(`${NAME} mcp-proxy`);
    expect(help.stdout).not.toContain('npm run');
    expect(bin(['mcp-proxy', '--help']).stdout.startsWith(`Usage: ${NAME} mcp-proxy`)).toBe(true);
  });
});

describe('the adapters, installed (src/package/adapters/)', () => {
  const ADAPTERS: Record<string, string[]> = {
    'ai-sdk': ['inputSchema', 'repairToolCall', 'tools'],
    langchain: ['ActionableRefusal', 'checkedTools'],
    'openai-agents': ['ActionableRefusal', 'errorFunction', 'tools'],
    mastra: ['tools'],
  };
  const fenced = '```json\\n{"ticket_id": "T-8841", "status": "open",}\\n```';

  test('each loads with import and with require(), with its exports, and the packed files hold them', () => {
    const files = packed.files.map((f) => f.path);
    for (const [id, names] of Object.entries(ADAPTERS)) {
      for (const f of [`lib/adapters/${id}.js`, `lib/adapters/${id}.cjs`, `lib/types/src/package/adapters/${id}.d.ts`, `lib/types/src/package/adapters/${id}.d.cts`]) expect(files).toContain(f);
      expect(node(['--input-type=module', '-e', `console.log(Object.keys(await import('${NAME}/adapters/${id}')).sort().join())`], app)).toBe(`${names.join()}\n`);
      expect(node(['-e', `console.log(Object.keys(require('${NAME}/adapters/${id}')).sort().join())`], cjsApp)).toBe(`${names.join()}\n`);
    }
  });

  test('the AI SDK repair function, from both module systems: a fenced call repaired, a wrong enum refused with the body', () => {
    const run = (load: string) => `${load}
const error = new Error('invalid');
const repair = repairToolCall(pack);
repair({ toolCall: { toolName: 'update_ticket', input: '${fenced}' }, error }).then(async (fixed) => {
  console.log(fixed.input);
  console.log(await repair({ toolCall: { toolName: 'update_ticket', input: '{"ticket_id": "T-8841", "status": "OPEN"}' }, error }), error.message);
});`;
    const expected = `{"ticket_id":"T-8841","status":"open"}\nnull ${seedBody}\n`;
    expect(node(['--input-type=module', '-e', run(`import { repairToolCall } from '${NAME}/adapters/ai-sdk'; import { pack } from '${NAME}/packs/helpdesk';`)], app)).toBe(expected);
    expect(node(['-e', run(`const { repairToolCall } = require('${NAME}/adapters/ai-sdk'); const { pack } = require('${NAME}/packs/helpdesk');`)], cjsApp)).toBe(expected);
  });

  test('TypeScript under nodenext sees their declarations, strict', () => {
    writeFileSync(
      join(app, 'adapters.ts'),
      `import { repairToolCall, tools as aiSdkTools } from '${NAME}/adapters/ai-sdk';
import { checkedTools } from '${NAME}/adapters/langchain';
import { errorFunction, tools as agentTools } from '${NAME}/adapters/openai-agents';
import { tools as mastraTools } from '${NAME}/adapters/mastra';
import { pack } from '${NAME}/packs/helpdesk';

const run = async (name: string, args: Record<string, unknown>) => ({ name, args });
const repaired: Promise<{ toolName: string; input: string; toolCallId: string } | null> = repairToolCall(pack)({ toolCall: { toolName: 'get_ticket', input: '{}', toolCallId: 'c1' }, error: new Error('x') });
const checked: { name: string; invoke(input: unknown): Promise<unknown> }[] = checkedTools(pack, [{ name: 'get_ticket', invoke: async (input: unknown) => input }]);
const text: string = errorFunction()({}, new Error('x'));
// @ts-expect-error tools() needs the function that runs them
aiSdkTools(pack);
console.log(Object.keys(aiSdkTools(pack, run)).length, agentTools(pack, run).length, Object.keys(mastraTools(pack, run)).length, checked.length, typeof repaired, text.length > 0);
`,
    );
    writeFileSync(join(app, 'tsconfig.adapters.json'), JSON.stringify({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', strict: true, skipLibCheck: false, types: [], outDir: 'out-adapters' }, files: ['adapters.ts'] }));
    const r = tsc(['-p', 'tsconfig.adapters.json'], app);
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
    const tools = getPack('helpdesk')!.tools.length;
    expect(node(['out-adapters/adapters.js'], app)).toBe(`${tools} ${tools} ${tools} 1 object true\n`);
  });
});
