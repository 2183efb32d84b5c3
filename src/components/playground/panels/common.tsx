// Small pieces the panels share: copying, token counts, JSON shown as coloured text. Every text goes through
// React, so a call holding markup is shown as text and never runs.
import { useEffect, useState, type ReactNode } from 'react';
import type { Json } from '../../../engine/types';
import { tokenizeJson } from '../views/json-tokens';
import { countTokens } from '../workers/tokens';
// Copying is shared with the docs pages' copy buttons.
import { copyText } from '../../clipboard';

export { copyText };

export function useTokenCount(text: string | null): { count: number | null; failed: boolean } {
  const [state, setState] = useState<{ text: string | null; count: number | null; failed: boolean }>({ text: null, count: null, failed: false });
  useEffect(() => {
    if (text === null) return;
    let live = true;
    countTokens([text]).then(
      ([count]) => live && setState({ text, count, failed: false }),
      () => live && setState({ text, count: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [text]);
  if (state.text !== text) return { count: null, failed: false };
  return { count: state.count, failed: state.failed };
}

export function TokenCount({ text, testId }: { text: string; testId: string }) {
  const { count, failed } = useTokenCount(text);
  const bytes = new TextEncoder().encode(text).length;
  return (
    <span className="pg-count" data-testid={testId} data-tokens={count ?? ''} title="Tokens counted with o200k_base, the encoding of GPT-4o and later models">
      {failed ? 'tokens unavailable' : count === null ? 'counting tokens…' : `${count} ${count === 1 ? 'token' : 'tokens'}`}
      <span className="pg-count-bytes"> · {bytes} bytes</span>
    </span>
  );
}

export function CopyButton({ text, label, testId, onCopied, className }: { text: string | (() => string); label: string; testId?: string; onCopied?: (ok: boolean) => void; className?: string }) {
  const [done, setDone] = useState<'idle' | 'ok' | 'failed'>('idle');
  useEffect(() => {
    if (done === 'idle') return;
    const t = setTimeout(() => setDone('idle'), 1600);
    return () => clearTimeout(t);
  }, [done]);
  return (
    <button
      type="button"
      className={className ?? 'pg-button pg-button-small'}
      data-testid={testId}
      onClick={() =>
        copyText(typeof text === 'function' ? text() : text).then((ok) => {
          setDone(ok ? 'ok' : 'failed');
          onCopied?.(ok);
        })
      }
    >
      {done === 'ok' ? 'Copied' : done === 'failed' ? 'Copy failed' : label}
    </button>
  );
}

/** JSON, indented and coloured by token, as React text (never HTML); a line breaks only between tokens. */
export function JsonView({ value, className, testId }: { value: Json; className?: string; testId?: string }) {
  const text = JSON.stringify(value, null, 2) ?? 'undefined';
  return (
    <pre className={`pg-code pg-json ${className ?? ''}`} data-testid={testId} tabIndex={0}>
      {tokenizeJson(text).map((t, i) => tokenNode(t.kind, t.text, i))}
    </pre>
  );
}

/** One token as a span of its kind; white space stays plain text. */
export function tokenNode(kind: string, text: string, key: number): ReactNode {
  return kind === 'space' ? text : (
    <span key={key} className={`j-${kind}`}>
      {text}
    </span>
  );
}

/** Closes a menu on a click outside it or on Escape. */
export function useDismiss(open: boolean, close: () => void, root: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) close();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, close, root]);
}

export function lineCol(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return `line ${line}, column ${column}`;
}

export const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);
export const MOD = IS_MAC ? '⌘' : 'Ctrl';
