// The suggested next call as a diff against the call, copied in the caller's own envelope.
import { useState } from 'react';
import type { InputShape } from '../../../engine/types';
import { CopyButton } from './common';
import { ENVELOPE_LABELS, ENVELOPES, envelopeOfShape, inEnvelope, type Envelope } from '../views/envelopes';
import type { Suggestion } from '../views/suggestion';

interface Props {
  suggestion: Suggestion;
  /** Puts the call, as text in the chosen envelope, into the editor. */
  onUse: (text: string) => void;
  /** The envelope the call came in: the copy is in the same one unless another is picked. */
  shape: InputShape;
  /** The call as parsed JSON, for the id its envelope carried (undefined when it is not JSON). */
  original: unknown;
}

export function SuggestedPanel({ suggestion, onUse, shape, original }: Props) {
  const [picked, setPicked] = useState<Envelope | null>(null);
  const envelope = picked ?? envelopeOfShape(shape);
  const copyable = () => (suggestion.kind === 'diff' ? inEnvelope(suggestion.call, envelope, original) : '');
  return (
    <section className="pg-panel" aria-labelledby="pg-sugg-h" data-testid="suggested-call" data-kind={suggestion.kind}>
      <header className="pg-panel-head">
        <h2 id="pg-sugg-h">{suggestion.kind === 'diff' && suggestion.accepted ? 'The call as it runs' : 'Suggested next call'}</h2>
        {suggestion.kind === 'diff' && (
          <div className="pg-panel-tools">
            <select className="pg-select-small" aria-label="Envelope to copy the call in" data-testid="envelope-select" value={envelope} onChange={(e) => setPicked(e.target.value as Envelope)}>
              {ENVELOPES.map((e) => (
                <option key={e} value={e}>
                  {ENVELOPE_LABELS[e]}
                </option>
              ))}
            </select>
            <CopyButton text={copyable} label="Copy call" testId="copy-suggested" />
            <button type="button" className="pg-button pg-button-small" onClick={() => onUse(copyable())}>
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
