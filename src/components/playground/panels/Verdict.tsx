// Accepted or rejected, in one line, with the stage trace and, for an accepted call, the glosses that are
// its only defence against a wrong value.
import type { ReactNode } from 'react';
import { valueAt } from '../../../sandbox/positions';
import type { CheckResult, CompiledTool, Json } from '../../../engine/types';
import { show } from '../views/labels';

/** `children`: the stage trace, inside the verdict so the reason for it is read with it. */
export function Verdict({ result, tool, children }: { result: CheckResult; tool: CompiledTool | undefined; children?: ReactNode }) {
  if (!result.ok) {
    // As many as the body counts: the log explains at most 200, and the body lists 10 and counts the rest.
    const listed = result.body && Array.isArray((result.body as { errors?: unknown }).errors) ? ((result.body as { errors: unknown[] }).errors.length) : result.log.faults.length;
    const n = listed + result.log.omitted;
    return (
      <div className="pg-verdict pg-verdict-bad" data-testid="verdict" data-ok="false">
        <strong>Rejected</strong>{' '}
        <span>
          {n === 1 ? 'one fault' : `${n} faults`}
          {result.corrections.length ? `, after absorbing ${result.corrections.length}` : ''}
          {result.log.stage === 'checks' ? ', found by the ordered checks against the state' : ''}.<span className="pg-verdict-more"> The body below goes back to the model.</span>
        </span>
        {children}
      </div>
    );
  }
  // Every field the call sent that carries a gloss, nested ones included (array items are left out).
  const sent = (path: string) => valueAt(result.arguments, path.split('.'));
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
