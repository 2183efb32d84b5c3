// An imported pack read from this repository's content/packs/imported/ (the tests, tsx): what the bundle's
// lib/packs/<id>.js does with the JSON built beside it, for code run from the sources.
import { readFileSync } from 'node:fs';
import { loadValueSetNames, loadValueSets } from '../engine/registries';
import { valueSetNamesIn } from '../engine/shared/value-sets';
import type { CompiledPack } from '../engine/types';
import { importedPack } from './imported-pack';

export async function importedPackFromContent(id: string): Promise<CompiledPack> {
  const data = JSON.parse(readFileSync(new URL(`../../content/packs/imported/${id}.json`, import.meta.url), 'utf8')) as unknown;
  const names = valueSetNamesIn(data);
  await loadValueSets(names);
  await loadValueSetNames(names);
  return importedPack(data, []);
}
