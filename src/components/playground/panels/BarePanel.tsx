// The comparison the site exists to make: what a typical validator says for the same call (bare.ts).
import { useState } from 'react';
import type { BareError } from '../views/bare';
import { TokenCount } from './common';

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
