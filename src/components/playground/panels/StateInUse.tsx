// What the result and the State tab say about the state a call was checked against, and the State tab's
// word for your own tools (which have none). Apart from StatePanel.tsx, which loads with its tab.
import type { StateReading } from '../session/pack-state';

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

