// Imports a pasted OpenAPI, Swagger or Google Discovery document off the main thread, with the importer the
// CLI runs (src/importer/), so a large document reports its progress instead of freezing the tab. The
// importer, its dereferencer and the registries load only here, when a document is first pasted.
import { importSpec } from '../../../importer';
import { looksLikeJson } from '../../../document-text';
import { parseYamlText } from '../../../yaml-document';

export type SpecImportRequest = { id: number; text: string };
export type SpecImportReply =
  | { id: number; progress: [done: number, total: number] }
  | { id: number; pack: unknown; skipped: number; format: string }
  | { id: number; error: string };

// @apidevtools/json-schema-ref-parser asks Buffer.isBuffer() of every document it is given; a browser has no
// Buffer, and a pasted document is never one.
(globalThis as { Buffer?: unknown }).Buffer ??= { isBuffer: () => false };

const post = (m: SpecImportReply) => (self as unknown as Worker).postMessage(m);

self.onmessage = async (e: MessageEvent<SpecImportRequest>) => {
  const { id, text } = e.data;
  try {
    // The page has read the text already (custom-tools.ts), so a YAML error here cannot happen; it is said all the same.
    const yaml = looksLikeJson(text) ? undefined : parseYamlText(text);
    if (yaml && !yaml.ok) throw new Error(`the document ${yaml.message}`);
    const doc = yaml ? yaml.value : (JSON.parse(text) as unknown);
    let last = 0;
    const { pack, report } = await importSpec(doc, {
      id: 'your-api',
      onProgress(done, total) {
        // A message per operation would flood the page on a document of thousands; a few per second is enough.
        const now = performance.now();
        if (done === total || now - last > 50) {
          last = now;
          post({ id, progress: [done, total] });
        }
      },
    });
    post({ id, pack, skipped: report.skipped.length, format: report.format });
  } catch (err) {
    post({ id, error: err instanceof Error ? err.message : String(err) });
  }
};
