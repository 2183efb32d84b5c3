// The tool call: its editor, the shape it was read as and the tool it names.
import { BUDGET_CALL_DEPTH, nestedDeeperThan } from '../workers/budget-gate';
import { forwardRef, type ReactNode } from 'react';
import type { InputShape } from '../../../engine/types';
import { CodeEditor, type CodeEditorHandle } from '../editor/CodeEditor';
import type { MonacoModule } from '../editor/monaco-loader';
import { MOD } from './common';
import type { Diagnostic } from '../editor/diagnostics';
import { shapeLabel } from '../../../sandbox/formats';
import type { TextRange } from '../../../sandbox/positions';

export const CALL_URI = 'inmemory://actionable/call.json';

interface Props {
  value: string;
  epoch: number;
  /** The shape the engine read the call as; null while there is no result (a pack loading, your tools not compiled). */
  shape: InputShape | null;
  /** The line under the title: which tool the call names, and whether the pack has it. */
  toolNote: ReactNode;
  diagnostics: Diagnostic[];
  highlight: TextRange | null;
  dark: boolean;
  /** Monaco's loader, once Monaco may load (CodeEditor's). */
  loadMonaco: (() => Promise<MonacoModule>) | null;
  /** On the State tab the call shares the column with the state: it gets less room. */
  short: boolean;
  /** Past this size the address bar stops following each change; said under the editor. */
  tooLargeForLiveLink: boolean;
  onChange(text: string): void;
  onMonacoReady(): void;
}

function isPythonStyle(text: string): boolean {
  return /^\s*[A-Za-z_][A-Za-z0-9_.-]*\s*\(/.test(text);
}

export const CallPanel = forwardRef<CodeEditorHandle, Props>(function CallPanel(props, ref) {
  return (
    <section className={`pg-panel pg-panel-call ${props.short ? 'pg-panel-call-short' : ''}`} aria-labelledby="pg-call-h">
      <header className="pg-panel-head">
        <h2 id="pg-call-h">Tool call</h2>
        <span className="pg-meta">
          <span className="pg-meta-label">Read as</span>{' '}
          {props.shape ? (
            <b data-testid="shape" data-shape={props.shape}>
              {shapeLabel(props.shape)}
            </b>
          ) : (
            // Not "not readable": the call has not been read, for a reason the result column states.
            <span className="pg-meta-note" data-testid="shape">
              not checked yet
            </span>
          )}
        </span>
      </header>
      <p className="pg-panel-sub pg-meta">{props.toolNote}</p>
      <CodeEditor
        ref={ref}
        testId="editor"
        className="pg-editor-call"
        value={props.value}
        epoch={props.epoch}
        onChange={props.onChange}
        // A call nested deeper than any tool's arguments is plain text to Monaco: its JSON worker's parser recurses.
        language={isPythonStyle(props.value) || nestedDeeperThan(props.value, BUDGET_CALL_DEPTH) ? 'plaintext' : 'json'}
        diagnostics={props.diagnostics}
        highlight={props.highlight}
        modelUri={CALL_URI}
        ariaLabel="Tool call: JSON in any vendor's envelope, or a Python-style call"
        placeholder='Paste a tool call: {"name": …, "arguments": {…}}, an OpenAI, Anthropic or MCP envelope, or update_ticket(status="open")'
        dark={props.dark}
        loadMonaco={props.loadMonaco}
        onMonacoReady={props.onMonacoReady}
        minLines={props.short ? 3 : 4}
        maxViewport={props.short ? 0.3 : 0.6}
      />
      {props.tooLargeForLiveLink && (
        <p className="pg-hint pg-bad-text" data-testid="large-input">
          This call is {Math.round(props.value.length / 1024)} KB: the address bar no longer follows each change. Copy link still makes a link of it, if it fits in one.
        </p>
      )}
      <p className="pg-hint pg-hint-keys">
        Checks as you type. <kbd>{MOD}</kbd>+<kbd>Enter</kbd> checks now; <kbd>{MOD}</kbd>+<kbd>S</kbd> copies the link; <kbd>Ctrl</kbd>+<kbd>Space</kbd> completes names and values.
      </p>
    </section>
  );
});
