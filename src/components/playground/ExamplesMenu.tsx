// The examples menu: the cases of the design notes, the ordered checks' refusals, and the open pack's own
// examples of the tool in use.
import { useCallback, useRef, useState } from 'react';
import type { Json } from '../../engine/types';
import { useDismiss } from './common';
import { EXAMPLES, type Example } from './examples';

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
      <button type="button" className="pg-button" aria-expanded={open} aria-controls="pg-examples" data-testid="examples-button" onClick={() => setOpen((o) => !o)}>
        Examples <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div className="pg-menu-panel" id="pg-examples" data-testid="examples-menu">
          <p className="pg-menu-title">Cases from the design notes</p>
          <ExampleList examples={EXAMPLES.filter((ex) => ex.group !== 'checks')} onPick={pick} />
          <p className="pg-menu-title">Refused by the ordered checks, against the pack’s state</p>
          <ExampleList examples={EXAMPLES.filter((ex) => ex.group === 'checks')} onPick={pick} />
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

function ExampleList({ examples, onPick }: { examples: Example[]; onPick: (ex: Example) => void }) {
  return (
    <ul>
      {examples.map((ex) => (
        <li key={ex.id}>
          <button type="button" data-example={ex.id} onClick={() => onPick(ex)}>
            <span className="pg-menu-item-title">{ex.title}</span>
            <span className="pg-menu-item-note">{ex.note}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
