// What an accepted call would change in the state: computed by the engine, shown, never applied.
import type { Effect, Json } from '../../../engine/types';
import { show } from '../views/labels';

function effectValue(v: Json | null): string {
  return v === null ? 'nothing' : show(v);
}

/** What an accepted call would change in the state: computed by the engine, shown, never applied. */
export function EffectsPanel({ effects }: { effects: Effect[] }) {
  return (
    <section className="pg-panel" aria-labelledby="pg-effects-h" data-testid="effects">
      <header className="pg-panel-head">
        <h2 id="pg-effects-h">What it would change</h2>
        <span className="pg-count">{effects.length === 1 ? 'one change' : `${effects.length} changes`}, not applied</span>
      </header>
      <p className="pg-panel-sub">The state stays as it is: the playground runs no tool. This is what the call would do to it.</p>
      <ul className="pg-effects">
        {effects.map((e, i) => (
          <li key={i} data-action={e.action}>
            <span className="pg-rule">{e.action === 'create' ? 'new record' : 'update'}</span>{' '}
            <code className="pg-field">
              {e.record}
              {e.id !== null ? ` ${e.id}` : ''}.{e.field}
            </code>
            <span className="pg-effect-change">
              {e.action === 'create' ? (
                <>set to {effectValue(e.to)}</>
              ) : (
                <>
                  {effectValue(e.from)} <span aria-hidden="true">→</span>
                  <span className="visually-hidden">becomes</span> {effectValue(e.to)}
                </>
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
