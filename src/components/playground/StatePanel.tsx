// The State tab's panel: the pack's state in the same lazy editor as the call, its problems with where
// they are, and which state the checks read. Everything it shows comes from pack-state.ts via the checker.
import { forwardRef } from 'react';
import { CodeEditor, type CodeEditorHandle } from './CodeEditor';
import { lineCol } from './common';
import type { Diagnostic } from './diagnostics';
import type { StateReading } from './pack-state';

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
  loadRich: boolean;
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
            loadRich={props.loadRich}
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

/** Your tools: no state to edit, and why. */
export function NoStateForCustomTools({ onUsePack }: { onUsePack(): void }) {
  return (
    <section className="pg-panel pg-panel-state" aria-labelledby="pg-state-h" data-testid="state-panel">
      <header className="pg-panel-head">
        <h2 id="pg-state-h">State</h2>
      </header>
      <p className="pg-empty" data-testid="state-none">
        Your tools have no state. Ordered checks (a record exists, the caller may change it, a business rule allows it) are declared in a pack, beside the
        records they read; pasted definitions are checked for a well-formed call only.
      </p>
      <p className="pg-hint">
        <button type="button" className="pg-button pg-button-small" onClick={onUsePack}>
          Check against a pack’s tools and state
        </button>
      </p>
    </section>
  );
}

/** Which state the call was checked against, in words (the result and the State tab both say it). */
export function StateInUse({ reading, where, onEdit }: { reading: StateReading; where: 'panel' | 'result'; onEdit?: () => void }) {
  const words =
    reading.use === 'edited'
      ? 'your edited state'
      : reading.use === 'broken'
        ? 'the pack’s own state, because your edit has problems'
        : reading.use === 'none'
          ? 'no state: this pack ships none'
          : 'the pack’s own state';
  return (
    <p className={`pg-state-in-use pg-state-${reading.use}`} data-testid={where === 'result' ? 'state-in-use' : 'state-status'} data-use={reading.use}>
      <span className="pg-meta-label">{where === 'result' ? 'Checked against' : 'In use'}:</span> {words}
      {where === 'panel' && reading.use === 'edited' ? '. Copy link carries it.' : ''}
      {onEdit && (
        <>
          {' '}
          <button type="button" className="pg-linklike" onClick={onEdit} data-testid="edit-state">
            {reading.use === 'broken' ? 'Fix it' : 'Edit the state'}
          </button>
        </>
      )}
    </p>
  );
}

