// The result panels. Thin: each shows part of the engine's CheckResult and computes nothing of its own.
// Every text goes through React, so a call holding markup is shown as text and never runs.
import { useEffect, useState, type ReactNode } from 'react';
import type { TraceStep } from '../../engine/checks-docs';
import type { CheckResult, CompiledTool, Effect, Json } from '../../engine/types';
import type { BareError } from './bare';
import type { Diagnostic } from './diagnostics';
import { faultEntries } from './faults';
import { describeCorrection, RULE_LABELS, show } from './labels';
import type { Suggestion } from './suggestion';
import { countTokens } from './tokens';

export function useTokenCount(text: string | null): { count: number | null; failed: boolean } {
  const [state, setState] = useState<{ text: string | null; count: number | null; failed: boolean }>({ text: null, count: null, failed: false });
  useEffect(() => {
    if (text === null) return;
    let live = true;
    countTokens([text]).then(
      ([count]) => live && setState({ text, count, failed: false }),
      () => live && setState({ text, count: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [text]);
  if (state.text !== text) return { count: null, failed: false };
  return { count: state.count, failed: state.failed };
}

export function TokenCount({ text, testId }: { text: string; testId: string }) {
  const { count, failed } = useTokenCount(text);
  const bytes = new TextEncoder().encode(text).length;
  return (
    <span className="pg-count" data-testid={testId} data-tokens={count ?? ''} title="Tokens counted with o200k_base, the encoding of GPT-4o and later models">
      {failed ? 'tokens unavailable' : count === null ? 'counting tokens…' : `${count} ${count === 1 ? 'token' : 'tokens'}`}
      <span className="pg-count-bytes"> · {bytes} bytes</span>
    </span>
  );
}

export function CopyButton({ text, label, testId, onCopied }: { text: string; label: string; testId?: string; onCopied?: (ok: boolean) => void }) {
  const [done, setDone] = useState<'idle' | 'ok' | 'failed'>('idle');
  useEffect(() => {
    if (done === 'idle') return;
    const t = setTimeout(() => setDone('idle'), 1600);
    return () => clearTimeout(t);
  }, [done]);
  return (
    <button
      type="button"
      className="pg-button pg-button-small"
      data-testid={testId}
      onClick={() =>
        copyText(text).then((ok) => {
          setDone(ok ? 'ok' : 'failed');
          onCopied?.(ok);
        })
      }
    >
      {done === 'ok' ? 'Copied' : done === 'failed' ? 'Copy failed' : label}
    </button>
  );
}

/** Copies through the Clipboard API, with the older selection route where that API is refused. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

/** JSON, indented and coloured by token, as React text (never HTML). */
export function JsonView({ value, className, testId }: { value: Json; className?: string; testId?: string }) {
  const text = JSON.stringify(value, null, 2) ?? 'undefined';
  const parts: ReactNode[] = [];
  const re = /("(?:[^"\\]|\\.)*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\b(true|false|null)\b/g;
  let last = 0;
  let m: RegExpExecArray | null;
  let k = 0;
  while ((m = re.exec(text))) {
    if (m.index > last) parts.push(text.slice(last, m.index));
    if (m[1] && m[2]) parts.push(<span key={k++} className="j-key">{m[1]}</span>, m[2]);
    else if (m[1]) parts.push(<span key={k++} className="j-str">{m[1]}</span>);
    else if (m[3]) parts.push(<span key={k++} className="j-num">{m[3]}</span>);
    else parts.push(<span key={k++} className="j-lit">{m[4]}</span>);
    last = re.lastIndex;
  }
  parts.push(text.slice(last));
  return (
    <pre className={`pg-code ${className ?? ''}`} data-testid={testId} tabIndex={0}>
      {parts}
    </pre>
  );
}

export function BodyPanel({ bytes, body }: { bytes: string; body: Json }) {
  const [view, setView] = useState<'exact' | 'pretty'>('exact');
  return (
    <section className="pg-panel pg-panel-body" aria-labelledby="pg-body-h">
      <header className="pg-panel-head">
        <h2 id="pg-body-h">Error body</h2>
        <TokenCount text={bytes} testId="token-count" />
        <div className="pg-panel-tools">
          <div className="pg-seg" role="group" aria-label="Body view">
            <button type="button" aria-pressed={view === 'exact'} onClick={() => setView('exact')}>
              Exact bytes
            </button>
            <button type="button" aria-pressed={view === 'pretty'} onClick={() => setView('pretty')}>
              Indented
            </button>
          </div>
          <CopyButton text={bytes} label="Copy" testId="copy-body" />
        </div>
      </header>
      <p className="pg-panel-sub">What the model is handed, byte for byte. Copy always copies these exact bytes.</p>
      <pre className="pg-code pg-bytes" data-testid="error-body" hidden={view !== 'exact'} tabIndex={0}>
        {bytes}
      </pre>
      {view === 'pretty' && <JsonView value={body} testId="error-body-pretty" />}
    </section>
  );
}

const BARE_SHOW_MAX = 6000;

export function BarePanel({ bare }: { bare: BareError }) {
  const [view, setView] = useState<'text' | 'raw'>('text');
  const full = view === 'raw' && bare.kind === 'errors' ? JSON.stringify(bare.errors, null, 2) : bare.text;
  // allErrors over a long array can say a great deal; show the start, count all of it.
  const shown = full.length > BARE_SHOW_MAX ? `${full.slice(0, BARE_SHOW_MAX)}… [${full.length.toLocaleString('en')} characters in all]` : full;
  const what =
    bare.kind === 'parse'
      ? 'A server that parses JSON fails here, with the parser’s own message.'
      : bare.kind === 'no-tool'
        ? 'No schema matches the name, so a typical server answers with a one-liner.'
        : bare.kind === 'valid'
          ? 'AJV finds nothing wrong with the arguments as sent.'
          : 'AJV (draft 2020-12, allErrors) on the arguments as sent: ajv.errorsText(), the text most servers pass on.';
  return (
    <section className="pg-panel pg-panel-bare" aria-labelledby="pg-bare-h">
      <header className="pg-panel-head">
        <h2 id="pg-bare-h">Typical validator</h2>
        <TokenCount text={bare.text} testId="bare-token-count" />
        {bare.kind === 'errors' && (
          <div className="pg-panel-tools">
            <div className="pg-seg" role="group" aria-label="Validator output">
              <button type="button" aria-pressed={view === 'text'} onClick={() => setView('text')}>
                errorsText
              </button>
              <button type="button" aria-pressed={view === 'raw'} onClick={() => setView('raw')}>
                errors array
              </button>
            </div>
          </div>
        )}
      </header>
      <p className="pg-panel-sub">{what}</p>
      <pre className={`pg-code ${bare.kind === 'valid' ? '' : 'pg-bytes'} pg-bare-${bare.kind}`} data-testid="bare-error" tabIndex={0}>
        {shown}
      </pre>
    </section>
  );
}

/** `children`: the stage trace, inside the verdict so the reason for it is read with it. */
export function Verdict({ result, tool, children }: { result: CheckResult; tool: CompiledTool | undefined; children?: ReactNode }) {
  if (!result.ok) {
    const n = result.log.faults.length;
    return (
      <div className="pg-verdict pg-verdict-bad" data-testid="verdict" data-ok="false">
        <strong>Rejected</strong>{' '}
        <span>
          {n === 1 ? 'one fault' : `${n} faults`}
          {result.corrections.length ? `, after absorbing ${result.corrections.length}` : ''}
          {result.log.stage === 'checks' ? ', found by the ordered checks against the state' : ''}. The body below goes back to the model.
        </span>
        {children}
      </div>
    );
  }
  // Every field the call sent that carries a gloss, nested ones included (array items are left out).
  const sent = (path: string): { found: boolean; value?: Json } => {
    let cur: Json | undefined = result.arguments;
    for (const key of path.split('.')) {
      if (!cur || typeof cur !== 'object' || Array.isArray(cur) || !Object.prototype.hasOwnProperty.call(cur, key)) return { found: false };
      cur = (cur as Record<string, Json>)[key];
    }
    return { found: true, value: cur };
  };
  const glossed = tool ? [...tool.fields.values()].filter((f) => f.gloss && !f.path.includes('[') && sent(f.path).found) : [];
  return (
    <div className="pg-verdict pg-verdict-good" data-testid="accepted">
      <div className="pg-verdict-line" data-testid="verdict" data-ok="true">
        <strong>Accepted</strong>{' '}
        <span>
          {result.corrections.length ? `after absorbing ${result.corrections.length === 1 ? 'one correction' : `${result.corrections.length} corrections`}` : 'as sent'}: no error body. The tool runs with these arguments.
        </span>
      </div>
      {children}
      {glossed.length > 0 && (
        // A few glosses are the point (amount: 15 for $15); many would bury it, so they fold.
        <details className="pg-glosses" data-testid="glosses" open={glossed.length <= 2}>
          <summary>
            Nothing rejects a valid call, even one that does the wrong thing. What stands between the model and a wrong value is the gloss it read in the tool’s
            schema{glossed.length > 2 ? `, for the ${glossed.length} fields it sent` : ''}:
          </summary>
          <dl>
            {glossed.map((f) => (
              <div key={f.path} className="pg-gloss">
                <dt>
                  <code>{f.path}</code> <span className="pg-gloss-value">sent as {show(sent(f.path).value as Json)}</span>
                </dt>
                <dd>{f.gloss}</dd>
              </div>
            ))}
          </dl>
        </details>
      )}
    </div>
  );
}

export function FaultsPanel({ result, diagnostics, codeHref, onApply }: { result: CheckResult; diagnostics: Diagnostic[]; codeHref: (code: string) => string; onApply: (d: Diagnostic, candidate: Json) => void }) {
  const entries = faultEntries(result);
  const byField = new Map(result.did_you_mean.map((d) => [d.field, d.candidates]));
  return (
    <section className="pg-panel" aria-labelledby="pg-faults-h" data-testid="faults">
      <header className="pg-panel-head">
        <h2 id="pg-faults-h">Faults</h2>
        <span className="pg-count">{entries.length}</span>
      </header>
      <ol className="pg-faults">
        {entries.map((e, i) => {
          const candidates = byField.get(e.field) ?? [];
          const diag = diagnostics.find((d) => d.severity === 'error' && d.field === e.field && d.code === e.code && d.kind !== 'conflict');
          return (
            <li key={i} className="pg-fault">
              <div className="pg-fault-head">
                <code className="pg-field">{e.field || '(the call)'}</code>
                <a className="pg-code-link" href={codeHref(e.code)}>
                  {e.code}
                </a>
              </div>
              <p className="pg-fault-msg">{e.message}</p>
              {candidates.length > 0 && (
                <p className="pg-dym" data-testid="did-you-mean" data-field={e.field}>
                  <span>did_you_mean</span>
                  {candidates.map((c, j) => (
                    <button
                      key={j}
                      type="button"
                      className="pg-chip"
                      disabled={!diag || diag.kind === 'missing'}
                      title={diag ? `Put ${JSON.stringify(c)} into the call` : undefined}
                      onClick={() => diag && onApply(diag, c)}
                    >
                      {JSON.stringify(c)}
                    </button>
                  ))}
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

export function CorrectionsPanel({ result }: { result: CheckResult }) {
  const stoppedEarly = result.log.stage === 'parse';
  return (
    <section className="pg-panel" aria-labelledby="pg-corr-h" data-testid="corrections">
      <header className="pg-panel-head">
        <h2 id="pg-corr-h">Corrections</h2>
        <span className="pg-count">{result.corrections.length}</span>
      </header>
      {result.corrections.length === 0 ? (
        <p className="pg-empty">
          {stoppedEarly
            ? 'Nothing absorbed: the call was not read far enough to get there.'
            : 'Nothing absorbed: every name and type was taken as sent.'}
        </p>
      ) : (
        <ul className="pg-corrections">
          {result.corrections.map((c, i) => (
            <li key={i}>
              <span className="pg-rule">{RULE_LABELS[c.rule]}</span> <code className="pg-field">{c.field}</code>
              <p>{describeCorrection(c)}.</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function SuggestedPanel({ suggestion, onUse }: { suggestion: Suggestion; onUse: (call: { name: string; arguments: Json }) => void }) {
  const copyable = suggestion.kind === 'diff' ? JSON.stringify(suggestion.call, null, 2) : '';
  return (
    <section className="pg-panel" aria-labelledby="pg-sugg-h" data-testid="suggested-call" data-kind={suggestion.kind}>
      <header className="pg-panel-head">
        <h2 id="pg-sugg-h">{suggestion.kind === 'diff' && suggestion.accepted ? 'The call as it runs' : 'Suggested next call'}</h2>
        {suggestion.kind === 'diff' && (
          <div className="pg-panel-tools">
            <CopyButton text={copyable} label="Copy call" />
            <button type="button" className="pg-button pg-button-small" onClick={() => onUse(suggestion.call)}>
              Put in editor
            </button>
          </div>
        )}
      </header>
      {suggestion.kind === 'as-sent' && <p className="pg-empty">Nothing to change: the call runs exactly as sent.</p>}
      {suggestion.kind === 'none' && <p className="pg-empty">{suggestion.reason}</p>}
      {suggestion.kind === 'diff' && (
        <>
          <p className="pg-panel-sub">
            {suggestion.accepted
              ? 'After absorbing, as {name, arguments}, against your call in the same form.'
              : 'Every fault applied, as {name, arguments}, against your call in the same form.'}
          </p>
          <pre className="pg-code pg-diff" tabIndex={0} aria-label="Diff: lines starting with minus are removed, plus are added">
            {suggestion.lines.map((l, i) => {
              const sign = l.op === 'add' ? '+' : l.op === 'remove' ? '-' : ' ';
              const [a, b] = l.changed ?? [0, 0];
              return (
                <div key={i} className={`pg-diff-line pg-diff-${l.op}`}>
                  <span className="pg-diff-sign" aria-hidden="true">
                    {sign}
                  </span>
                  <span className="pg-diff-text">
                    {l.changed && b > a ? (
                      <>
                        {l.text.slice(0, a)}
                        <mark>{l.text.slice(a, b)}</mark>
                        {l.text.slice(b)}
                      </>
                    ) : (
                      l.text || ' '
                    )}
                  </span>
                </div>
              );
            })}
          </pre>
        </>
      )}
    </section>
  );
}

export function LogPanel({ result }: { result: CheckResult }) {
  return (
    <section className="pg-panel pg-log" aria-labelledby="pg-log-h" data-testid="log-record">
      <header className="pg-panel-head">
        <h2 id="pg-log-h">Log record</h2>
        <div className="pg-panel-tools">
          <CopyButton text={JSON.stringify(result.log)} label="Copy" />
        </div>
      </header>
      <p className="pg-panel-sub">What the on-call engineer sees and the model does not: the stage, the schema path and the reason behind each fault.</p>
      {result.checks.length > 0 && (
        // not_run is what tells "not found" from "not checked": it is spelled out, not left inside the JSON.
        <dl className="pg-log-summary" data-testid="log-summary">
          <div>
            <dt>stage</dt>
            <dd>{result.log.stage}</dd>
          </div>
          {result.log.check && (
            <div>
              <dt>stopped by</dt>
              <dd>
                <code>{result.log.check}</code>
              </dd>
            </div>
          )}
          <div>
            <dt>not run</dt>
            <dd data-testid="log-not-run">
              {result.log.not_run.length === 0 ? (
                <span className="pg-meta-note">none: every ordered check ran</span>
              ) : (
                result.log.not_run.map((id, i) => (
                  <span key={id}>
                    {i > 0 && ', '}
                    <code>{id}</code>
                  </span>
                ))
              )}
            </dd>
          </div>
        </dl>
      )}
      <JsonView value={result.log as unknown as Json} />
    </section>
  );
}

const OUTCOME_WORDS: Record<TraceStep['outcome'], string> = { passed: 'passed', failed: 'failed', skipped: 'skipped', not_run: 'not run' };

/** validated ✓, exists ✓, permitted ✗ …: where the call stopped, in the order the stages ran. */
export function Trace({ steps, children }: { steps: TraceStep[]; children?: ReactNode }) {
  const stopped = steps.find((s) => s.outcome === 'failed');
  return (
    <div className="pg-trace-wrap">
      <ol className="pg-trace" data-testid="trace" aria-label="Stages the call went through, in order">
        {steps.map((s, i) => (
          <li key={i} className={`pg-trace-step pg-trace-${s.outcome}`} data-outcome={s.outcome} data-label={s.label} title={s.detail}>
            <span className="pg-trace-label">{s.label}</span>{' '}
            {s.outcome === 'passed' || s.outcome === 'failed' ? (
              <>
                <span className="pg-trace-mark" aria-hidden="true">
                  {s.outcome === 'passed' ? '✓' : '✗'}
                </span>
                <span className="visually-hidden">{OUTCOME_WORDS[s.outcome]}</span>
              </>
            ) : (
              <span className="pg-trace-note">{OUTCOME_WORDS[s.outcome]}</span>
            )}
          </li>
        ))}
      </ol>
      {stopped?.detail && (
        <p className="pg-trace-detail" data-testid="trace-detail">
          {/* A rule's detail starts with its code, which is the label already. */}
          <span className="pg-meta-label">Stopped at {stopped.label}:</span> {stopped.detail.startsWith(`${stopped.label}: `) ? stopped.detail.slice(stopped.label.length + 2) : stopped.detail}
        </p>
      )}
      {children}
    </div>
  );
}

function effectValue(v: Json | null): string {
  return v === null ? 'nothing' : show(v);
}

/** What an accepted call would change in the state: computed by the engine, shown, never applied. */
export function EffectsPanel({ effects }: { effects: Effect[] }) {
  return (
    <section className="pg-panel" aria-labelledby="pg-effects-h" data-testid="effects">
      <header className="pg-panel-head">
        <h2 id="pg-effects-h">What it would change</h2>
        <span className="pg-count">{effects.length === 1 ? 'one change' : `${effects.length} changes`}, not applied</span>
      </header>
      <p className="pg-panel-sub">The state stays as it is: the playground runs no tool. This is what the call would do to it.</p>
      <ul className="pg-effects">
        {effects.map((e, i) => (
          <li key={i} data-action={e.action}>
            <span className="pg-rule">{e.action === 'create' ? 'new record' : 'update'}</span>{' '}
            <code className="pg-field">
              {e.record}
              {e.id !== null ? ` ${e.id}` : ''}.{e.field}
            </code>
            <span className="pg-effect-change">
              {e.action === 'create' ? (
                <>set to {effectValue(e.to)}</>
              ) : (
                <>
                  {effectValue(e.from)} <span aria-hidden="true">→</span>
                  <span className="visually-hidden">becomes</span> {effectValue(e.to)}
                </>
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
