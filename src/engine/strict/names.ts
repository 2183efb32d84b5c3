// The names each target takes, for tools and for parameters, and how a name that does not fit is made to:
// characters replaced, then shortened with a stable hash suffix. fromStrictCall() (undo.ts) maps them back.
import type { StrictTarget } from './targets';

// [OAI-API] and Anthropic's 400 "String should match pattern '^[a-zA-Z0-9_-]{1,64}$'" (apify/tester-mcp-client#11,
// 2025-03); later reports quote {1,128} (home-assistant/core#147760). The stricter 64 is kept.
const OPENAI_ANTHROPIC_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
// [GEM-FD] "Must start with a letter or an underscore. Must be a-z, A-Z, 0-9, or contain underscores, dots
// and dashes, with a maximum length of 64."
const GEMINI_NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;
// [GEM-FD] "Parameter names must start with a letter or an underscore and must only contain chars a-z, A-Z,
// 0-9, or underscores with a maximum length of 64." Applied at every depth (conservative).
const GEMINI_PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** FNV-1a, for short stable suffixes on shortened names. */
function hash8(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

function shorten(name: string, max: number): string {
  return name.length <= max ? name : `${name.slice(0, max - 9)}_${hash8(name)}`;
}

/** The tool's name as the target accepts it: unchanged when it fits, else made to fit (and shortened). */
export function strictToolName(name: string, target: StrictTarget): string {
  if (target === 'gemini') {
    if (GEMINI_NAME.test(name)) return name;
    let n = name.replace(/[^A-Za-z0-9_.-]/g, '_');
    if (!/^[A-Za-z_]/.test(n)) n = `_${n}`;
    return shorten(n, 64);
  }
  if (OPENAI_ANTHROPIC_NAME.test(name)) return name;
  return shorten(name.replace(/[^a-zA-Z0-9_-]/g, '_') || '_', 64);
}

/** Sibling property names as Gemini takes them: original -> renamed (identity when a name fits). */
export function geminiPropertyNames(names: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  const taken = new Set(names.filter((n) => GEMINI_PARAM_NAME.test(n)));
  for (const name of names) {
    if (GEMINI_PARAM_NAME.test(name)) {
      out.set(name, name);
      continue;
    }
    let n = name.replace(/[^A-Za-z0-9_]/g, '_');
    if (!/^[A-Za-z_]/.test(n)) n = `_${n}`;
    n = shorten(n, 64);
    let candidate = n;
    for (let i = 2; taken.has(candidate); i++) candidate = shorten(`${n}_${i}`, 64);
    taken.add(candidate);
    out.set(name, candidate);
  }
  return out;
}
