// Tool names for imported operations. OpenAI (and so everyone who copies it) takes ^[a-zA-Z0-9_-]{1,64}$.
// A name keeps the vendor's own operationId as far as it can, because that is the name developers and
// models already know (`repos/create-for-authenticated-user` -> `repos_create-for-authenticated-user`,
// `calendar.events.list` -> `events_list`); it is shortened only when too long, by fixed rules, and a name
// that would collide gets a numbered suffix in document order, so the same spec always gives the same names.

export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
const TOOL_NAME_MAX = 64;

/** Long words and the short forms a shortened name uses, tried from the last word of the name backwards. */
const ABBREVIATIONS: Record<string, string> = {
  organization: 'org',
  organizations: 'orgs',
  repository: 'repo',
  repositories: 'repos',
  authenticated: 'authed',
  permissions: 'perms',
  permission: 'perm',
  configuration: 'config',
  configurations: 'configs',
  environment: 'env',
  environments: 'envs',
  application: 'app',
  applications: 'apps',
  definitions: 'defs',
  definition: 'def',
  information: 'info',
  administrator: 'admin',
  enterprise: 'ent',
  subscription: 'sub',
  subscriptions: 'subs',
  notification: 'notif',
  notifications: 'notifs',
  selected: 'sel',
  contributor: 'contrib',
  properties: 'props',
  property: 'prop',
  conflicting: 'confl',
  migration: 'migr',
  versions: 'vers',
  version: 'ver',
  package: 'pkg',
  packages: 'pkgs',
};

/** Every character outside the OpenAI set becomes `_`; runs of `_` collapse; no `_` at either end. */
export function sanitizeName(raw: string): string {
  return raw
    .replace(/[^a-zA-Z0-9_-]+/g, '_')
    .replace(/_{2,}/g, '_')
    .replace(/^[_-]+|[_-]+$/g, '');
}

/** A short stable hash (FNV-1a, base 36), for the last resort of shortening. */
function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36).padStart(7, '0').slice(-6);
}

/**
 * Fits a sanitized name into 64 characters: first the short forms of long words, from the end of the name
 * backwards (the verb and the resource at the front stay whole); then filler words go; and only if it is
 * still too long, a cut at a word boundary plus a hash of the whole name, so two long names never meet.
 */
export function shortenName(name: string, max = TOOL_NAME_MAX): { name: string; shortened: boolean } {
  if (name.length <= max) return { name, shortened: false };
  // Split keeping separators, so `repos_create-for-authenticated-user` keeps its `_` and `-`.
  const parts = name.split(/([_-])/);
  const join = () => parts.join('').replace(/([_-])[_-]+/g, '$1').replace(/^[_-]+|[_-]+$/g, '');
  for (let i = parts.length - 1; i >= 0 && join().length > max; i--) {
    const short = ABBREVIATIONS[parts[i].toLowerCase()];
    if (short && short.length < parts[i].length) parts[i] = matchCase(parts[i], short);
  }
  for (let i = parts.length - 1; i > 0 && join().length > max; i--) {
    if (['for', 'the', 'of', 'a', 'an', 'in', 'to', 'by', 'with', 'or', 'and'].includes(parts[i].toLowerCase())) {
      parts[i] = '';
    }
  }
  const fitted = join();
  if (fitted.length <= max) return { name: fitted, shortened: true };
  const hash = shortHash(name);
  let head = fitted.slice(0, max - hash.length - 1);
  const cut = Math.max(head.lastIndexOf('_'), head.lastIndexOf('-'));
  if (cut > max / 2) head = head.slice(0, cut);
  return { name: `${head.replace(/[_-]+$/, '')}_${hash}`, shortened: true };
}

function matchCase(original: string, short: string): string {
  if (original === original.toUpperCase()) return short.toUpperCase();
  if (original[0] === original[0].toUpperCase()) return short[0].toUpperCase() + short.slice(1);
  return short;
}

/** What a tool name is made from: the vendor's operation name, or the method and path when it has none. */
export function baseToolName(vendorName: string | undefined, method: string, path: string): string {
  const raw = vendorName && vendorName.trim() ? vendorName : `${method.toLowerCase()} ${path.replace(/[{}]/g, '')}`;
  return sanitizeName(raw) || method.toLowerCase();
}

export interface NamedOperation {
  name: string;
  /** The name before shortening and numbering. */
  from: string;
  shortened: boolean;
  /** Set when the name was taken and a number was added. */
  suffixed: boolean;
}

/**
 * Names for a list of operations, in order: each unique, each within 64 characters. Uniqueness is checked
 * case-sensitively, and also case-insensitively, because the engine absorbs a case variant of a tool name:
 * two tools that differ only in case would make that absorption ambiguous.
 */
export function assignToolNames(bases: readonly string[], reserved: Iterable<string> = []): NamedOperation[] {
  const taken = new Set<string>();
  for (const r of reserved) taken.add(r.toLowerCase());
  return bases.map((from) => {
    const first = shortenName(from);
    let name = first.name;
    let suffixed = false;
    for (let n = 2; taken.has(name.toLowerCase()); n++) {
      const suffix = `_${n}`;
      name = shortenName(from, TOOL_NAME_MAX - suffix.length).name + suffix;
      suffixed = true;
    }
    taken.add(name.toLowerCase());
    return { name, from, shortened: first.shortened, suffixed };
  });
}
