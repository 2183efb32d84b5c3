// A code editor that is usable at once: a plain textarea until Monaco has loaded (lazily, by dynamic
// import), then Monaco in its place with the same text. If Monaco cannot load, the textarea stays.
import { forwardRef, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState } from 'react';
import type { Diagnostic } from './diagnostics';
import type { EditorController } from './monaco-setup';

type MonacoModule = typeof import('./monaco-setup');

let monacoPromise: Promise<MonacoModule> | null = null;

/** Loads Monaco once for the page. */
export function loadMonaco(): Promise<MonacoModule> {
  monacoPromise ??= import('./monaco-setup').catch((err) => {
    monacoPromise = null;
    throw err;
  });
  return monacoPromise;
}

export interface CodeEditorHandle {
  getValue(): string;
  setValue(text: string): void;
  replaceRange(start: number, end: number, text: string): void;
  reveal(offset: number): void;
  focus(): void;
}

interface Props {
  initialValue: string;
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
  /** Monaco starts loading only when this turns true (after the checker, which matters more). */
  loadRich: boolean;
}

export const CodeEditor = forwardRef<CodeEditorHandle, Props>(function CodeEditor(props, ref) {
  const host = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const background = () => (frame.current ? getComputedStyle(frame.current).backgroundColor : undefined);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const ctrl = useRef<EditorController | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const latest = useRef(props);
  latest.current = props;

  useImperativeHandle(ref, () => ({
    getValue: () => ctrl.current?.getValue() ?? textarea.current?.value ?? '',
    setValue(text) {
      if (ctrl.current) ctrl.current.setValue(text);
      else if (textarea.current) textarea.current.value = text;
    },
    replaceRange(start, end, text) {
      if (ctrl.current) ctrl.current.replaceRange(start, end, text);
      else if (textarea.current) {
        const t = textarea.current;
        t.value = t.value.slice(0, start) + text + t.value.slice(end);
        latest.current.onChange(t.value);
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

  useEffect(() => {
    if (!props.loadRich) return;
    let disposed = false;
    loadMonaco()
      .then((m) => {
        if (disposed || !host.current) return;
        m.setDarkTheme(latest.current.dark, background());
        const hadFocus = document.activeElement === textarea.current;
        const text = textarea.current?.value ?? latest.current.initialValue;
        ctrl.current = m.createEditor(host.current, {
          value: text,
          modelUri: latest.current.modelUri,
          language: latest.current.language,
          ariaLabel: latest.current.ariaLabel,
          placeholder: latest.current.placeholder,
          onChange: (t) => latest.current.onChange(t),
        });
        ctrl.current.setDiagnostics(latest.current.diagnostics);
        setState('ready');
        if (hadFocus) ctrl.current.focus();
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
  }, [props.loadRich]);

  // A layout effect: the markers are part of the same update as the body (and of its measure).
  useLayoutEffect(() => {
    ctrl.current?.setDiagnostics(props.diagnostics);
  }, [props.diagnostics, state]);

  useEffect(() => {
    ctrl.current?.setLanguage(props.language);
  }, [props.language, state]);

  useEffect(() => {
    // The page's colours change with the theme a frame later; read them after that.
    if (state === 'ready') loadMonaco().then((m) => requestAnimationFrame(() => m.setDarkTheme(props.dark, background())));
  }, [props.dark, state]);

  return (
    <div ref={frame} className={`pg-editor ${props.className ?? ''}`} data-testid={props.testId} data-editor={state}>
      <div ref={host} className="pg-editor-host" hidden={state !== 'ready'} />
      {state !== 'ready' && (
        <textarea
          ref={textarea}
          className="pg-editor-fallback"
          defaultValue={props.initialValue}
          aria-label={props.ariaLabel}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
      {state === 'failed' && <p className="pg-editor-note">The full editor could not load; this plain one checks the same way.</p>}
    </div>
  );
});
