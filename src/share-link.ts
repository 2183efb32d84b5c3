// Share links are a public contract: `#v1/` + lz-string's compressToEncodedURIComponent(JSON.stringify(state)).
// The state lives in the hash, so a pasted call never reaches a server's logs. Documented in README.md.
// lz-string is CommonJS: Node's ESM loader (astro build's prerender, tsx) only sees its default export.
import LZString from 'lz-string';

const { compressToEncodedURIComponent, decompressFromEncodedURIComponent } = LZString;

export interface ShareState {
  pack: string;
  tool?: string;
  call: string;
  /** Custom tool definitions (OpenAI, Anthropic or MCP shape) as the user pasted them. */
  tools?: string;
  /** A pack state that differs from the pack's own (ordered checks). */
  state?: string;
}

export const SHARE_PREFIX = '#v1/';
/** Links longer than this get a warning before they are copied: some chat tools and browsers cut them. */
export const SHARE_WARN_BYTES = 8 * 1024;

export function encodeShareState(state: ShareState): string {
  const clean: ShareState = { pack: state.pack, call: state.call };
  if (state.tool) clean.tool = state.tool;
  if (state.tools) clean.tools = state.tools;
  if (state.state) clean.state = state.state;
  return SHARE_PREFIX + compressToEncodedURIComponent(JSON.stringify(clean));
}

export type DecodeResult = { ok: true; state: ShareState } | { ok: false; reason: string } | { ok: 'empty' };

/** Reads a location hash. Never throws: a bad link gives a reason a person can read. */
export function decodeShareState(hash: string): DecodeResult {
  if (!hash || hash === '#') return { ok: 'empty' };
  const m = /^#v(\d+)\/(.*)$/s.exec(hash);
  if (!m) return { ok: false, reason: 'This link is not a playground link: it should start with #v1/.' };
  if (m[1] !== '1') return { ok: false, reason: `This link uses format v${m[1]}, which this version of the playground does not know.` };
  let text: string | null = null;
  try {
    text = decompressFromEncodedURIComponent(m[2]);
  } catch {
    text = null;
  }
  if (!text) return { ok: false, reason: 'This link is damaged or cut short: its data could not be decompressed.' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'This link is damaged: its data is not valid JSON.' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, reason: 'This link is damaged: it holds no playground state.' };
  const v = value as Record<string, unknown>;
  if (typeof v.pack !== 'string' || typeof v.call !== 'string') return { ok: false, reason: 'This link is damaged: it lacks the pack or the call.' };
  for (const k of ['tool', 'tools', 'state'] as const) {
    if (v[k] !== undefined && typeof v[k] !== 'string') return { ok: false, reason: `This link is damaged: its ${k} is not text.` };
  }
  return { ok: true, state: { pack: v.pack, call: v.call, tool: v.tool as string | undefined, tools: v.tools as string | undefined, state: v.state as string | undefined } };
}
