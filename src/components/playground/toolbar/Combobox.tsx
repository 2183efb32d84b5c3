// A searchable picker that stays quick with thousands of options: an input with a filtered list under it
// (the ARIA 1.2 combobox pattern with list autocomplete). Only the first matches are rendered; typing
// narrows them. Arrow keys move through the list, Enter picks, Escape closes and keeps the choice.
import { useEffect, useId, useMemo, useRef, useState } from 'react';

export interface ComboOption {
  value: string;
  label: string;
  /** A second line: a vendor and a count, a tool's summary. Searched as well. */
  detail?: string;
}

interface Props {
  label: string;
  testId: string;
  value: string;
  options: ComboOption[];
  onChange(value: string): void;
  disabled?: boolean;
  /** What the closed input shows for the value '' (the tool picker's "From the call"). */
  emptyLabel?: string;
  className?: string;
}

/** How many matches are rendered at once; the count of the rest is said, and typing narrows them. */
export const RENDER_MAX = 60;

/** Matches for a query: names that start with it first, then names that contain it, then details that contain it. */
export function filterOptions(options: readonly ComboOption[], query: string): ComboOption[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...options];
  const starts: ComboOption[] = [];
  const contains: ComboOption[] = [];
  const inDetail: ComboOption[] = [];
  // Words of the query may come in any order ("list refunds" finds list_refunds and refunds_list).
  const words = q.split(/[\s_.-]+/).filter(Boolean);
  for (const o of options) {
    const name = `${o.label} ${o.value}`.toLowerCase();
    if (name.startsWith(q) || o.value.toLowerCase().startsWith(q)) starts.push(o);
    else if (name.includes(q) || words.every((w) => name.includes(w))) contains.push(o);
    else if (o.detail && words.every((w) => o.detail!.toLowerCase().includes(w))) inDetail.push(o);
  }
  return [...starts, ...contains, ...inDetail];
}

export function Combobox({ label, testId, value, options, onChange, disabled, emptyLabel, className }: Props) {
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const selected = options.find((o) => o.value === value);
  const shown = selected ? selected.label : value === '' ? (emptyLabel ?? '') : value;
  const matches = useMemo(() => (open ? filterOptions(options, query) : []), [open, options, query]);
  const rendered = matches.slice(0, RENDER_MAX);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) close();
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  });

  useEffect(() => {
    list.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active, open]);

  const close = () => {
    setOpen(false);
    setQuery('');
  };
  const openList = () => {
    if (disabled) return;
    setOpen(true);
    setQuery('');
    const at = options.findIndex((o) => o.value === value);
    setActive(at >= 0 && at < RENDER_MAX ? at : 0);
  };
  const pick = (o: ComboOption | undefined) => {
    if (o) onChange(o.value);
    close();
  };

  return (
    <div className={`pg-combo ${className ?? ''}`} ref={root}>
      <label className="pg-combo-label" htmlFor={id}>
        {label}
      </label>
      <div className="pg-combo-field">
        <input
          ref={input}
          id={id}
          type="text"
          role="combobox"
          className="pg-combo-input"
          data-testid={testId}
          data-value={value}
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && rendered[active] ? `${id}-o${active}` : undefined}
          autoComplete="off"
          spellCheck={false}
          disabled={disabled}
          value={open ? query : shown}
          placeholder={open ? `Search ${options.length.toLocaleString('en')}…` : undefined}
          title={shown}
          onFocus={(e) => e.currentTarget.select()}
          onClick={() => !open && openList()}
          onChange={(e) => {
            if (!open) setOpen(true);
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
              e.preventDefault();
              if (!open) return openList();
              const n = rendered.length;
              if (n) setActive((a) => (e.key === 'ArrowDown' ? Math.min(n - 1, a + 1) : Math.max(0, a - 1)));
            } else if (e.key === 'Enter') {
              if (open) {
                e.preventDefault();
                pick(rendered[active]);
              }
            } else if (e.key === 'Escape') {
              if (open) {
                e.preventDefault();
                e.stopPropagation();
                close();
              }
            } else if (e.key === 'Tab') {
              close();
            }
          }}
        />
        <span className="pg-combo-caret" aria-hidden="true" onMouseDown={(e) => (e.preventDefault(), open ? close() : (input.current?.focus(), openList()))}>
          ▾
        </span>
      </div>
      {/* The listbox is always in the page (empty while closed), so aria-controls names an element. */}
      <div className="pg-combo-panel" hidden={!open}>
        <ul ref={list} id={listId} role="listbox" aria-label={label} className="pg-combo-list" data-testid={`${testId}-list`}>
          {rendered.map((o, i) => (
            <li
              key={o.value}
              id={`${id}-o${i}`}
              role="option"
              data-index={i}
              data-value={o.value}
              aria-selected={i === active}
              className={`pg-combo-option ${o.value === value ? 'pg-combo-current' : ''}`}
              onMouseDown={(e) => e.preventDefault()}
              onMouseMove={() => setActive(i)}
              onClick={() => pick(o)}
            >
              <span className="pg-combo-option-label">{o.label}</span>
              {o.detail && <span className="pg-combo-option-detail">{o.detail}</span>}
            </li>
          ))}
        </ul>
        {open && (
          <p className="pg-combo-count" data-testid={`${testId}-count`}>
            {matches.length === 0
              ? 'Nothing matches.'
              : matches.length > rendered.length
                ? `${rendered.length} of ${matches.length.toLocaleString('en')} shown: type to narrow.`
                : `${matches.length.toLocaleString('en')} ${matches.length === 1 ? 'match' : 'matches'}.`}
          </p>
        )}
      </div>
    </div>
  );
}
