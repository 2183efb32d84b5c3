// `actionable-errors audit [options] -- <command that starts an MCP server>` or `audit --url URL`: sends the
// server's tools the wrong calls models make, grades the replies, and prints the report (run-audit.ts).
// stdout carries the report (the summary, or --json); stderr the warnings and errors.
import { writeFileSync } from 'node:fs';
import { AUDIT_HELP } from '../cli/help';
import { reportHtml } from './report-html';
import { reportText } from './report-text';
import { AuditError, runAudit } from './run-audit';
import { httpSession, stdioSession } from './sessions';

export interface AuditArgs {
  command: string[];
  url?: string;
  tools: string[];
  allowWrites: boolean;
  json: boolean;
  html?: string;
  minScore?: number;
  /** Per call, in seconds. */
  timeout: number;
  /** The whole audit, in seconds. */
  totalTimeout: number;
}

const VALUED = new Set(['--url', '--tool', '--html', '--min-score', '--timeout', '--total-timeout']);

function parseAuditArgs(argv: string[]): AuditArgs | string {
  const dash = argv.indexOf('--');
  const own = dash === -1 ? argv : argv.slice(0, dash);
  const args: AuditArgs = { command: dash === -1 ? [] : argv.slice(dash + 1), tools: [], allowWrites: false, json: false, timeout: 10, totalTimeout: 300 };
  for (let i = 0; i < own.length; i++) {
    const a = own[i];
    const v = own[i + 1];
    if (VALUED.has(a) && (v === undefined || v.startsWith('--'))) return `${a} needs a value`;
    const seconds = () => {
      const n = Number(own[++i]);
      return Number.isFinite(n) && n > 0 ? n : undefined;
    };
    if (a === '--url') args.url = own[++i];
    else if (a === '--tool') args.tools.push(own[++i]);
    else if (a === '--html') args.html = own[++i];
    else if (a === '--allow-writes') args.allowWrites = true;
    else if (a === '--json') args.json = true;
    else if (a === '--min-score') {
      const n = Number(own[++i]);
      if (!Number.isFinite(n) || n < 0 || n > 10) return '--min-score takes a number from 0 to 10';
      args.minScore = n;
    } else if (a === '--timeout' || a === '--total-timeout') {
      const n = seconds();
      if (n === undefined) return `${a} takes a number of seconds above 0`;
      if (a === '--timeout') args.timeout = n;
      else args.totalTimeout = n;
    } else return `unknown option ${JSON.stringify(a)}`;
  }
  if (args.url !== undefined && args.command.length) return 'give either --url or a command after --, not both';
  if (args.url === undefined && !args.command.length) return 'give the command that starts the MCP server after --, or --url';
  if (args.url !== undefined && !URL.canParse(args.url)) return `--url ${JSON.stringify(args.url)} is not a URL`;
  return args;
}

export async function auditCommand(argv: string[]): Promise<number> {
  const args = parseAuditArgs(argv);
  if (typeof args === 'string') {
    process.stderr.write(`error: ${args}\n\n${AUDIT_HELP}\n`);
    return 2;
  }
  if (args.allowWrites) process.stderr.write('warning: --allow-writes: tools not marked read-only get wrong calls too, and a server that accepts one may change its data\n');
  // The tokenizer (some megabytes) counts tokens as the grade CLI does: o200k.
  const tokenizer = await import('gpt-tokenizer/encoding/o200k_base');
  const timeoutMs = args.timeout * 1000;
  // A server may take longer to start than to answer a call: the handshake gets 30 s, or the whole audit's time if shorter.
  const startMs = Math.min(30_000, args.totalTimeout * 1000);
  try {
    const report = await runAudit({
      connect: args.url !== undefined ? httpSession(new URL(args.url), startMs) : stdioSession(args.command, startMs),
      server: args.url !== undefined ? { url: args.url } : { command: args.command.join(' ') },
      tools: args.tools,
      allowWrites: args.allowWrites,
      callTimeoutMs: timeoutMs,
      totalTimeoutMs: args.totalTimeout * 1000,
      countTokens: (text) => tokenizer.countTokens(text),
    });
    process.stdout.write(args.json ? JSON.stringify(report, null, 2) + '\n' : reportText(report));
    if (args.html) writeFileSync(args.html, reportHtml(report));
    if (args.minScore !== undefined && report.score < args.minScore) {
      process.stderr.write(`error: the score ${report.score.toFixed(1)} is below --min-score ${args.minScore}\n`);
      return 1;
    }
    return 0;
  } catch (err) {
    if (!(err instanceof AuditError)) throw err;
    process.stderr.write(`error: ${err.message}\n`);
    return 2;
  }
}
