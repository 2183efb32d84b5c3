import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CORPUS } from '../../src/cli/import-corpus';
import { serializePack } from '../../src/cli/import-format';
import { readOverlay } from '../../src/cli/overlays';
import { importSpec } from '../../src/importer/index';
import { IMPORTED, vendorDoc } from './corpus';

// The committed packs are what the importer makes today: a change to the importer that is not followed by
// `npm run import -- --all` fails here (checked on the small documents; the CLI checks the rest when run).
describe('committed imported packs', () => {
  for (const id of ['google-tasks-v1', 'notion-v1', 'twilio-accounts-v1', 'twilio-messaging-v3']) {
    it(`${id} is what the importer writes today, byte for byte`, async () => {
      const entry = CORPUS.find((e) => e.id === id)!;
      const { pack } = await importSpec(vendorDoc(entry.file), { id: entry.id, title: entry.title, vendor: entry.vendor, reference: entry.reference, referenceFor: entry.referenceFor, overlay: readOverlay(id) });
      expect(serializePack(pack)).toBe(readFileSync(`${IMPORTED}/${id}.json`, 'utf8'));
    });
  }
});
