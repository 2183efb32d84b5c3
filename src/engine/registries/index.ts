// Where each registry lives, for loading on demand: the playground imports a registry's members only when the
// pack it compiles names it, and its names (what did_you_mean reads) only before it checks a call to a tool
// with a field that uses it, so the JavaScript it loads first holds none of them. Node uses ./all.ts.
import { registerValueSet, valueSet, type ValueSet, type ValueSetName } from '../shared/value-sets';

type RegistryModule = { default: ValueSet[] };

const REGISTRY_MODULES: Record<ValueSetName, () => Promise<RegistryModule>> = {
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

/**
 * Loads the names of the named value sets, so that suggestions can read them; the sets must be loaded
 * already (loadValueSets). Resolves at once when there is nothing to load.
 */
export async function loadValueSetNames(names: Iterable<string>): Promise<void> {
  await Promise.all([...new Set(names)].map((n) => valueSet(n)).filter((s): s is ValueSet => !!s && s.namesLoaded?.() === false).map((s) => s.loadNames!()));
}

/** Of the named value sets, those whose names are not loaded yet. */
export function valueSetsWithoutNames(names: Iterable<string>): string[] {
  return [...new Set(names)].filter((n) => valueSet(n)?.namesLoaded?.() === false);
}
