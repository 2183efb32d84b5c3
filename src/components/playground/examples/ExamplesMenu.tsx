// The examples menu: the cases of the design notes, the ordered checks' refusals, and the open pack's own
// examples of the tool in use.
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import type { Json } from '../../../engine/types';
import { useDismiss } from '../panels/common';
import type { Example } from './first-example';
import { loadExampleCatalogue } from '../loading/chunks';

// The catalogue (examples.ts) loads when the menu is first pointed at or opened, not with the page.
const loadCatalogue = loadExampleCatalogue;
const ExampleCatalogue = lazy(() => loadCatalogue().then((m) => ({ default: m.ExampleCatalogue })));

export interface PackExample {
  id: string;
  title: string;
  call: string;
  tool: string;
  /** From examples.checks: a case about the state, so it loads with the pack's state. */
  checks?: boolean;
  /** The caller the example replaces the state's with. */
  caller?: Json;
}

export function ExamplesMenu(props: { onPick: (ex: Example) => void; packExamples: PackExample[]; onPickPackExample: (ex: PackExample) => void; toolName?: string }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, root);
  const pick = (ex: Example) => {
    setOpen(false);
    props.onPick(ex);
  };
  return (
    <div className="pg-menu" ref={root}>
      <button type="button" className="pg-button" aria-expanded={open} aria-controls="pg-examples" data-testid="examples-button" onPointerEnter={loadCatalogue} onFocus={loadCatalogue} onClick={() => setOpen((o) => !o)}>
        Examples <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div className="pg-menu-panel pg-menu-panel-right" id="pg-examples" data-testid="examples-menu">
          <Suspense fallback={<p className="pg-menu-title">Loading the examples…</p>}>
            <ExampleCatalogue onPick={pick} />
          </Suspense>
          {props.packExamples.length > 0 && (
            <>
              <p className="pg-menu-title">From the pack: {props.toolName ?? props.packExamples[0].tool}</p>
              <ul>
                {props.packExamples.map((ex) => (
                  <li key={ex.id}>
                    <button
                      type="button"
                      data-pack-example={ex.id}
                      onClick={() => {
                        setOpen(false);
                        props.onPickPackExample(ex);
                      }}
                    >
                      <span className="pg-menu-item-title">{ex.title}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </div>
  );
}
