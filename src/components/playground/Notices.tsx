// The notices above the toolbar: the session's own (a damaged link, a file that would not open), a picked
// tool the pack does not have, and a pack state that came with a link.
import type { Notice } from './state';

interface Props {
  notice: Notice | null;
  onDismiss: () => void;
  toolNotice: Notice | null;
  onDropTool: () => void;
  /** The link's pack state, when the call is checked against it (edited) or could not be (broken). */
  linkState: 'edited' | 'broken' | null;
  stateShown: boolean;
  onShowState: () => void;
  onResetState: () => void;
}

export function Notices({ notice, onDismiss, toolNotice, onDropTool, linkState, stateShown, onShowState, onResetState }: Props) {
  return (
    <>
      {notice && (
        <div className={`pg-notice pg-notice-${notice.kind}`} role="alert" data-testid="notice">
          <p>{notice.text}</p>
          <button type="button" className="pg-button pg-button-small" onClick={onDismiss}>
            Dismiss
          </button>
        </div>
      )}
      {toolNotice && (
        <div className="pg-notice pg-notice-error" role="alert" data-testid="tool-notice">
          <p>{toolNotice.text}</p>
          <button type="button" className="pg-button pg-button-small" onClick={onDropTool}>
            Read the call without it
          </button>
        </div>
      )}
      {linkState && (
        <div className={`pg-notice ${linkState === 'broken' ? 'pg-notice-error' : 'pg-notice-info'}`} data-testid="state-notice">
          <p>
            {linkState === 'broken'
              ? 'This link carries a pack state with problems, so the call is checked against the pack’s own state. The State tab shows where they are.'
              : 'This link carries a pack state of its own: the call is checked against it, not the pack’s own. The State tab shows it.'}
          </p>
          <div className="pg-notice-actions">
            {!stateShown && (
              <button type="button" className="pg-button pg-button-small" onClick={onShowState}>
                Show the state
              </button>
            )}
            <button type="button" className="pg-button pg-button-small" onClick={onResetState}>
              Use the pack’s own state
            </button>
          </div>
        </div>
      )}
    </>
  );
}
