import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CORPUS } from '../../src/cli/import-corpus';
import { serializePack } from '../../src/cli/import-format';
import { overlaidPackIds, readOverlay } from '../../src/cli/overlays';
import { importSpec } from '../../src/importer/index';
import { CORPUS_FULL } from '../corpus-sample';
import { IMPORTED, importedPackIds, vendorDoc } from './corpus';

// The committed packs (and their import reports) are what the importer makes today from each spec and its
// overlay: a change to the importer or an overlay that is not followed by `npm run import -- --all` fails
// here. Every pack under CORPUS=full (npm run test:corpus, about two minutes); otherwise four small
// documents, one of them overlaid, so the quick runs still catch a forgotten import.
const QUICK = ['google-tasks-v1', 'notion-v1', 'twilio-accounts-v1', 'twilio-messaging-v3'];
const ids = CORPUS_FULL ? CORPUS.map((e) => e.id) : QUICK;

describe(`committed imported packs (${CORPUS_FULL ? `all ${ids.length}` : `${ids.length} small ones of ${CORPUS.length} (CORPUS=full for all)`})`, () => {
  it('the packs on disk are exactly the documents the corpus list imports', () => {
    expect(importedPackIds()).toEqual(CORPUS.map((e) => e.id).sort());
  });

  it('the quick set holds an overlaid pack', () => {
    expect(QUICK.some((id) => overlaidPackIds().includes(id))).toBe(true);
  });

  for (const id of ids) {
    it(`${id} is what the importer writes today from its spec${readOverlay(id) ? ' and overlay' : ''}, byte for byte, with its report`, async () => {
      const entry = CORPUS.find((e) => e.id === id)!;
      const { pack, report } = await importSpec(vendorDoc(entry.file), { id: entry.id, title: entry.title, vendor: entry.vendor, reference: entry.reference, referenceFor: entry.referenceFor, overlay: readOverlay(id) });
      expect(serializePack(pack)).toBe(readFileSync(`${IMPORTED}/${id}.json`, 'utf8'));
      expect(`${JSON.stringify(report)}\n`).toBe(readFileSync(`${IMPORTED}/reports/${id}.json`, 'utf8'));
    }, 300_000);
  }
});
