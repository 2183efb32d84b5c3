// A message holding several calls (parallel tool_calls, several tool_use blocks or Gemini parts): each
// call is checked on its own, and each gets its own body, listed in the message's order. A call's
// heading puts the editor's cursor on that call.
import type { CheckResult } from '../../../engine/types';
import { CopyButton } from './common';

export interface CallChecked {
  /** Where the call sits in the editor's text; null when it could not be placed. */
  span: { start: number; end: number } | null;
  result: CheckResult;
  /** The body's exact bytes; null for an accepted call. */
  bytes: string | null;
}

export function CallsPanel({ calls, onReveal }: { calls: CallChecked[]; onReveal(offset: number): void }) {
  const rejected = calls.filter((c) => !c.result.ok).length;
  return (
    <section className="pg-panel pg-panel-body" aria-labelledby="pg-calls-h" data-testid="calls-bodies">
      <header className="pg-panel-head">
        <h2 id="pg-calls-h">Error bodies, one per call</h2>
      </header>
      <p className="pg-panel-sub" data-testid="calls-summary">
        {calls.length} calls in this message, checked one at a time: {rejected} rejected, {calls.length - rejected} accepted.
      </p>
      <ol className="pg-calls">
        {calls.map((c, i) => (
          <li key={i} data-testid="call-body" data-ok={c.result.ok ? 'yes' : 'no'}>
            <h3>
              <button type="button" className="pg-linklike" disabled={c.span === null} onClick={() => c.span && onReveal(c.span.start)}>
                Call {i + 1}: {c.result.tool ?? 'no tool'}
              </button>
            </h3>
            {c.bytes !== null ? (
              <>
                <pre className="pg-body-exact">{c.bytes}</pre>
                <CopyButton text={c.bytes} label="Copy" />
              </>
            ) : (
              <p className="pg-empty">Accepted: the model gets the tool’s result, not an error.</p>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
