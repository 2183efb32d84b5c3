// Share links are a public contract: `#v1/` + lz-string's compressToEncodedURIComponent(JSON.stringify(state)).
// The state lives in the hash, so a pasted call never reaches a server's logs. Documented in README.md.
// lz-string is CommonJS: Node's ESM loader (astro build's prerender, tsx) only sees its default export.
import LZString from 'lz-string';

const { compressToEncodedURIComponent, decompressFromEncodedURIComponent } = LZString;

export interface ShareState {
  pack: string;
  tool?: string;
  call: string;
  /** Custom tool definitions (OpenAI, Anthropic or MCP shape, or an OpenAPI or Discovery document) as the user pasted them. */
  tools?: string;
  /** A pack state that differs from the pack's own (ordered checks). */
  state?: string;
  /** A transcript or a list of calls for the Replay tab, as pasted. Optional: a link made without it still opens. */
  replay?: string;
  /** A server's own error reply, pasted into the "Grade a reply" panel. Optional, like replay. */
  reply?: string;
}

const SHARE_PREFIX = '#v1/';
/** Links longer than this get a warning before they are copied: some chat tools and browsers cut them. */
export const SHARE_WARN_BYTES = 8 * 1024;

const OPTIONAL_TEXT = ['tool', 'tools', 'state', 'replay', 'reply'] as const;

export function encodeShareState(state: ShareState): string {
  const clean: ShareState = { pack: state.pack, call: state.call };
  for (const k of OPTIONAL_TEXT) if (state[k]) clean[k] = state[k];
  return SHARE_PREFIX + compressToEncodedURIComponent(JSON.stringify(clean));
}

export type DecodeResult = { ok: true; state: ShareState } | { ok: false; reason: string } | { ok: 'empty' };

/**
 * Undoes the percent-encoding mail and chat tools apply to links (`%2F` for the slash after v1, `%2B`,
 * `%24`, sometimes twice over). lz-string's alphabet has no `%`, so decoding never changes a link that
 * was not encoded.
 */
function percentDecoded(hash: string): string {
  let h = hash;
  for (let i = 0; i < 3 && /%[0-9A-Fa-f]{2}/.test(h); i++) {
    try {
      h = decodeURIComponent(h);
    } catch {
      break;
    }
  }
  // A hash whose own `#` was encoded arrives as `#%23v1/…`, decoded above to `##v1/…`.
  return h.replace(/^#+/, '#');
}

/** Reads a location hash. Never throws: a bad link gives a reason a person can read. */
export function decodeShareState(rawHash: string): DecodeResult {
  if (!rawHash || rawHash === '#') return { ok: 'empty' };
  const hash = percentDecoded(rawHash);
  const m = /^#v(\d+)\/(.*)$/s.exec(hash);
  if (!m) return { ok: false, reason: 'This link is not a playground link: it should start with #v1/.' };
  if (m[1] !== '1') return { ok: false, reason: `This link uses format v${m[1]}, which this version of the playground does not know.` };
  let text: string | null = null;
  try {
    // Line breaks a mail client wrapped the link with are not part of it.
    text = decompressFromEncodedURIComponent(m[2].replace(/[\r\n\t]/g, ''));
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
  return readShareObject(value, 'link');
}

/** Checks a decoded object (from a link or a session file) and keeps only the fields of the format. */
export function readShareObject(value: unknown, what: 'link' | 'file'): DecodeResult {
  const it = what === 'link' ? 'This link' : 'This file';
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, reason: `${it} is damaged: it holds no playground state.` };
  const v = value as Record<string, unknown>;
  if (typeof v.pack !== 'string' || typeof v.call !== 'string') return { ok: false, reason: `${it} is damaged: it lacks the pack or the call.` };
  for (const k of OPTIONAL_TEXT) {
    if (v[k] !== undefined && typeof v[k] !== 'string') return { ok: false, reason: `${it} is damaged: its ${k} is not text.` };
  }
  const state: ShareState = { pack: v.pack, call: v.call, tool: v.tool as string | undefined, tools: v.tools as string | undefined, state: v.state as string | undefined };
  if (typeof v.replay === 'string') state.replay = v.replay;
  if (typeof v.reply === 'string') state.reply = v.reply;
  return { ok: true, state };
}
