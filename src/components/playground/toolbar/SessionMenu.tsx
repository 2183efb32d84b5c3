// The session menu: recent calls of the open pack, the session to and from a file, and Reset.
import { useCallback, useRef, useState } from 'react';
import { useDismiss } from '../panels/common';

interface Props {
  /** Recent calls of the open pack, most recent first. */
  recent: string[];
  packTitle: string;
  onPickRecent(call: string): void;
  onExport(): void;
  /** A file's text, picked by the user. */
  onImport(text: string, name: string): void;
  onReset(): void;
}

/** A call on one line, short enough for a menu item. */
function oneLine(call: string): string {
  const flat = call.replace(/\s+/g, ' ').trim();
  return flat.length > 90 ? `${flat.slice(0, 89)}…` : flat;
}

export function SessionMenu({ recent, packTitle, onPickRecent, onExport, onImport, onReset }: Props) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, root);
  return (
    <div className="pg-menu" ref={root}>
      <button type="button" className="pg-button" aria-expanded={open} aria-controls="pg-session" data-testid="session-button" onClick={() => setOpen((o) => !o)}>
        Session <span aria-hidden="true">▾</span>
      </button>
      {/* The file input stays in the page while the menu closes, so the picked file still arrives. */}
      <input
        ref={file}
        type="file"
        accept="application/json,.json"
        hidden
        data-testid="session-import"
        aria-label="Open a session file"
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) f.text().then((t) => onImport(t, f.name));
        }}
      />
      {open && (
        <div className="pg-menu-panel pg-menu-panel-right" id="pg-session" data-testid="session-menu">
          <p className="pg-menu-title">Recent calls: {packTitle}</p>
          {recent.length === 0 ? (
            <p className="pg-menu-empty">None yet. The calls you check are kept here, the last 20 for each pack, in this browser only.</p>
          ) : (
            <ul>
              {recent.map((call, i) => (
                <li key={i}>
                  <button
                    type="button"
                    data-testid="history-item"
                    onClick={() => {
                      setOpen(false);
                      onPickRecent(call);
                    }}
                  >
                    <span className="pg-menu-item-code">{oneLine(call)}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <p className="pg-menu-title">This session</p>
          <ul>
            <li>
              <button
                type="button"
                data-testid="session-export"
                onClick={() => {
                  setOpen(false);
                  onExport();
                }}
              >
                <span className="pg-menu-item-title">Save to a file</span>
                <span className="pg-menu-item-note">The call, the tools or state, the replay and the recent calls, as JSON.</span>
              </button>
            </li>
            <li>
              <button
                type="button"
                data-testid="session-open"
                onClick={() => {
                  setOpen(false);
                  file.current?.click();
                }}
              >
                <span className="pg-menu-item-title">Open a file…</span>
                <span className="pg-menu-item-note">A session saved here before.</span>
              </button>
            </li>
            <li>
              <button
                type="button"
                data-testid="session-reset"
                onClick={() => {
                  setOpen(false);
                  onReset();
                }}
              >
                <span className="pg-menu-item-title">Reset</span>
                <span className="pg-menu-item-note">Back to the default example; the kept session is forgotten, the recent calls stay.</span>
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
