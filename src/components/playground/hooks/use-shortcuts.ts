// Ctrl/Cmd+Enter checks now, Ctrl/Cmd+S shares. Capture phase, so the shortcuts work inside Monaco too and
// do not reach the browser (its own Save page).
import { useEffect, useRef } from 'react';

export function useShortcuts(actions: { runNow: () => void; share: () => void }): void {
  // The handlers of the last render: the listener is added once.
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      if (e.key === 'Enter') {
        e.preventDefault();
        e.stopPropagation();
        latest.current.runNow();
      } else if ((e.key === 's' || e.key === 'S') && !e.shiftKey) {
        e.preventDefault();
        e.stopPropagation();
        latest.current.share();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}
