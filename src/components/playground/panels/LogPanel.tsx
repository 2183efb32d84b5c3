// The log record: what the on-call engineer sees and the model does not.
import type { CheckResult, Json } from '../../../engine/types';
import { CopyButton, JsonView } from './common';

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
