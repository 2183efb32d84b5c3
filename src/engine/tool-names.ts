// Tool names a call gets wrong. A name that differs from a declared one only in case, separators, word
// order or a plural (`updateTicket`, `events.insert`, `refunds.create`) has one reading, so it is absorbed
// and reported like a field name. Any other near name is only offered, and never across verbs: a model
// that asked to update must not be handed a tool that creates or deletes.
import { words } from './absorb';
import { closest } from './suggest';

// Verbs that mean the same operation. A verb outside every group is its own group.
const VERB_GROUPS: readonly (readonly string[])[] = [
  ['create', 'insert', 'add', 'new', 'make', 'post'],
  ['get', 'retrieve', 'fetch', 'read', 'show', 'describe', 'view'],
  ['update', 'patch', 'modify', 'edit', 'change', 'set', 'put'],
  ['delete', 'remove', 'destroy', 'del', 'trash', 'erase'],
  ['list', 'all', 'index'],
  ['search', 'find', 'query', 'lookup'],
  ['move', 'transfer'],
  ['assign'],
  ['cancel'],
  ['close'],
  ['send'],
];

const GROUP_OF = new Map<string, number>();
VERB_GROUPS.forEach((g, i) => g.forEach((v) => GROUP_OF.set(v, i)));

/** `Refunds` -> `refund`: enough of English plurals for resource names. */
function singular(w: string): string {
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) return w.slice(0, -1);
  return w;
}

function nameWords(name: string): string[] {
  return words(name.replace(/[./:]+/g, ' ')).map(singular);
}

/** The verb group of a tool name: its first verb word (`events_insert` -> create group); null when none is. */
function verbGroup(ws: readonly string[]): number | null {
  for (const w of ws) {
    const g = GROUP_OF.get(w);
    if (g !== undefined) return g;
  }
  return null;
}

/** The words that are not the verb: what the tool acts on. */
function objectWords(ws: readonly string[]): string[] {
  return ws.filter((w) => !GROUP_OF.has(w));
}

function key(ws: readonly string[]): string {
  return [...ws].sort().join(' ');
}

export type ToolNameMatch = { kind: 'variant'; to: string } | { kind: 'near'; candidates: string[] };

/** How a name that is not a declared tool relates to the declared ones. */
export function matchToolName(received: string, declared: readonly string[]): ToolNameMatch {
  const ws = nameWords(received);
  const k = key(ws);
  const variants = declared.filter((d) => key(nameWords(d)) === k);
  if (ws.length > 0 && variants.length === 1) return { kind: 'variant', to: variants[0] };
  const group = verbGroup(ws);
  const sameVerb = (d: string) => {
    const g = verbGroup(nameWords(d));
    return group === null || g === null || g === group;
  };
  const near = closest(received, declared).filter(sameVerb);
  if (near.length) return { kind: 'near', candidates: near };
  // The same operation on the same thing under the vendor's other verb: events_create -> events_insert.
  if (group !== null) {
    const object = key(objectWords(ws));
    const synonyms = declared.filter((d) => {
      const dw = nameWords(d);
      return verbGroup(dw) === group && key(objectWords(dw)) === object;
    });
    if (synonyms.length) return { kind: 'near', candidates: synonyms.slice(0, 3) };
  }
  return { kind: 'near', candidates: [] };
}

/** The tools worth naming when none is near: those that act on the same thing, else all of them. */
export function toolsToList(received: string, declared: readonly string[], max = 12): string[] {
  if (declared.length <= max) return [...declared];
  const object = new Set(objectWords(nameWords(received)));
  return declared.filter((d) => objectWords(nameWords(d)).some((w) => object.has(w))).slice(0, max);
}
