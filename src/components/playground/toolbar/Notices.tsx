// The notices above the toolbar: the session's own (a damaged link, a file that would not open), a picked
// tool the pack does not have, a pack state that came with a link, and the last visit's session that never
// showed its result. A value from a link or a file (a pack, a tool, a file name) is shown quoted, in code
// style and cut short, never as part of the sentence.
import { quotedValue, type Notice } from '../session/state';

function NoticeWords({ notice }: { notice: Notice }) {
  if (typeof notice.text === 'string') return <>{notice.text}</>;
  return (
    <>
      {notice.text.map((part, i) =>
        typeof part === 'string' ? (
          part
        ) : (
          <code key={i} className="pg-notice-value" data-testid="notice-value">
            {quotedValue(part.value)}
          </code>
        ),
      )}
    </>
  );
}

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
  /** The last visit's session never showed its result: it is offered, not opened. */
  unfinished: boolean;
  onRestore: () => void;
  onDropUnfinished: () => void;
}

export function Notices({ notice, onDismiss, toolNotice, onDropTool, linkState, stateShown, onShowState, onResetState, unfinished, onRestore, onDropUnfinished }: Props) {
  return (
    <>
      {unfinished && (
        <div className="pg-notice pg-notice-info" role="status" data-testid="unfinished-notice">
          <p>Your last session did not finish showing its result: it may be what stopped the page, so the playground opened without it.</p>
          <div className="pg-notice-actions">
            <button type="button" className="pg-button pg-button-small" onClick={onRestore} data-testid="restore-session">
              Restore it
            </button>
            <button type="button" className="pg-button pg-button-small" onClick={onDropUnfinished}>
              Discard it
            </button>
          </div>
        </div>
      )}
      {notice && (
        <div className={`pg-notice pg-notice-${notice.kind}`} role="alert" data-testid="notice">
          <p>
            <NoticeWords notice={notice} />
          </p>
          <button type="button" className="pg-button pg-button-small" onClick={onDismiss}>
            Dismiss
          </button>
        </div>
      )}
      {toolNotice && (
        <div className="pg-notice pg-notice-error" role="alert" data-testid="tool-notice">
          <p>
            <NoticeWords notice={toolNotice} />
          </p>
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
