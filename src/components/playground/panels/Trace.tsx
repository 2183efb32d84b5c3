// The stage trace of the ordered checks: validated ✓ → exists ✓ → permitted ✗ … on one line, with where the
// call stopped and which state was read one click away.
import { useState, type ReactNode } from 'react';
import type { TraceStep } from '../../../engine/checks-docs';

const OUTCOME_WORDS: Record<TraceStep['outcome'], string> = { passed: 'passed', failed: 'failed', skipped: 'skipped', not_run: 'not run' };

export function Trace({ steps, children }: { steps: TraceStep[]; children?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const stopped = steps.find((s) => s.outcome === 'failed');
  // A rule's detail starts with its code, which is the label already.
  const detail = stopped?.detail ? (stopped.detail.startsWith(`${stopped.label}: `) ? stopped.detail.slice(stopped.label.length + 2) : stopped.detail) : null;
  return (
    <div className={`pg-trace-wrap ${open ? 'pg-trace-open' : ''}`}>
      <div className="pg-trace-line">
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
        <button type="button" className="pg-linklike pg-trace-toggle" aria-expanded={open} aria-controls="pg-trace-more" data-testid="trace-toggle" onClick={() => setOpen((o) => !o)}>
          {open ? 'Less' : 'Why'}
        </button>
      </div>
      <div id="pg-trace-more" hidden={!open}>
        {detail !== null && (
          <p className="pg-trace-detail" data-testid="trace-detail">
            <span className="pg-meta-label">Stopped at {stopped!.label}:</span> {detail}
          </p>
        )}
        {children}
      </div>
    </div>
  );
}
