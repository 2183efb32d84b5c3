// A ValueSet over one registry's Lookup: values and the alias table are built on first use, and a value of a
// known wrong kind (see `refusal`) never gets a candidate.
import type { ValueSet } from '../shared/value-sets';
import type { Lookup } from './lookup';

export interface ValueSetSpec {
  name: ValueSet['name'];
  rule: string;
  example: string;
  code: string;
  refusal?: (received: string) => string | undefined;
}

export function defineValueSet(spec: ValueSetSpec, lookup: Lookup): ValueSet {
  let values: string[] | undefined;
  let aliases: Record<string, string> | undefined;
  return {
    ...spec,
    get source() {
      return lookup.data.source;
    },
    namesLoaded: () => lookup.loaded,
    loadNames: () => lookup.load(),
    get values() {
      return (values ??= lookup.values);
    },
    get aliases() {
      return (aliases ??= lookup.aliases());
    },
    suggest: (received) => (spec.refusal?.(received) ? [] : lookup.suggest(received)),
  };
}
