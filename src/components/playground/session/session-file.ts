// Session, Save to a file: the session's link state and its pack's recent calls (storage.ts sessionFile),
// downloaded as JSON. The file is the way to share what is too long for a link.
import type { PlaygroundState } from './state';
import { historyKey, sessionFile, type History } from './storage';

export function downloadSessionFile(state: PlaygroundState, recent: History): void {
  const file = sessionFile(state, recent);
  const blob = new Blob([JSON.stringify(file, null, 2) + '\n'], { type: 'application/json' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `actionable-session-${historyKey(state)}.json`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}
