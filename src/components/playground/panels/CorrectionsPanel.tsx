// What the engine absorbed instead of refusing: each correction and its rule.
import type { CheckResult } from '../../../engine/types';
import { describeCorrection, RULE_LABELS } from '../views/labels';

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
