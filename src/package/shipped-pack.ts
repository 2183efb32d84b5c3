// A shipped pack as the package serves it: compiled with the validators `npm run precompile` generated, so
// importing a pack never compiles a schema at run time, and with only the registries it names registered.
// Synchronous, with no top-level await anywhere in a pack module, so `require('actionable-errors/packs/stripe')`
// works from CommonJS as `import` does from ESM: each registry's names (what did_you_mean reads, which the
// playground loads apart) are handed over here from their JSON, imported with the pack.
// The pack-file checks (format, keywords, examples) are left out: the same file passed them in the tests,
// and tests/precompiled-validators.test.ts holds both backends to the same bodies.
import { compilePackWith } from '../engine/pack/pack-compiler';
import { precompiledBackend, type StandaloneValidate } from '../engine/pack/precompiled-backend';
import type { RegistryNames } from '../engine/registries/lookup';
import { registerValueSet, type ValueSet } from '../engine/shared/value-sets';
import type { CompiledPack } from '../engine/types';

/** One registry a pack uses: its value sets, the names they share, and those names' data. */
export interface ShippedRegistry {
  sets: readonly ValueSet[];
  names: RegistryNames;
  data: unknown;
}

/** Registers each registry's value sets, with their names handed over from the data imported with the pack. */
export function registerRegistries(registries: readonly ShippedRegistry[]): void {
  for (const registry of registries) {
    if (!registry.names.loaded) registry.names.provide(registry.data);
    for (const set of registry.sets) registerValueSet(set);
  }
}

export function shippedPack(data: unknown, validators: Readonly<Record<string, StandaloneValidate>>, registries: readonly ShippedRegistry[]): CompiledPack {
  registerRegistries(registries);
  const id = (data as { id: string }).id;
  return compilePackWith(precompiledBackend(validators), data, `content/packs/${id}.json`);
}
