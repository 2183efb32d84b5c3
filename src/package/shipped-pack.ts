// A shipped pack as the package serves it: compiled with the validators `npm run precompile` generated, so
// importing a pack never compiles a schema at run time, and with only the registries it names registered
// (the pack modules await this, so `import { pack } from 'actionable/packs/helpdesk'` is ready to use).
// The pack-file checks (format, keywords, examples) are left out: the same file passed them in the tests,
// and tests/precompiled-validators.test.ts holds both backends to the same bodies.
import { compilePackWith } from '../engine/pack-compiler';
import { precompiledBackend, type StandaloneValidate } from '../engine/precompiled-backend';
import { registerValueSet, type ValueSet } from '../engine/value-sets';
import type { CompiledPack } from '../engine/types';

export async function shippedPack(data: unknown, validators: Readonly<Record<string, StandaloneValidate>>, registries: readonly (readonly ValueSet[])[]): Promise<CompiledPack> {
  for (const sets of registries) for (const set of sets) registerValueSet(set);
  // A registry whose names (what did_you_mean reads) load apart from its members loads them now: check() is synchronous.
  await Promise.all(registries.flat().map((set) => (set as { loadNames?: () => Promise<void> }).loadNames?.()));
  const id = (data as { id: string }).id;
  return compilePackWith(precompiledBackend(validators), data, `content/packs/${id}.json`);
}
