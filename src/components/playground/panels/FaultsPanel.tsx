// The body's faults, one by one, each with its code's page and its did_you_mean as buttons that apply it.
import type { CheckResult, Json } from '../../../engine/types';
import type { Diagnostic } from '../editor/diagnostics';
import { faultEntries } from '../../../sandbox/faults';

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
