// After Share: a long link asks before it is copied, and a link the clipboard refused is shown to copy by hand.
interface Props {
  warning: { url: string; bytes: number } | null;
  onCopyAnyway: (url: string) => void;
  onSaveFile: () => void;
  onCancel: () => void;
  manualLink: string | null;
  onCloseManual: () => void;
}

export function ShareNotices({ warning, onCopyAnyway, onSaveFile, onCancel, manualLink, onCloseManual }: Props) {
  return (
    <>
      {warning && (
        <div className="pg-notice pg-notice-warn" role="alertdialog" aria-labelledby="pg-share-warn" data-testid="share-warning">
          <p id="pg-share-warn">
            This link is {(warning.bytes / 1024).toFixed(1)} KB. Some chat tools, mail clients and browsers cut links longer than 8 KB, and a cut link will not open. Trim
            the call or the tool definitions, or save the session to a file and share that.
          </p>
          <div className="pg-notice-actions">
            <button type="button" className="pg-button pg-button-small" onClick={() => onCopyAnyway(warning.url)} data-testid="share-anyway">
              Copy anyway
            </button>
            <button type="button" className="pg-button pg-button-small" onClick={onSaveFile}>
              Save to a file
            </button>
            <button type="button" className="pg-button pg-button-small" onClick={onCancel}>
              Cancel
            </button>
          </div>
        </div>
      )}
      {manualLink && (
        <div className="pg-notice pg-notice-info">
          <label className="pg-manual-link">
            Link: <input readOnly value={manualLink} onFocus={(e) => e.currentTarget.select()} />
          </label>
          <button type="button" className="pg-button pg-button-small" onClick={onCloseManual}>
            Close
          </button>
        </div>
      )}
    </>
  );
}
