// Every link the docs build goes through here, so the site works under any base path (BASE_PATH=/sub/).
import { CODES } from '../engine/faults/codes';
import { encodeShareState, type ShareState } from '../share-link';

/** The configured base path, always ending with a slash. */
export function basePath(): string {
  return (import.meta.env.BASE_URL ?? '/').replace(/\/?$/, '/');
}

/** A site path ("packs/stripe/") joined to the base path. */
export function siteHref(path = ''): string {
  return basePath() + path.replace(/^\//, '');
}

export function packHref(pack: string): string {
  return siteHref(`packs/${encodeURIComponent(pack)}/`);
}

export function toolHref(pack: string, tool: string): string {
  return siteHref(`packs/${encodeURIComponent(pack)}/${encodeURIComponent(tool)}/`);
}

/** A code's entry in the dictionary. Enum codes are listed per pack, so their anchor names the pack. */
export function codeHref(code: string, pack?: string): string {
  if (code in CODES) return siteHref(`errors/#${codeAnchor(code)}`);
  return siteHref(`errors/#${pack ? enumCodeAnchor(pack, code) : 'enum-codes'}`);
}

export function enumCodeAnchor(pack: string, code: string): string {
  return codeAnchor(`${pack}-${code}`);
}

/** The playground loaded with a call: the same #v1/ state a shared link carries. */
export function playgroundHref(state: ShareState): string {
  return siteHref('playground/') + encodeShareState(state);
}

/**
 * The anchor of a field's row. Dots stay, `[]` (array items) becomes `-item`, anything else outside
 * [A-Za-z0-9_.-] becomes `_`: `attendees[].email` -> `field-attendees-item.email`.
 */
export function fieldAnchor(path: string): string {
  return 'field-' + path.replace(/\[\]/g, '-item').replace(/[^A-Za-z0-9_.-]/g, '_');
}

export function codeAnchor(code: string): string {
  return code.replace(/[^A-Za-z0-9_-]/g, '_');
}

/** Vendor references are absolute URLs; the demo pack points at a page of this site ("/packs/helpdesk/"). */
export function referenceHref(reference: string): { href: string; external: boolean } {
  if (/^[a-z][a-z0-9+.-]*:/i.test(reference)) return { href: reference, external: true };
  return { href: siteHref(reference), external: false };
}
