// The packs the site ships, compiled once. Importing this module validates every pack: a broken pack
// throws a PackError naming its file and path, which fails `astro build` and the tests.
import googleCalendar from '../content/packs/google-calendar.json';
import helpdesk from '../content/packs/helpdesk.json';
import stripe from '../content/packs/stripe.json';
import { loadPacks } from './engine/pack/pack-loader';
import catalog from './generated/pack-catalog.json';
// The value sets the packs name (x-value-set), registered before they compile.
import './engine/registries/all';

export const PACK_FILES: Record<string, unknown> = {
  'content/packs/helpdesk.json': helpdesk,
  'content/packs/stripe.json': stripe,
  'content/packs/google-calendar.json': googleCalendar,
};

export const packs = loadPacks(PACK_FILES);

// The catalog (src/generated/pack-catalog.json) is the one list of packs the site, CLI, package and proxy read;
// the files above are only how the bundler reaches the curated ones, so they must be the catalog's, in its order.
const catalogCurated = (catalog as { id: string; kind: string }[]).filter((p) => p.kind === 'curated').map((p) => p.id);
if (packs.map((p) => p.id).join() !== catalogCurated.join()) {
  throw new Error(`src/packs.ts loads ${packs.map((p) => p.id).join(', ')}; the catalog's curated packs are ${catalogCurated.join(', ')}: run npx tsx src/cli/pack-catalog.ts`);
}

export function getPack(id: string) {
  return packs.find((p) => p.id === id);
}
