// `actionable-errors audit` as a user runs it (the bundled bin, through the launcher), against scripted
// servers (audit-server.mjs: good, bad, leaky, accepting, slow, crashing, out of order, 20 MB) and the
// official memory server installed from npm. The scripted server writes down every call it receives, so
// "a write tool is never called" is seen from the server's side.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GRADE_POINTS } from '../../src/engine/grade';
import { ADVICE, type AuditReport } from '../../src/audit/report';
import { AUDIT_HELP } from '../../src/cli/help';
import { buildBin } from './proxy-session';

const dir = mkdtempSync(join(tmpdir(), 'actionable-audit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeAll(() => buildBin(), 120_000);

let runs = 0;

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
  /** The calls the scripted server received. */
  seen: { name: string; arguments: Record<string, unknown> }[];
}

function audit(args: string[], server: string[], env: Record<string, string> = {}): Run {
  const seenFile = join(dir, `seen-${runs++}.jsonl`);
  const r = spawnSync(process.execPath, ['--max-old-space-size=512', 'src/cli/launch.mjs', 'audit', ...args, '--', ...server], {
    encoding: 'utf8',
    env: { ...process.env, SEEN_FILE: seenFile, MEMORY_FILE_PATH: join(dir, 'memory.jsonl'), ...env },
    timeout: 50_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  const seen = existsSync(seenFile) ? readFileSync(seenFile, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)) : [];
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, seen };
}

const scripted = (mode: string) => [process.execPath, 'tests/mcp/audit-server.mjs', mode];
function report(mode: string, args: string[] = []): AuditReport & { run: Run } {
  const run = audit(['--json', ...args], scripted(mode), { AUDIT_MODE: mode });
  expect(run.status, run.stderr).toBe(0);
  return { ...(JSON.parse(run.stdout) as AuditReport), run };
}

describe('what the report claims', () => {
  const reports: Record<string, AuditReport & { run: Run }> = {};
  beforeAll(() => {
    for (const mode of ['good', 'bad', 'leaky']) reports[mode] = report(mode);
  }, 60_000);

  test('every point has a reply that earns it (the good server) and one that does not (bare or leaky)', () => {
    const points = (r: AuditReport) => r.calls.flatMap((c) => c.points ?? []);
    for (const id of GRADE_POINTS) {
      expect(points(reports.good).some((p) => p.id === id && p.met), `${id} met by the good server`).toBe(true);
      // No tool of a server's own listing has state, so no call the audit sends can fail on it: the point is never needed.
      if (id === 'next_call') expect(points(reports.bad).filter((p) => p.id === id).every((p) => p.met && p.note.startsWith('not needed'))).toBe(true);
      else expect([...points(reports.bad), ...points(reports.leaky)].some((p) => p.id === id && !p.met), `${id} failed by a bad server`).toBe(true);
    }
  });

  test('a description\'s promise the schema does not keep is reported with its JSON Patch, as --lint reports it', () => {
    expect(reports.bad.promises).toMatchObject([{ tool: 'delete_order', field: 'reason', kind: 'value-set', patch: [{ op: 'add', path: '/properties/reason/enum', value: ['customer', 'fraud'] }] }]);
    expect(audit([], scripted('bad'), { AUDIT_MODE: 'bad' }).stdout).toContain('delete_order reason: [{"op":"add","path":"/properties/reason/enum","value":["customer","fraud"]}]');
  });

  test('a tool that cannot be compiled is reported, and never called', () => {
    expect(reports.bad.tools.uncompiled.map((u) => u.tool)).toEqual(['legacy_lookup']);
    expect(reports.bad.tools.uncompiled[0].why).toMatch(/draft-04/);
    expect(reports.bad.run.seen.some((c) => c.name.includes('legacy'))).toBe(false);
    expect(reports.bad.tools.listed).toBe(3);
  });

  test('the good server scores above the bare one, and its score is its replies\' points per call', () => {
    expect(reports.good.score).toBeGreaterThan(reports.bad.score + 3);
    const mean = reports.bad.calls.reduce((a, c) => a + c.score, 0) / reports.bad.calls.length;
    expect(reports.bad.score).toBe(Math.round(mean * 10) / 10);
  });

  test('every kind of mistake is sent, each call once, and each refused by the schema as written', () => {
    expect(Object.keys(reports.bad.byKind).sort()).toEqual(
      ['date_form', 'decorated_id', 'enum_case', 'enum_wording', 'json_text', 'missing_required', 'misspelt_argument', 'near_tool_name', 'single_for_list', 'undeclared_argument', 'wrong_type'].sort(),
    );
    expect(reports.bad.run.seen.map((c) => c.name)).toEqual(reports.bad.calls.map((c) => c.name));
  });

  test('the three changes come from the failed points, the most points first', () => {
    const changes = reports.bad.changes;
    expect(changes).toHaveLength(3);
    expect(changes.map((c) => c.gain)).toEqual([...changes.map((c) => c.gain)].sort((a, b) => b - a));
    for (const c of changes) expect(c.advice).toBe(ADVICE[c.id]);
    expect(changes.map((c) => c.id)).toContain('code');
  });

  test('a leaky reply fails leaks and tokens; the bare one meets both', () => {
    const first = (r: AuditReport, id: string) => r.calls[0].points!.find((p) => p.id === id)!;
    expect(first(reports.leaky, 'leaks').met).toBe(false);
    expect(first(reports.leaky, 'tokens').met).toBe(false);
    expect(first(reports.bad, 'leaks').met).toBe(true);
    expect(first(reports.bad, 'tokens').met).toBe(true);
  });
});

describe('safety', () => {
  test('a server that accepts calls its schema refuses is reported, and the write tool is never called', () => {
    const r = audit([], scripted('accepts'), { AUDIT_MODE: 'accepts' });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Accepted a call its schema refuses:');
    expect(r.stdout).toMatch(/^ {2}find_orders \{/m);
    expect(r.seen.length).toBeGreaterThan(0);
    expect(r.seen.filter((c) => c.name.includes('delete'))).toEqual([]);
    expect(r.stdout).toContain('Not called, not marked readOnlyHint: true (name it with --tool, or pass --allow-writes): delete_order\n');
    const json = report('accepts');
    expect(json.calls.filter((c) => c.name === 'find_orders').every((c) => c.outcome === 'accepted' && c.score === 0)).toBe(true);
    expect(json.changes[0].id).toBe('accepts_invalid');
  });

  test('--allow-writes calls the write tool too, and says so on stderr', () => {
    const r = audit(['--allow-writes'], scripted('bad'), { AUDIT_MODE: 'bad' });
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/^warning: --allow-writes/m);
    expect(r.seen.some((c) => c.name === 'delete_order')).toBe(true);
  });

  test('--tool names the tools to audit, and only those', () => {
    const r = audit(['--tool', 'delete_order'], scripted('bad'), { AUDIT_MODE: 'bad' });
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    expect(new Set(r.seen.map((c) => c.name.replace(/^functions\./, '')))).toEqual(new Set(['delete_order', 'delete_ordr']));
  });
});

describe('servers that misbehave: a report, never a hang', () => {
  test('a slow server: each call times out and the audit goes on', () => {
    const r = report('slow', ['--timeout', '0.3']);
    expect(r.calls.length).toBeGreaterThan(5);
    expect(r.calls.every((c) => c.outcome === 'timeout' && c.score === 0)).toBe(true);
    expect(r.total.timeouts).toBe(r.calls.length);
    expect(r.complete).toBe(true);
  });

  test('past --total-timeout the report is partial and says so', () => {
    const r = report('slow', ['--timeout', '0.5', '--total-timeout', '2']);
    expect(r.complete).toBe(false);
    expect(r.calls.some((c) => c.outcome === 'not_sent')).toBe(true);
    expect(r.events.join('\n')).toMatch(/time \(2 s\) ran out/);
  });

  test('a server that crashes mid-call is started again three times, then the audit stops with what it has', () => {
    const r = report('crash');
    expect(r.calls.filter((c) => c.outcome === 'crash')).toHaveLength(4);
    expect(r.calls.filter((c) => c.outcome === 'not_sent').length).toBe(r.calls.length - 4);
    expect(r.events.filter((e) => /started again/.test(e))).toHaveLength(3);
    expect(r.events.join('\n')).toMatch(/the server exited/);
    expect(r.complete).toBe(false);
  });

  test('answers out of order: each reply is graded with its own call, a late one is dropped', () => {
    const r = report('out-of-order', ['--timeout', '0.5']);
    expect(new Set(r.calls.map((c) => c.outcome))).toEqual(new Set(['graded', 'timeout']));
    for (const c of r.calls.filter((x) => x.outcome === 'graded')) expect(c.reply).toBe(`Error in ${c.name}: ${JSON.stringify(c.arguments)}`);
  });

  test('a 20 MB reply ends that session: the call is reported, the server started again, the rest graded', () => {
    const r = report('huge');
    const near = r.calls.filter((c) => c.kind === 'near_tool_name');
    expect(near.map((c) => c.outcome)).toEqual(['oversized']);
    expect(r.calls.filter((c) => c.kind !== 'near_tool_name').every((c) => c.outcome === 'graded')).toBe(true);
    expect(r.events.join('\n')).toMatch(/over the transport's limit/);
  });
});

describe('formats and exit codes', () => {
  test('--html writes one page that needs no network', () => {
    const file = join(dir, 'report.html');
    const r = audit(['--html', file], scripted('bad'), { AUDIT_MODE: 'bad' });
    expect(r.status).toBe(0);
    const html = readFileSync(file, 'utf8');
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('find_orders');
    expect(html).not.toMatch(/<script|<link|\bsrc=|url\(/i);
  });

  test('audit --help prints the audit help', () => {
    const r = spawnSync(process.execPath, ['src/cli/launch.mjs', 'audit', '--help'], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`${AUDIT_HELP}\n`);
  });

  test('usage errors exit 2', () => {
    expect(audit(['--min-score', 'eleven'], scripted('bad')).status).toBe(2);
    const r = spawnSync(process.execPath, ['src/cli/launch.mjs', 'audit'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/give the command that starts the MCP server after --, or --url/);
  });

  test('a server that cannot be started exits 2 with the reason', () => {
    const r = audit([], [join(dir, 'no-such-server')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^error: the MCP server could not be started/m);
  });
});

describe('--url', () => {
  test('a streamable-HTTP server is audited as a stdio one is', async () => {
    const server = spawn(process.execPath, ['tests/mcp/audit-http-server.mjs'], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const url = await new Promise<string>((resolve) => server.stdout.once('data', (d: Buffer) => resolve(d.toString().trim())));
      const r = spawnSync(process.execPath, ['src/cli/launch.mjs', 'audit', '--json', '--url', url], { encoding: 'utf8', timeout: 50_000 });
      expect(r.status, r.stderr).toBe(0);
      const json = JSON.parse(r.stdout) as AuditReport;
      expect(json.server).toMatchObject({ url, name: 'audit-test-http' });
      expect(json.calls.map((c) => c.kind)).toEqual(['missing_required', 'wrong_type', 'undeclared_argument', 'misspelt_argument', 'decorated_id', 'near_tool_name']);
      expect(json.calls.every((c) => c.outcome === 'graded' && c.reply === 'Error')).toBe(true);
    } finally {
      server.kill();
    }
  });
});

describe('the official memory server', () => {
  test('only its read-only tools are called; --min-score 7 exits 1 when its score is lower', () => {
    const r = audit(['--json', '--min-score', '7'], [process.execPath, 'node_modules/.bin/mcp-server-memory']);
    const json = JSON.parse(r.stdout) as AuditReport;
    expect(json.tools.audited.sort()).toEqual(['open_nodes', 'read_graph', 'search_nodes']);
    expect(json.tools.skipped.map((s) => s.tool)).toContain('delete_entities');
    expect(json.calls.length).toBeGreaterThan(5);
    expect(r.status).toBe(json.score < 7 ? 1 : 0);
    if (json.score < 7) expect(r.stderr).toContain(`the score ${json.score.toFixed(1)} is below --min-score 7`);
  });
});
