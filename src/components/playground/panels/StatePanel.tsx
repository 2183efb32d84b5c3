// The State tab's panel: the pack's state in the same lazy editor as the call, its problems with where
// they are, and which state the checks read. Everything it shows comes from pack-state.ts via the checker.
import { forwardRef } from 'react';
import { CodeEditor, type CodeEditorHandle } from '../editor/CodeEditor';
import type { MonacoModule } from '../editor/monaco-loader';
import { lineCol } from './common';
import type { Diagnostic } from '../editor/diagnostics';
import type { StateReading } from '../session/pack-state';
import { StateInUse } from './StateInUse';

const STATE_URI = 'inmemory://actionable/state.json';

interface Props {
  /** The pack's title; null while the pack loads. */
  packTitle: string | null;
  /** The text: the edit, else the pack's own state. */
  value: string;
  /** Bumped when the text is replaced from outside the editor (Reset, a link, an example). */
  epoch: number;
  reading: StateReading | null;
  /** True when the text is an edit (a Reset has something to undo). */
  edited: boolean;
  diagnostics: Diagnostic[];
  dark: boolean;
  /** Monaco's loader, once Monaco may load (CodeEditor's). */
  loadMonaco: (() => Promise<MonacoModule>) | null;
  onChange(text: string): void;
  onReset(): void;
  /** Moves the editor's cursor to an offset of the text. */
  onReveal(offset: number): void;
}

export const StatePanel = forwardRef<CodeEditorHandle, Props>(function StatePanel(props, ref) {
  const { reading } = props;
  return (
    <section className="pg-panel pg-panel-state" aria-labelledby="pg-state-h" data-testid="state-panel">
      <header className="pg-panel-head">
        <h2 id="pg-state-h">State{props.packTitle ? `: ${props.packTitle}` : ''}</h2>
        <div className="pg-panel-tools">
          <button type="button" className="pg-button pg-button-small" data-testid="state-reset" onClick={props.onReset} disabled={!props.edited}>
            Reset to the pack’s state
          </button>
        </div>
      </header>
      <p className="pg-panel-sub">
        The records the ordered checks read, the caller they check for, and the fixed <code>now</code> of date rules. Edit them and the call is checked again:
        existence, then permission, then the business rules. An accepted call’s changes are shown, never applied.
      </p>
      {!reading ? (
        <p className="pg-empty">Loading the pack’s state…</p>
      ) : reading.use === 'none' ? (
        <p className="pg-empty" data-testid="state-none">
          This pack ships no state, so its tools have no ordered checks to run against records.
        </p>
      ) : (
        <>
          <CodeEditor
            ref={ref}
            testId="state-editor"
            className="pg-editor-state"
            value={props.value}
            epoch={props.epoch}
            onChange={props.onChange}
            language="json"
            diagnostics={props.diagnostics}
            modelUri={STATE_URI}
            ariaLabel="Pack state (JSON): now, caller and records"
            dark={props.dark}
            loadMonaco={props.loadMonaco}
            minLines={8}
            maxViewport={0.55}
          />
          {reading.use !== 'broken' && <StateInUse reading={reading} where="panel" />}
          {reading.use === 'broken' && (
            <div className="pg-problems" data-testid="state-problems" role="alert">
              <p>
                <strong>{reading.summary}</strong> Until it is fixed, calls are checked against the pack’s own state.
              </p>
              <ul>
                {reading.problems.map((p, i) => {
                  // The place is a button: it puts the cursor on the problem, which may be scrolled out of view.
                  const at = p.range ? (
                    <button type="button" className="pg-linklike" onClick={() => props.onReveal(p.range!.start)} title="Show it in the editor">
                      {lineCol(props.value, p.range.start)}
                    </button>
                  ) : null;
                  return p.where.startsWith('line ') ? (
                    <li key={i}>
                      {at ?? p.where}: {p.message}
                    </li>
                  ) : (
                    <li key={i}>
                      <code>{p.where}</code> {p.message}
                      {at && <span className="pg-nowrap"> ({at})</span>}
                    </li>
                  );
                })}
              </ul>
            </div>
          )}
        </>
      )}
    </section>
  );
});
