// The error body: the page's hero. Indented by default, with a line broken only between JSON tokens;
// the exact bytes one click away; Copy always copies the exact bytes. Each entry's `field` is a button:
// hovering or focusing it marks the span of the call it is about and names the schema rule behind it.
import { useMemo, useRef, useState } from 'react';
import type { Json } from '../../../engine/types';
import { CopyButton, TokenCount, tokenNode } from './common';
import { tokenizeJson, type JsonToken } from '../views/json-tokens';

export interface EntrySource {
  /** The body's field, as the body writes it. */
  field: string;
  /** The rule that produced the entry: the schema keyword and path, the ordered check, or the parse stage's reason. */
  rule: string;
}

interface Props {
  bytes: string;
  body: Json;
  /** The source of each entry, in the body's order (faultEntries). */
  sources: EntrySource[];
  /** The entry whose field is hovered or focused; null: none. */
  active: number | null;
  onActive(entry: number | null): void;
  /** Puts the editor's cursor on the entry's span. */
  onReveal(entry: number): void;
}

export function BodyPanel({ bytes, body, sources, active, onActive, onReveal }: Props) {
  const [view, setView] = useState<'indented' | 'exact'>('indented');
  // The pointer and the keyboard each hold an entry: the latest to arrive is shown, and when one leaves the
  // other's comes back rather than the mark being cleared.
  const hovered = useRef<number | null>(null);
  const focused = useRef<number | null>(null);
  const indented = useMemo(() => tokenizeJson(JSON.stringify(body, null, 2)), [body]);
  const exact = useMemo(() => tokenizeJson(bytes), [bytes]);
  const source = active !== null ? sources[active] : undefined;
  const render = (tokens: JsonToken[], breaks: boolean) =>
    tokens.map((t, i) => {
      if (t.entry !== undefined && sources[t.entry]) {
        const entry = t.entry;
        return (
          <button
            key={i}
            type="button"
            className={`j-str pg-body-field ${active === entry ? 'pg-body-field-active' : ''}`}
            data-body-field={sources[entry].field}
            data-entry={entry}
            aria-describedby="pg-field-rule"
            onMouseEnter={() => onActive((hovered.current = entry))}
            onMouseLeave={() => {
              hovered.current = null;
              onActive(focused.current);
            }}
            onFocus={() => onActive((focused.current = entry))}
            onBlur={() => {
              focused.current = null;
              onActive(hovered.current);
            }}
            onClick={() => onReveal(entry)}
          >
            {t.text}
          </button>
        );
      }
      // In the one-line bytes, a line may break after a comma or a colon: between tokens, never inside one.
      if (breaks && t.kind === 'punct' && (t.text === ',' || t.text === ':')) return [tokenNode(t.kind, t.text, i), <wbr key={`w${i}`} />];
      return tokenNode(t.kind, t.text, i);
    });
  return (
    <section className="pg-panel pg-panel-body" aria-labelledby="pg-body-h">
      <header className="pg-panel-head">
        <h2 id="pg-body-h">Error body</h2>
        <TokenCount text={bytes} testId="token-count" />
        <div className="pg-panel-tools">
          {/* Indented is for reading; the exact bytes, what the model is handed, are one press away. */}
          <button type="button" className="pg-button pg-button-small pg-toggle" aria-pressed={view === 'exact'} onClick={() => setView((v) => (v === 'exact' ? 'indented' : 'exact'))} data-testid="body-exact">
            Exact bytes
          </button>
          <CopyButton text={bytes} label="Copy" testId="copy-body" />
        </div>
      </header>
      <pre className="pg-code pg-json pg-body-json" data-testid="error-body-pretty" hidden={view !== 'indented'}>
        {render(indented, false)}
      </pre>
      <pre className="pg-code pg-json pg-bytes" data-testid="error-body" hidden={view !== 'exact'} tabIndex={view === 'exact' ? 0 : -1}>
        {render(exact, true)}
      </pre>
      <p className="pg-field-rule" id="pg-field-rule" data-testid="field-rule" aria-live="polite">
        {source ? (
          <>
            <code>{source.field || '(the call)'}</code> comes from {source.rule}
          </>
        ) : sources.length > 0 ? (
          <span className="pg-meta-note">Point at a field to see its place in the call and the rule behind it. Copy gives the exact bytes.</span>
        ) : (
          <span className="pg-meta-note">Copy gives the exact bytes.</span>
        )}
      </p>
    </section>
  );
}
