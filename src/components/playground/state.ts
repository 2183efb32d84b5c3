// The playground's state and its share-link form. Pure, so restoring a link is unit-tested.
import { decodeShareState, encodeShareState, type ShareState } from '../../share-link';
import { DEFAULT_EXAMPLE } from './examples';

export interface PlaygroundState {
  /** Check against one of the site's packs, or against tool definitions the user pasted. */
  mode: 'pack' | 'custom';
  pack: string;
  /** The tool for calls that name none; '' means "from the call". */
  tool: string;
  call: string;
  /** Custom tool definitions, as typed. */
  tools: string;
  /** A pack state carried by the link (ordered checks); kept so a link survives a round trip. */
  packState?: string;
}

/** The pack id a link uses for pasted tool definitions. */
export const CUSTOM_PACK_ID = 'custom';

export interface Notice {
  kind: 'error' | 'info';
  text: string;
}

export function defaultState(): PlaygroundState {
  return { mode: 'pack', pack: DEFAULT_EXAMPLE.pack, tool: '', call: DEFAULT_EXAMPLE.call, tools: '' };
}

/** Reads a location hash. A bad link gives the default example and a notice that says what was wrong. */
export function stateFromHash(hash: string, packIds: readonly string[]): { state: PlaygroundState; notice?: Notice } {
  const decoded = decodeShareState(hash);
  if (decoded.ok === 'empty') return { state: defaultState() };
  if (decoded.ok === false) return { state: defaultState(), notice: { kind: 'error', text: `${decoded.reason} The default example is loaded instead.` } };
  const s = decoded.state;
  if (s.pack === CUSTOM_PACK_ID || s.tools !== undefined) {
    return { state: { mode: 'custom', pack: defaultState().pack, tool: s.tool ?? '', call: s.call, tools: s.tools ?? '', packState: s.state } };
  }
  if (!packIds.includes(s.pack)) {
    const fallback = defaultState().pack;
    return {
      state: { mode: 'pack', pack: fallback, tool: '', call: s.call, tools: '', packState: s.state },
      notice: { kind: 'error', text: `This link names the pack "${s.pack}", which this site does not have. Its call is checked against ${fallback} instead.` },
    };
  }
  return { state: { mode: 'pack', pack: s.pack, tool: s.tool ?? '', call: s.call, tools: '', packState: s.state } };
}

export function shareStateOf(s: PlaygroundState): ShareState {
  if (s.mode === 'custom') return { pack: CUSTOM_PACK_ID, tool: s.tool || undefined, call: s.call, tools: s.tools };
  return { pack: s.pack, tool: s.tool || undefined, call: s.call, state: s.packState };
}

export function hashOf(s: PlaygroundState): string {
  return encodeShareState(shareStateOf(s));
}
