// The packs the site ships, compiled once. Importing this module validates every pack: a broken pack
// throws a PackError naming its file and path, which fails `astro build` and the tests.
import googleCalendar from '../content/packs/google-calendar.json';
import helpdesk from '../content/packs/helpdesk.json';
import stripe from '../content/packs/stripe.json';
import { loadPacks } from './engine/pack-loader';
// The value sets the packs name (x-value-set), registered before they compile.
import './engine/registries/all';

export const PACK_FILES: Record<string, unknown> = {
  'content/packs/helpdesk.json': helpdesk,
  'content/packs/stripe.json': stripe,
  'content/packs/google-calendar.json': googleCalendar,
};

export const packs = loadPacks(PACK_FILES);

export function getPack(id: string) {
  return packs.find((p) => p.id === id);
}
