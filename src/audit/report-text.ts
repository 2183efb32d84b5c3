// The audit's readable summary, printed on stdout: the score, the three changes, a line per tool and per
// kind, the calls a server accepted though its schema refuses them, and what happened to the session.
import { MISTAKE_LABELS, type MistakeKind } from './wrong-calls';
import type { AuditReport, Tally } from './report';

const r = (n: number | null) => (n === null ? '-' : String(n));

function row(label: string, t: Tally, width: number): string {
  const trouble = [t.accepted && `${t.accepted} accepted`, t.timeouts && `${t.timeouts} timed out`, t.crashes && `${t.crashes} crashed`].filter(Boolean).join(', ');
  return `  ${label.padEnd(width)} ${String(t.calls).padStart(5)}  ${t.score.toFixed(1).padStart(5)}  ${t.bodyScore.toFixed(1).padStart(4)}  ${`${r(t.rounds.reply)}/${r(t.rounds.body)}`.padStart(9)}  ${`${t.rounds.replyNever}/${t.rounds.bodyNever}`.padStart(7)}  ${`${t.tokens.reply}/${t.tokens.body}`.padStart(9)}${trouble ? `  ${trouble}` : ''}`;
}

export function reportText(report: AuditReport): string {
  const out: string[] = [];
  const who = report.server.name ? `${report.server.name}${report.server.version ? ` ${report.server.version}` : ''}` : (report.server.url ?? report.server.command ?? 'the server');
  out.push(`Audit of ${who}: ${report.score.toFixed(1)} of 10 points per wrong call (the engine's body: ${report.total.bodyScore.toFixed(1)})`);
  out.push(`${report.tools.listed} tools listed, ${report.tools.audited.length} audited, ${report.total.calls} wrong calls sent${report.complete ? '' : ' (partial: see below)'}`);
  if (report.changes.length) {
    out.push('', 'The changes that would gain the most points:');
    report.changes.forEach((c, i) => out.push(`  ${i + 1}. +${c.gain.toFixed(1)} (${c.calls} calls) ${c.advice}${c.example ? `\n     e.g. ${c.example}` : ''}`));
  }
  const columns = (first: string, width: number) => `  ${first.padEnd(width)} ${'calls'.padStart(5)}  ${'score'.padStart(5)}  ${'body'.padStart(4)}  ${'rounds'.padStart(9)}  ${'never'.padStart(7)}  ${'tokens'.padStart(9)}`;
  const tools = Object.entries(report.byTool);
  if (tools.length) {
    const width = Math.max(4, ...tools.map(([t]) => t.length));
    out.push('', 'Per tool. score, body: the points of the reply and of the engine\'s body; rounds: reply/body, the mean\nover the calls that recover; never: reply/body, the calls that do not; tokens: reply/body, the mean.', columns('tool', width));
    for (const [tool, t] of tools) out.push(row(tool, t, width));
    const kinds = Object.entries(report.byKind) as [MistakeKind, Tally][];
    const kw = Math.max(...kinds.map(([k]) => k.length));
    out.push('', 'Per kind of mistake:', columns('kind', kw));
    for (const [kind, t] of kinds) out.push(row(kind, t, kw));
  }
  const accepted = report.calls.filter((c) => c.outcome === 'accepted');
  if (accepted.length) {
    out.push('', 'Accepted a call its schema refuses:');
    for (const c of accepted) out.push(`  ${c.name} ${JSON.stringify(c.arguments)} (${MISTAKE_LABELS[c.kind]})`);
  }
  for (const why of new Set(report.tools.skipped.map((s) => s.why))) {
    const tools = report.tools.skipped.filter((s) => s.why === why).map((s) => s.tool);
    out.push('', `Not called, ${why}: ${tools.join(', ')}`);
  }
  if (report.tools.uncompiled.length) {
    out.push('', 'Tools the engine could not compile:');
    for (const u of report.tools.uncompiled) out.push(`  ${u.tool}: ${u.why}`);
  }
  if (report.promises?.length) out.push('', 'Promised in a description, not enforced by the schema (each with the JSON Patch that would):', ...report.promises.map((p) => `  ${p.tool} ${p.field}: ${JSON.stringify(p.patch)}`));
  if (report.lint.length) out.push('', `Strict mode lint: ${report.lint.map((l) => `${l.target} refuses ${l.refuses}, ignores ${l.ignores}, rewrites ${l.rewrite}${l.refusedTools.length ? ` (refuses the tools ${l.refusedTools.map((t) => t.tool).join(', ')})` : ''}`).join('; ')}`);
  if (report.events.length) {
    out.push('', 'The session:');
    for (const e of report.events) out.push(`  ${e}`);
  }
  return out.join('\n') + '\n';
}
