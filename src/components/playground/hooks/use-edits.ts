// Typing reaches the session at once for small texts, so the body follows each key (flushSync: the key's
// frame shows its body); longer texts wait for a pause. A change from outside the editors (a pick, an
// example, a link) drops the edits still waiting, so a late one cannot undo it.
import { useCallback, useMemo, useRef } from 'react';
import { flushSync } from 'react-dom';
import type { Action, Edited } from '../session/session';

/** Up to this much text, every keystroke is checked at once: no debounce, the body follows the key. */
const INSTANT_MAX_CHARS = 40_000;

/** Longer inputs take longer to check: past INSTANT_MAX_CHARS, wait for a pause, longer for longer texts. */
function debounceFor(text: string): number {
  return text.length <= INSTANT_MAX_CHARS ? 0 : Math.min(500, 80 + Math.floor(text.length / 5000));
}

/** `onChange` for each editor, and `act` for every other change of the session. */
export function useEdits(dispatch: (a: Action) => void) {
  const timers = useRef<Partial<Record<Edited, number>>>({});
  // Edits made in one burst (an input method, or a tool that types, delivers a character per event) are
  // applied once, with the last text, before the frame is painted: a render per character, each forced
  // with flushSync, went past React's limit of nested updates ("Maximum update depth exceeded").
  const queued = useRef<Partial<Record<Edited, string>> | null>(null);
  const edit = useCallback(
    (field: Edited, text: string) => {
      window.clearTimeout(timers.current[field]);
      const wait = debounceFor(text) + (field === 'tools' || field === 'replay' ? (text.length > 2000 ? 150 : 0) : 0);
      const apply = (edits: Partial<Record<Edited, string>>) => {
        performance.mark('pg:update:start');
        flushSync(() => {
          for (const [f, t] of Object.entries(edits) as [Edited, string][]) dispatch({ type: 'edit', field: f, text: t });
        });
        performance.measure('pg:update', { start: 'pg:update:start', detail: { chars: text.length, field } });
      };
      if (wait !== 0) {
        timers.current[field] = window.setTimeout(() => apply({ [field]: text }), wait);
        return;
      }
      if (queued.current) {
        queued.current[field] = text;
        return;
      }
      queued.current = { [field]: text };
      queueMicrotask(() => {
        const edits = queued.current;
        queued.current = null;
        if (edits) apply(edits);
      });
    },
    [dispatch],
  );
  const onChange = useMemo(
    () => ({
      call: (t: string) => edit('call', t),
      tools: (t: string) => edit('tools', t),
      packState: (t: string) => edit('packState', t),
      replay: (t: string) => edit('replay', t),
      reply: (t: string) => edit('reply', t),
    }),
    [edit],
  );
  const act = useCallback(
    (a: Action) => {
      for (const t of Object.values(timers.current)) window.clearTimeout(t);
      queued.current = null;
      dispatch(a);
    },
    [dispatch],
  );
  return { onChange, act };
}
