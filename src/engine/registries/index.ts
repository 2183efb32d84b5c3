// Where each registry lives, for loading on demand: the playground imports a registry only when the pack it
// compiles names it, so the JavaScript it loads first holds none of them. Node entry points use ./all.ts.
import { registerValueSet, valueSet, type ValueSet, type ValueSetName } from '../value-sets';

type RegistryModule = { default: ValueSet[] };

export const REGISTRY_MODULES: Record<ValueSetName, () => Promise<RegistryModule>> = {
  'iso-3166-1-alpha-2': () => import('./countries'),
  'iso-4217': () => import('./currencies'),
  'iso-4217-lowercase': () => import('./currencies'),
  'iana-time-zone': () => import('./time-zones'),
  'bcp-47-locale': () => import('./locales'),
};

/** Loads and registers the named registries that are not loaded yet; a name no registry has is left for the pack compiler to report. */
export async function loadValueSets(names: Iterable<string>): Promise<void> {
  const pending = [...new Set(names)].filter((n) => !valueSet(n) && Object.prototype.hasOwnProperty.call(REGISTRY_MODULES, n));
  const modules = await Promise.all(pending.map((n) => REGISTRY_MODULES[n as ValueSetName]()));
  for (const m of modules) for (const set of m.default) registerValueSet(set);
}
