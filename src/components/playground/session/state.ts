// The playground's shareable state and its link form: the URL edge of the session (session.ts). Pure, so
// restoring a link is unit-tested.
import { decodeShareState, encodeShareState, readShareObject, type ShareState } from '../../../share-link';
import { DEFAULT_EXAMPLE } from '../examples/first-example';

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
  /** A transcript or list of calls for the Replay tab, as pasted ('' or absent: none). */
  replay?: string;
  /** A server's reply for the "Grade a reply" panel, as pasted ('' or absent: none). */
  reply?: string;
}

/** The pack id a link uses for pasted tool definitions. */
export const CUSTOM_PACK_ID = 'custom';

/** A notice's words: prose, and values from a link or a file (a pack, a tool, a file name) kept apart from it. */
export type NoticePart = string | { value: string };

export interface Notice {
  kind: 'error' | 'info';
  /** Prose only; a value the link or file carries is a `{ value }` part, shown quoted in code style (Notices.tsx). */
  text: string | readonly NoticePart[];
}

/** How much of a link's or file's value a notice shows: a name is short, and a hostile one need not fill the page. */
export const NOTICE_VALUE_MAX = 60;

/** A link's or file's value as a notice shows it: cut at NOTICE_VALUE_MAX characters, quoted, its newlines and quotes escaped. */
export function quotedValue(value: string, max = NOTICE_VALUE_MAX): string {
  const chars = [...value];
  return JSON.stringify(chars.length > max ? chars.slice(0, max).join('') + '…' : value);
}

/** A notice's words as plain text, each value quoted (what a screen reader and the tests read). */
export function noticeText(n: Notice): string {
  return typeof n.text === 'string' ? n.text : n.text.map((p) => (typeof p === 'string' ? p : quotedValue(p.value))).join('');
}

/** The address that opens the playground on the default example, without the session kept from the last visit. */
export const RESET_HASH = '#reset';

export function defaultState(): PlaygroundState {
  return { mode: 'pack', pack: DEFAULT_EXAMPLE.pack, tool: '', call: DEFAULT_EXAMPLE.call, tools: '' };
}

export interface FromLink {
  state: PlaygroundState;
  notice?: Notice;
  /** The link could not be read as it is: leave it in the address bar until the user edits, so it can be inspected. */
  damaged?: boolean;
  /** The address was #reset: the default example, and no kept session. */
  reset?: boolean;
}

/** Reads a location hash. A bad link gives the default example and a notice that says what was wrong. */
export function stateFromHash(hash: string, packIds: readonly string[]): FromLink {
  if (hash === RESET_HASH) return { state: defaultState(), reset: true };
  const decoded = decodeShareState(hash);
  if (decoded.ok === 'empty') return { state: defaultState() };
  if (decoded.ok === false) return { state: defaultState(), notice: { kind: 'error', text: `${decoded.reason} The default example is loaded instead.` }, damaged: true };
  return fromShareState(decoded.state, packIds, 'link');
}

/** A share state (from a link or a session file) as the playground's state, with a notice for a pack the site lacks. */
export function fromShareState(s: ShareState, packIds: readonly string[], what: 'link' | 'file'): FromLink {
  const replay = { ...(s.replay ? { replay: s.replay } : {}), ...(s.reply ? { reply: s.reply } : {}) };
  if (s.pack === CUSTOM_PACK_ID || s.tools !== undefined) {
    return { state: { mode: 'custom', pack: defaultState().pack, tool: s.tool ?? '', call: s.call, tools: s.tools ?? '', packState: s.state, ...replay } };
  }
  if (!packIds.includes(s.pack)) {
    const fallback = defaultState().pack;
    return {
      state: { mode: 'pack', pack: fallback, tool: '', call: s.call, tools: '', packState: s.state, ...replay },
      notice: { kind: 'error', text: [`This ${what} names the pack `, { value: s.pack }, `, which this site does not have. Its call is checked against ${fallback} instead.`] },
      damaged: true,
    };
  }
  return { state: { mode: 'pack', pack: s.pack, tool: s.tool ?? '', call: s.call, tools: '', packState: s.state, ...replay } };
}

export function shareStateOf(s: PlaygroundState): ShareState {
  const replay = { ...(s.replay ? { replay: s.replay } : {}), ...(s.reply ? { reply: s.reply } : {}) };
  if (s.mode === 'custom') return { pack: CUSTOM_PACK_ID, tool: s.tool || undefined, call: s.call, tools: s.tools, ...replay };
  return { pack: s.pack, tool: s.tool || undefined, call: s.call, state: s.packState, ...replay };
}

export function hashOf(s: PlaygroundState): string {
  return encodeShareState(shareStateOf(s));
}

/**
 * A notice for a link whose tool (the picker's, for bare arguments) is not in the pack, once the pack has
 * loaded: said, not dropped. null when the tool is there or none was named.
 */
export function missingToolNotice(tool: string, toolNames: readonly string[] | null, packTitle: string): Notice | null {
  if (!tool || toolNames === null || toolNames.includes(tool)) return null;
  return { kind: 'error', text: ['The tool ', { value: tool }, ` is not in ${packTitle}, so the call is read without it: pick a tool, or name one in the call.`] };
}

export { readShareObject };
