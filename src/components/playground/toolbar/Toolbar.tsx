// The toolbar: what to check against (tabs), the pack and tool pickers, examples, the session menu, and the link.
import type { ReactNode } from 'react';
import { Combobox, type ComboOption } from './Combobox';
import { MOD } from '../panels/common';
import type { View } from '../session/session';

interface Props {
  mode: 'pack' | 'custom';
  view: View;
  /** "edited" or "problem" on the State tab, when the checks read an edit. */
  stateBadge: 'edited' | 'broken' | null;
  packs: ComboOption[];
  pack: string;
  tools: ComboOption[];
  /** The picked tool ('' for the call's own), and what the call names when none is picked. */
  tool: string;
  calledTool: string | null;
  toolsReady: boolean;
  status: string;
  onMode(mode: 'pack' | 'custom'): void;
  onView(view: View): void;
  onPack(id: string): void;
  onTool(name: string): void;
  onShare(): void;
  /** The examples and session menus, and the help. */
  menus: ReactNode;
  help: ReactNode;
}

export function Toolbar(p: Props) {
  const tab = (id: string, label: ReactNode, selected: boolean, onClick: () => void, testId: string) => (
    <button type="button" role="tab" id={id} aria-selected={selected} aria-controls="pg-source" data-testid={testId} onClick={onClick}>
      {label}
    </button>
  );
  return (
    <div className="pg-toolbar">
      <div className="pg-tabs" role="tablist" aria-label="What to check">
        {tab('pg-tab-pack', 'Pack tools', p.view === 'call' && p.mode === 'pack', () => p.onMode('pack'), 'tab-pack')}
        {tab('pg-tab-custom', 'Your tools', p.view === 'call' && p.mode === 'custom', () => p.onMode('custom'), 'tab-custom')}
        {tab(
          'pg-tab-state',
          <>
            State
            {p.stateBadge && (
              <span className={`pg-tab-badge pg-tab-badge-${p.stateBadge}`} data-testid="state-badge">
                {p.stateBadge === 'edited' ? 'edited' : 'problem'}
              </span>
            )}
          </>,
          p.view === 'state',
          () => p.onView('state'),
          'tab-state',
        )}
        {tab('pg-tab-replay', 'Replay', p.view === 'replay', () => p.onView('replay'), 'tab-replay')}
      </div>
      <div className="pg-pickers">
        {p.mode === 'pack' && <Combobox label="Pack" testId="pack-select" value={p.pack} options={p.packs} onChange={p.onPack} className="pg-combo-pack" />}
        <Combobox
          label="Tool"
          testId="tool-select"
          value={p.tool}
          options={[{ value: '', label: p.calledTool ? `From the call: ${p.calledTool}` : 'From the call' }, ...p.tools]}
          emptyLabel={p.calledTool ? `From the call: ${p.calledTool}` : 'From the call'}
          onChange={p.onTool}
          disabled={!p.toolsReady}
          className="pg-combo-tool"
        />
      </div>
      <div className="pg-actions">
        {p.menus}
        <span className="pg-status" role="status" aria-live="polite" data-testid="status">
          {p.status}
        </span>
        <button type="button" className="pg-button pg-button-primary" data-testid="share-button" onClick={p.onShare} title={`Copy a link to this exact state (${MOD}+S)`}>
          Copy link
        </button>
        {p.help}
      </div>
    </div>
  );
}
