// The examples menu's catalogue: the cases of the design notes and the ordered checks' refusals. Its own
// chunk with examples.ts, loaded when the menu is first wanted (ExamplesMenu.tsx).
import { EXAMPLES, type Example } from './examples';

export function ExampleCatalogue({ onPick }: { onPick: (ex: Example) => void }) {
  return (
    <>
      <p className="pg-menu-title">Cases from the design notes</p>
      <ExampleList examples={EXAMPLES.filter((ex) => ex.group !== 'checks')} onPick={onPick} />
      <p className="pg-menu-title">Refused by the ordered checks, against the pack’s state</p>
      <ExampleList examples={EXAMPLES.filter((ex) => ex.group === 'checks')} onPick={onPick} />
    </>
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
