// The first body as plain HTML, before React: the page's build writes the default example's (playground.astro),
// the early script (first-body-early.ts) a shared link's or a kept session's, and the island shows the same
// markup until its own check has run (Playground.tsx), so the body is on screen from the first paint and
// stays in place when React takes over. The classes are the live panels' (Verdict.tsx, BodyPanel.tsx), so
// the sizes match. No React and no DOM here: the build runs it too.
import type { CheckResult, InputShape } from '../../../engine/types';
import { traceSteps } from '../../../sandbox/checker';
import { shapeLabel } from '../../../sandbox/formats';
import { tokenizeJson } from '../views/json-tokens';
import { escapeHtml } from '../../../docs/html';

/** A JSON text as the body panel colours it: one span per token, white space plain. */
function jsonHtml(text: string): string {
  return tokenizeJson(text)
    .map((t) => (t.kind === 'space' ? escapeHtml(t.text) : `<span class="j-${t.kind}">${escapeHtml(t.text)}</span>`))
    .join('');
}

const OUTCOME_WORDS = { passed: 'passed', failed: 'failed', skipped: 'skipped', not_run: 'not run' } as const;

/** The stage trace's line, as Trace.tsx draws it folded (its Why waits for the island). */
function traceHtml(result: CheckResult): string {
  if (result.checks.length === 0) return '';
  const steps = traceSteps(result)
    .map((s) => {
      const mark = s.outcome === 'passed' || s.outcome === 'failed' ? `<span class="pg-trace-mark" aria-hidden="true">${s.outcome === 'passed' ? '✓' : '✗'}</span><span class="visually-hidden">${OUTCOME_WORDS[s.outcome]}</span>` : `<span class="pg-trace-note">${OUTCOME_WORDS[s.outcome]}</span>`;
      return `<li class="pg-trace-step pg-trace-${s.outcome}"><span class="pg-trace-label">${escapeHtml(s.label)}</span> ${mark}</li>`;
    })
    .join('');
  return `<div class="pg-trace-wrap"><div class="pg-trace-line"><ol class="pg-trace" aria-label="Stages the call went through, in order">${steps}</ol><button type="button" class="pg-linklike pg-trace-toggle" disabled>Why</button></div></div>`;
}

/** The verdict, as Verdict.tsx words it, with the stage trace folded (a valid call's glosses follow with the island). */
function verdictHtml(result: CheckResult): string {
  if (!result.ok) {
    const n = result.log.faults.length;
    const absorbed = result.corrections.length ? `, after absorbing ${result.corrections.length}` : '';
    const checks = result.log.stage === 'checks' ? ', found by the ordered checks against the state' : '';
    return (
      `<div class="pg-verdict pg-verdict-bad" data-ok="false"><strong>Rejected</strong> <span>${n === 1 ? 'one fault' : `${n} faults`}${absorbed}${checks}.` +
      `<span class="pg-verdict-more"> The body below goes back to the model.</span></span>${traceHtml(result)}</div>`
    );
  }
  const absorbed = result.corrections.length;
  const how = absorbed ? `after absorbing ${absorbed === 1 ? 'one correction' : `${absorbed} corrections`}` : 'as sent';
  return `<div class="pg-verdict pg-verdict-good"><div class="pg-verdict-line" data-ok="true"><strong>Accepted</strong> <span>${how}: no error body. The tool runs with these arguments.</span></div>${traceHtml(result)}</div>`;
}

/**
 * The result column: the verdict and the body panel, laid out as BodyPanel.tsx lays it (indented JSON; its
 * buttons are shown but wait for the island). `bytes`: the body's exact bytes, or null for an accepted call;
 * `tokens`: their count when known (the build counts them).
 */
export function firstBodyHtml(result: CheckResult, bytes: string | null, tokens?: number): string {
  if (bytes === null) {
    return (
      verdictHtml(result) +
      `<section class="pg-panel pg-panel-body pg-panel-body-none"><header class="pg-panel-head"><h2>Error body</h2></header>` +
      `<p class="pg-empty">None: the call is accepted, so the model gets the tool’s result, not an error.</p></section>`
    );
  }
  const size = new TextEncoder().encode(bytes).length;
  return (
    verdictHtml(result) +
    `<section class="pg-panel pg-panel-body" data-testid="first-body">` +
    `<header class="pg-panel-head"><h2>Error body</h2><span class="pg-count">${tokens === undefined ? 'counting tokens…' : `${tokens} ${tokens === 1 ? 'token' : 'tokens'}`}<span class="pg-count-bytes"> · ${size} bytes</span></span>` +
    `<div class="pg-panel-tools"><button type="button" class="pg-button pg-button-small pg-toggle" disabled>Exact bytes</button>` +
    `<button type="button" class="pg-button pg-button-small" disabled>Copy</button></div></header>` +
    `<pre class="pg-code pg-json pg-body-json" data-testid="first-body-json">${jsonHtml(JSON.stringify(result.body, null, 2))}</pre>` +
    `<p class="pg-field-rule"><span class="pg-meta-note">Copy gives the exact bytes.</span></p></section>`
  );
}

/**
 * The call panel as CallPanel.tsx lays it out before Monaco (CodeEditor's plain view): the shape it was read
 * as, the tool it names, the call's text read-only.
 */
export function firstCallHtml(call: string, shape: InputShape, tool: string | undefined): string {
  const toolLine = tool ? `<span class="pg-meta-label">Tool</span> <b>${escapeHtml(tool)}</b>` : `<span class="pg-meta-label">Tool</span> <span class="pg-meta-note">none yet</span>`;
  // CodeEditor's bounds for the call: four lines and its inset, at most 60% of the window (CSS: .pg-first-editor).
  return (
    `<section class="pg-panel pg-panel-call"><header class="pg-panel-head"><h2>Tool call</h2>` +
    `<span class="pg-meta"><span class="pg-meta-label">Read as</span> <b>${escapeHtml(shapeLabel(shape))}</b></span></header>` +
    `<p class="pg-panel-sub pg-meta">${toolLine}</p>` +
    `<div class="pg-editor pg-editor-call pg-first-editor"><pre class="pg-editor-plain" data-testid="first-call">${escapeHtml(call)}</pre></div>` +
    `<p class="pg-hint pg-hint-keys">Checks as you type. <kbd>Ctrl</kbd>+<kbd>Enter</kbd> checks now; <kbd>Ctrl</kbd>+<kbd>S</kbd> copies the link; <kbd>Ctrl</kbd>+<kbd>Space</kbd> completes names and values.</p></section>`
  );
}
