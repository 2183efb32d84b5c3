// Keyboard shortcuts, in a popover.
import { MOD } from '../panels/common';

export function HelpPopover() {
  return (
    <>
      <button type="button" className="pg-button pg-button-icon" popoverTarget="pg-help" aria-label="Keyboard shortcuts and help" data-testid="help-button" title="Keyboard shortcuts">
        ?
      </button>
      <div id="pg-help" popover="auto" className="pg-popover" data-testid="help-popover">
        <h2>Keyboard</h2>
        <dl className="pg-keys">
          <dt>
            <kbd>{MOD}</kbd>+<kbd>Enter</kbd>
          </dt>
          <dd>Check the call now</dd>
          <dt>
            <kbd>{MOD}</kbd>+<kbd>S</kbd>
          </dt>
          <dd>Copy a link to this exact state</dd>
          <dt>
            <kbd>Ctrl</kbd>+<kbd>Space</kbd>
          </dt>
          <dd>Complete argument names and enum values (with their glosses)</dd>
          <dt>
            <kbd>{MOD}</kbd>+<kbd>.</kbd>
          </dt>
          <dd>Apply a did_you_mean at the cursor</dd>
          <dt>
            <kbd>F8</kbd>
          </dt>
          <dd>Go to the next fault</dd>
        </dl>
        <p>Links keep the whole state in the part after #, which never reaches a server. Without a link, the page reopens on your last session, kept in this browser only.</p>
      </div>
    </>
  );
}
