// Named value sets a pack can fill an enum from (`x-value-set`), taken from registry packages rather than
// typed by hand, so that hundreds of codes and their names stay right without anyone maintaining them.
// Each registry is its own module under ../registries/; this module only keeps the table of those loaded, so
// importing the engine loads none of them. Node entry points register them all (../registries/all.ts); the
// playground loads only those the pack it compiles names (../registries/index.ts).
import type { Json } from '../types';

export interface ValueSet {
  /** The name a pack writes in x-value-set. */
  name: string;
  values: string[];
  /** Lower-cased name -> the one permitted value it means; a name that means several is left out. */
  aliases: Record<string, string>;
  /** Default rule, completing "must be …". */
  rule: string;
  example: string;
  /** The error code of a field that uses the set and declares no x-code: one code per kind, in every pack. */
  code: string;
  /** The packages, with versions, the set is generated from. */
  source: string;
  /** Permitted values the received string most likely means, best first, at most three; [] when no guess is trustworthy. */
  suggest(received: string): string[];
  /** For a value of a known wrong kind (a UTC offset for a time zone), the rule that says so, completing "must be …". */
  refusal?(received: string): string | undefined;
  /**
   * Whether the names `suggest` and `aliases` read are loaded. A registry's members are there from the
   * start (a pack compiles and validates with them); its names load apart (registries/lookup.ts).
   */
  namesLoaded?(): boolean;
  loadNames?(): Promise<void>;
}

/** Every registry a pack may name, loaded or not: the enum of the x-value-set keyword. */
export const VALUE_SET_NAMES = ['iso-3166-1-alpha-2', 'iso-4217', 'iso-4217-lowercase', 'iana-time-zone', 'bcp-47-locale'] as const;
export type ValueSetName = (typeof VALUE_SET_NAMES)[number];

const table = new Map<string, ValueSet>();

export function registerValueSet(set: ValueSet): void {
  table.set(set.name, set);
}

/** A loaded value set; undefined when no registry of that name is loaded. */
export function valueSet(name: string): ValueSet | undefined {
  return table.get(name);
}

export function loadedValueSets(): string[] {
  return [...table.keys()];
}

/** The value sets a pack file names (every x-value-set in it), so that they can be loaded before it compiles. */
export function valueSetNamesIn(pack: unknown): string[] {
  const names = new Set<string>();
  const walk = (node: unknown, depth: number) => {
    if (depth > 64 || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) walk(item, depth + 1);
      return;
    }
    for (const [k, v] of Object.entries(node)) {
      if (k === 'x-value-set' && typeof v === 'string') names.add(v);
      else walk(v, depth + 1);
    }
  };
  walk(pack, 0);
  return [...names].sort();
}

/**
 * did_you_mean for a field that fills its enum from a set: the field's own x-value-aliases first (a pack knows
 * its vendor: `EN` means GB to a helpdesk), then the set's candidates; at most three, all permitted.
 */
export function valueSetCandidates(set: ValueSet, received: Json, declared: unknown): Json[] {
  const text = typeof received === 'string' ? received : typeof received === 'number' ? String(received) : undefined;
  if (text === undefined) return [];
  if (declared && typeof declared === 'object') {
    const key = text.trim().toLowerCase();
    for (const [from, to] of Object.entries(declared)) if (from.toLowerCase() === key && set.values.includes(to as string)) return [to as string];
  }
  return set.suggest(text).slice(0, 3);
}
