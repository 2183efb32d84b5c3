// `npm run audit:official`: the audit of the official MCP reference servers (memory, filesystem on a fresh
// temporary directory, everything), installed from npm as dev dependencies and started from node_modules,
// written to content/audit/official.json for the site's /audit/ page. Read-only tools only, as the
// command's default. The temporary directory's path is written as <dir>: no path of this machine is kept.
import { mkdtempSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { runAudit } from './run-audit';
import { stdioSession } from './sessions';
import type { AuditReport } from './report';
import type { OfficialAudit, OfficialAudits } from './official-types';

const OUT = 'content/audit/official.json';

const versionOf = (pkg: string) => (JSON.parse(readFileSync(`node_modules/${pkg}/package.json`, 'utf8')) as { version: string }).version;

async function main() {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'actionable-audit-official-')));
  const root = join(dir, 'files');
  mkdirSync(root);
  writeFileSync(join(root, 'notes.txt'), 'first line\nsecond line\n');
  process.env.MEMORY_FILE_PATH = join(dir, 'memory.jsonl');
  const servers = [
    { id: 'memory', package: '@modelcontextprotocol/server-memory', args: ['node_modules/.bin/mcp-server-memory'], shown: '' },
    { id: 'filesystem', package: '@modelcontextprotocol/server-filesystem', args: ['node_modules/.bin/mcp-server-filesystem', root], shown: ' ./files' },
    { id: 'everything', package: '@modelcontextprotocol/server-everything', args: ['node_modules/.bin/mcp-server-everything', 'stdio'], shown: ' stdio' },
  ];
  const audits: OfficialAudit[] = [];
  try {
    for (const s of servers) {
      const command = `npx ${s.package}${s.shown}`;
      const report = await runAudit({
        connect: stdioSession([process.execPath, ...s.args], 30_000),
        server: { command },
        callTimeoutMs: 10_000,
        totalTimeoutMs: 300_000,
        countTokens,
      });
      // Replies name the temporary directory; the report keeps <dir> in its place.
      const scrubbed = JSON.parse(JSON.stringify(report).split(dir).join('<dir>')) as AuditReport;
      audits.push({ id: s.id, package: s.package, version: versionOf(s.package), command, report: scrubbed });
      process.stderr.write(`${s.id}: ${report.score.toFixed(1)} of 10 over ${report.total.calls} calls\n`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  mkdirSync('content/audit', { recursive: true });
  const out: OfficialAudits = { recorded: new Date().toISOString().slice(0, 10), audits };
  writeFileSync(OUT, JSON.stringify(out, null, 2) + '\n');
  process.stderr.write(`wrote ${OUT}\n`);
}

await main();
