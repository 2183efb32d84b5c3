// A code editor that shows its text at once: a plain read-only view until Monaco has loaded (lazily, by
// dynamic import, after the first body is on screen), then Monaco in its place with the same text and the
// same inset. If Monaco cannot load, an editable textarea takes its place. The frame's height follows the text.
import { forwardRef, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState } from 'react';
import type { Diagnostic } from './diagnostics';
import type { TextRange } from '../../../sandbox/positions';
import type { EditorController } from './monaco-setup';
import type { MonacoModule } from './monaco-loader';

export interface CodeEditorHandle {
  getValue(): string;
  replaceRange(start: number, end: number, text: string): void;
  reveal(offset: number): void;
  focus(): void;
}

interface Props {
  /** The text: shown as it is before Monaco, and given to Monaco whenever `epoch` changes. */
  value: string;
  /** Bumped when the text is replaced from outside the editor; typing never bumps it. */
  epoch: number;
  onChange(text: string): void;
  language: 'json' | 'plaintext';
  diagnostics: Diagnostic[];
  modelUri: string;
  ariaLabel: string;
  testId: string;
  dark: boolean;
  placeholder?: string;
  className?: string;
  onMonacoReady?(): void;
  /** Monaco's loader (monaco-loader.ts), given only once Monaco may load: after the first body, which matters more. */
  loadMonaco: (() => Promise<MonacoModule>) | null;
  /** A span to mark (a body entry's source while its field is hovered or focused). */
  highlight?: TextRange | null;
  /** The frame is at least this many lines high… */
  minLines?: number;
  /** …and at most this share of the window's height, past which the editor scrolls. */
  maxViewport?: number;
}

const LINE_PX = 19;
const INSET_PX = 16;

export const CodeEditor = forwardRef<CodeEditorHandle, Props>(function CodeEditor(props, ref) {
  const host = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const background = () => (frame.current ? getComputedStyle(frame.current).backgroundColor : undefined);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const ctrl = useRef<EditorController | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [contentHeight, setContentHeight] = useState<number | null>(null);
  const latest = useRef(props);
  latest.current = props;

  useImperativeHandle(ref, () => ({
    getValue: () => ctrl.current?.getValue() ?? textarea.current?.value ?? latest.current.value,
    replaceRange(start, end, text) {
      if (ctrl.current) ctrl.current.replaceRange(start, end, text);
      else {
        const v = textarea.current?.value ?? latest.current.value;
        const next = v.slice(0, start) + text + v.slice(end);
        if (textarea.current) textarea.current.value = next;
        latest.current.onChange(next);
      }
    },
    reveal(offset) {
      if (ctrl.current) ctrl.current.reveal(offset);
      else if (textarea.current) {
        textarea.current.focus();
        textarea.current.setSelectionRange(offset, offset);
      }
    },
    focus: () => (ctrl.current ? ctrl.current.focus() : textarea.current?.focus()),
  }));

  const { loadMonaco } = props;
  useEffect(() => {
    if (!loadMonaco) return;
    let disposed = false;
    loadMonaco()
      .then((m) => {
        if (disposed || !host.current) return;
        m.setDarkTheme(latest.current.dark, background());
        ctrl.current = m.createEditor(host.current, {
          value: latest.current.value,
          modelUri: latest.current.modelUri,
          language: latest.current.language,
          ariaLabel: latest.current.ariaLabel,
          placeholder: latest.current.placeholder,
          onChange: (t) => latest.current.onChange(t),
          onContentHeight: setContentHeight,
        });
        ctrl.current.setDiagnostics(latest.current.diagnostics);
        setState('ready');
        latest.current.onMonacoReady?.();
      })
      .catch(() => {
        if (!disposed) setState('failed');
      });
    return () => {
      disposed = true;
      ctrl.current?.dispose();
      ctrl.current = null;
    };
  }, [loadMonaco]);

  // A text replaced from outside (a link, an example, Reset): the editor takes it, as one undoable edit.
  // Before the markers below (effects run in order): their offsets are into the new text, and placed on
  // the old one they would mark the wrong spots until the next keystroke.
  const { epoch, value } = props;
  useLayoutEffect(() => {
    if (ctrl.current && ctrl.current.getValue() !== latest.current.value) ctrl.current.setValue(latest.current.value);
  }, [epoch, state]);

  // A layout effect: the markers are part of the same update as the body (and of its measure). Markers
  // for a text the editor does not hold yet (its text arrives with the epoch) wait for it.
  const { diagnostics } = props;
  useLayoutEffect(() => {
    if (ctrl.current && ctrl.current.getValue() === value) ctrl.current.setDiagnostics(diagnostics);
  }, [diagnostics, value, state]);

  useEffect(() => {
    ctrl.current?.highlight(props.highlight ?? null);
  }, [props.highlight, state]);

  useEffect(() => {
    ctrl.current?.setLanguage(props.language);
  }, [props.language, state]);

  useEffect(() => {
    // The page's colours change with the theme a frame later; read them after that.
    if (state === 'ready') loadMonaco?.().then((m) => requestAnimationFrame(() => m.setDarkTheme(props.dark, background())));
  }, [props.dark, state, loadMonaco]);

  // A phone's first screen holds the call and its body: short calls get a short editor there.
  const narrow = typeof window !== 'undefined' && window.innerWidth < 640;
  const minPx = (narrow ? Math.min(2, props.minLines ?? 3) : (props.minLines ?? 3)) * LINE_PX + INSET_PX;
  const maxPx = typeof window === 'undefined' ? 600 : Math.max(minPx, Math.round(window.innerHeight * (props.maxViewport ?? 0.6)));
  // Monaco's own measure once it is up; before, the plain view sizes itself between the same bounds.
  const height = state === 'ready' && contentHeight !== null ? Math.min(maxPx, Math.max(minPx, contentHeight)) + 2 : undefined;
  const hl = props.highlight && props.highlight.end > props.highlight.start ? props.highlight : null;

  return (
    <div
      ref={frame}
      className={`pg-editor ${props.className ?? ''}`}
      data-testid={props.testId}
      data-editor={state}
      style={height !== undefined ? { height } : { minHeight: minPx + 2, maxHeight: maxPx + 2 }}
    >
      {/* Laid out, unseen, while Monaco loads: an editor made in a hidden host measures its text at no width and
          wraps it into hundreds of lines, so the frame grew to its bound for a frame and pushed the body down. */}
      <div ref={host} className="pg-editor-host" hidden={state === 'failed'} data-pending={state === 'loading' ? '' : undefined} />
      {state === 'loading' && (
        // The text at once, read-only, while Monaco loads: the body beside it is already the engine's.
        <pre className="pg-editor-plain" role="textbox" aria-readonly="true" aria-multiline="true" aria-label={props.ariaLabel} tabIndex={0} data-testid={`${props.testId}-plain`}>
          {hl ? (
            <>
              {props.value.slice(0, hl.start)}
              <mark className="pg-span-highlight">{props.value.slice(hl.start, hl.end)}</mark>
              {props.value.slice(hl.end)}
            </>
          ) : (
            props.value || <span className="pg-editor-placeholder">{props.placeholder}</span>
          )}
        </pre>
      )}
      {state === 'failed' && (
        <>
          <textarea
            key={props.epoch}
            ref={textarea}
            className="pg-editor-fallback"
            defaultValue={props.value}
            aria-label={props.ariaLabel}
            spellCheck={false}
            autoCapitalize="off"
            autoComplete="off"
            onChange={(e) => props.onChange(e.target.value)}
          />
          <p className="pg-editor-note">The full editor could not load; this plain one checks the same way.</p>
        </>
      )}
    </div>
  );
});
