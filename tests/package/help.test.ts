// The bin's --help and --version, as someone who installed the package runs them (the bundled bin, through
// the launcher that builds it when stale): the usage under the bin's own name, every option of both
// commands (read from the parsers themselves, so a new option without its line fails here), the exit
// codes, and the version from package.json. tarball.test.ts runs both from an installed tarball too.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { BIN, HELP, PROXY_HELP, USAGE_HINT } from '../../src/cli/help';
import { runCli } from '../../src/cli/run';
import { packFromToolDefinitions } from '../../src/engine';
import { getPack } from '../../src/packs';

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { name: string; version: string; bin: Record<string, string> };
const bin = (args: string[]) => {
  const r = spawnSync(process.execPath, ['src/cli/launch.mjs', ...args], { input: '', encoding: 'utf8', timeout: 120_000 });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
};
const inProcess = (args: string[]) => runCli(args, { stdin: () => '', readFile: () => '', pack: getPack, toolsPack: packFromToolDefinitions });

/** The options a parser accepts, read from its source: every `a === '--x'` comparison. */
const optionsIn = (file: string) => [...new Set([...readFileSync(file, 'utf8').matchAll(/a === '(--?[a-z-]+)'/g)].map((m) => m[1]))];

beforeAll(() => {
  // Builds lib/ if it is stale, once.
  expect(bin(['--version']).status).toBe(0);
}, 120_000);

describe('--help', () => {
  test('the bin is named as the package, and the help calls it by that name', () => {
    expect(BIN).toBe(manifest.name);
    expect(Object.keys(manifest.bin)).toEqual([BIN]);
  });

  test('prints the help on stdout and exits 0, as -h and help do; the in-process CLI prints the same', () => {
    for (const args of [['--help'], ['-h'], ['help'], ['--pack', 'helpdesk', '--help']]) expect(bin(args)).toEqual({ stdout: `${HELP}\n`, stderr: '', status: 0 });
    expect(inProcess(['--help'])).toEqual({ stdout: `${HELP}\n`, stderr: '', code: 0 });
  });

  test("is written for someone who installed the package: the usage under the bin's own name, no repository commands", () => {
    expect(HELP.startsWith(`Usage: ${BIN} (--pack ID | --tools FILE) [options]`)).toBe(true);
    expect(HELP).toContain(`${BIN} mcp-proxy [--pack ID] [--allow-unchecked TOOL...] [--log FILE] -- <command>`);
    expect(HELP).toContain(`${BIN} --help | --version`);
    expect(HELP).not.toMatch(/npm run|npm test|tsx|src\//);
    // Every example runs the bin by its name.
    const examples = HELP.slice(HELP.indexOf('Examples:')).split('\n').slice(1);
    expect(examples.length).toBeGreaterThan(2);
    for (const line of examples) expect(line).toMatch(new RegExp(`(^  |\\| )${BIN} `));
    for (const line of `${HELP}\n${PROXY_HELP}`.split('\n')) expect(line.length).toBeLessThanOrEqual(100);
  });

  test('names every option the check command parses, and every option of mcp-proxy', () => {
    const check = optionsIn('src/cli/run.ts');
    const proxy = optionsIn('src/mcp/proxy-cli.ts');
    expect(check).toEqual(expect.arrayContaining(['--pack', '--tools', '--tool', '--full', '--jsonl', '--workers', '--replay', '--export', '--lint', '--server-runs-check', '--help']));
    expect(proxy).toEqual(expect.arrayContaining(['--pack', '--log', '--allow-unchecked']));
    for (const option of [...check, ...proxy, '--version', '-v', '-h', 'mcp-proxy']) expect(HELP).toMatch(new RegExp(`^  (-\\w, )?${option}\\b`, 'm'));
    for (const option of proxy) expect(PROXY_HELP).toMatch(new RegExp(`^  ${option}\\b`, 'm'));
    // Each option the check command takes a value for is shown with it.
    for (const [option, value] of [['--pack', 'ID'], ['--tools', 'FILE'], ['--tool', 'NAME'], ['--workers', 'N'], ['--replay', 'FILE'], ['--export', 'FORM'], ['--lint', 'TARGET']]) expect(HELP).toContain(`  ${option} ${value} `);
  });

  test('says what each exit code means, for checking and for the proxy', () => {
    const codes = HELP.slice(HELP.indexOf('Exit codes:'), HELP.indexOf('Examples:'));
    expect(codes).toMatch(/checking +0 accepted, 1 rejected, 2 usage error/);
    expect(codes).toContain('--lint: 1 when any finding says a rule is enforced nowhere');
    expect(codes).toMatch(/mcp-proxy +0 when the client closes, 1 when the server exits first, 2 for a usage error/);
    expect(PROXY_HELP).toContain('Exit codes: 0 when the client closes, 1 when the server exits first, 2 for a usage error');
    expect(PROXY_HELP).toMatch(/3 when the client's\smessages can no longer be read/);
    expect(codes).toMatch(/3 when the\s+client's messages can no longer be read/);
  });

  test('mcp-proxy --help prints the proxy help', () => {
    expect(bin(['mcp-proxy', '--help'])).toEqual({ stdout: `${PROXY_HELP}\n`, stderr: '', status: 0 });
    expect(bin(['mcp-proxy', '-h'])).toEqual({ stdout: `${PROXY_HELP}\n`, stderr: '', status: 0 });
  });

  test('a usage error prints the synopsis and where the rest is, on stderr, exit 2', () => {
    const r = bin(['--pack', 'helpdesk', '--frobnicate']);
    expect(r).toEqual({ stdout: '', stderr: `error: unknown option "--frobnicate"\n\n${USAGE_HINT}\n`, status: 2 });
    expect(USAGE_HINT).toContain(`Run ${BIN} --help for every option and the exit codes.`);
  });
});

describe('--version', () => {
  test("prints the package's version and exits 0, as -v does, for either command", () => {
    for (const args of [['--version'], ['-v'], ['--pack', 'helpdesk', '--version'], ['mcp-proxy', '--version']]) expect(bin(args)).toEqual({ stdout: `${manifest.version}\n`, stderr: '', status: 0 });
  });

  test("a --version after mcp-proxy's -- belongs to the server's command line", () => {
    // The proxy starts `node --version` as the server, which answers on the proxy's pipe and exits: nothing of ours on stdout.
    expect(bin(['mcp-proxy', '--', process.execPath, '--version']).stdout).not.toBe(`${manifest.version}\n`);
  });
});
