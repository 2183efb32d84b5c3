// The audit's report as one HTML file that needs no network: its style inline, no script, no external
// link. Every value from the server (names, replies) is escaped.
import { MISTAKE_LABELS, type MistakeKind } from './wrong-calls';
import type { AuditReport, Tally } from './report';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const r = (n: number | null) => (n === null ? '–' : String(n));

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;max-width:70rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}
table{border-collapse:collapse;margin:.5rem 0 1.5rem}th,td{border-bottom:1px solid #ddd;padding:.25rem .6rem;text-align:left;vertical-align:top}
td.n{text-align:right;font-variant-numeric:tabular-nums}code,pre{font:13px/1.4 ui-monospace,monospace}pre{white-space:pre-wrap;margin:0;max-width:40rem}
.score{font-size:2rem;font-weight:600}.bad{color:#a40000}details{margin:.2rem 0}`;

function tallyRows(entries: [string, Tally][], label: (k: string) => string): string {
  return entries
    .map(([k, t]) => `<tr><td>${label(k)}</td><td class="n">${t.calls}</td><td class="n">${t.score.toFixed(1)}</td><td class="n">${t.bodyScore.toFixed(1)}</td><td class="n">${r(t.rounds.reply)} / ${r(t.rounds.body)}</td><td class="n">${t.rounds.replyNever} / ${t.rounds.bodyNever}</td><td class="n">${t.tokens.reply} / ${t.tokens.body}</td><td class="n${t.accepted ? ' bad' : ''}">${t.accepted}</td><td class="n">${t.timeouts}</td><td class="n">${t.crashes}</td></tr>`)
    .join('\n');
}

const HEAD = '<tr><th></th><th>calls</th><th>score</th><th>body</th><th>rounds (reply / body)</th><th>never recovers (reply / body)</th><th>tokens (reply / body)</th><th>accepted</th><th>timeouts</th><th>crashes</th></tr>';

export function reportHtml(report: AuditReport): string {
  const who = report.server.name ? `${report.server.name}${report.server.version ? ` ${report.server.version}` : ''}` : (report.server.url ?? report.server.command ?? 'the server');
  const parts: string[] = [];
  parts.push(`<h1>Audit of ${esc(who)}</h1>`);
  parts.push(`<p><span class="score">${report.score.toFixed(1)}</span> of 10 points per wrong call; the engine's body for the same calls: ${report.total.bodyScore.toFixed(1)}. ${report.tools.listed} tools listed, ${report.tools.audited.length} audited, ${report.total.calls} wrong calls sent${report.complete ? '' : ' (partial)'}.</p>`);
  if (report.server.command || report.server.url) parts.push(`<p>Server: <code>${esc(report.server.url ?? report.server.command ?? '')}</code></p>`);
  if (report.changes.length) {
    parts.push('<h2>The changes that would gain the most points</h2><ol>');
    for (const c of report.changes) parts.push(`<li><strong>+${c.gain.toFixed(1)}</strong> (${c.calls} calls) ${esc(c.advice)}${c.example ? `<br><small>e.g. ${esc(c.example)}</small>` : ''}</li>`);
    parts.push('</ol>');
  }
  parts.push(`<h2>Per tool</h2><table>${HEAD}${tallyRows(Object.entries(report.byTool), (k) => `<code>${esc(k)}</code>`)}</table>`);
  parts.push(`<h2>Per kind of mistake</h2><table>${HEAD}${tallyRows(Object.entries(report.byKind) as [string, Tally][], (k) => esc(MISTAKE_LABELS[k as MistakeKind] ?? k))}</table>`);
  parts.push('<h2>Every call</h2>');
  for (const c of report.calls) {
    const missed = (c.points ?? []).filter((p) => !p.met);
    parts.push(
      `<details><summary><code>${esc(c.name)}</code> ${esc(MISTAKE_LABELS[c.kind])}: ${c.outcome === 'graded' ? `${c.score} / 10` : `<span class="bad">${esc(c.outcome.replace('_', ' '))}</span>`}</summary>` +
        `<pre>${esc(JSON.stringify(c.arguments))}</pre>${c.reply ? `<p>Reply:</p><pre>${esc(c.reply)}</pre>` : ''}` +
        (missed.length ? `<ul>${missed.map((p) => `<li><strong>${p.id}</strong>: ${esc(p.note)}</li>`).join('')}</ul>` : '') +
        '</details>',
    );
  }
  if (report.tools.skipped.length) parts.push(`<h2>Not called</h2><ul>${report.tools.skipped.map((s) => `<li><code>${esc(s.tool)}</code>: ${esc(s.why)}</li>`).join('')}</ul>`);
  if (report.tools.uncompiled.length) parts.push(`<h2>Not compiled</h2><ul>${report.tools.uncompiled.map((s) => `<li><code>${esc(s.tool)}</code>: ${esc(s.why)}</li>`).join('')}</ul>`);
  if (report.promises?.length) parts.push(`<h2>Promised in a description, not enforced by the schema</h2><ul>${report.promises.map((p) => `<li><code>${esc(p.tool)}</code> <code>${esc(p.field)}</code>: ${esc(p.message)}<br><code>${esc(JSON.stringify(p.patch))}</code></li>`).join('')}</ul>`);
  if (report.lint.length) parts.push(`<h2>Strict mode lint</h2><ul>${report.lint.map((l) => `<li>${l.target}: refuses ${l.refuses}, ignores ${l.ignores}, rewrites ${l.rewrite}${l.refusedTools.length ? `; refuses the tools ${l.refusedTools.map((t) => `<code>${esc(t.tool)}</code>`).join(', ')}` : ''}</li>`).join('')}</ul>`);
  if (report.events.length) parts.push(`<h2>The session</h2><ul>${report.events.map((e) => `<li>${esc(e)}</li>`).join('')}</ul>`);
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Audit of ${esc(who)}</title><style>${STYLE}</style></head><body>\n${parts.join('\n')}\n</body></html>\n`;
}
