// Whole-pack exports as static files: /packs/<pack>/exports/<form>.json, every form for a curated pack. An
// imported pack has openai.json and, where it differs, wire.json: its Anthropic and MCP exports are the OpenAI
// one's schemas in other envelopes (14 MB of the site for the 69 packs), which its pages make in the browser
// (envelope-download.ts) and the CLI prints. Its files are written without indentation: they are downloads
// for a program, and GitHub's four came to 20 MB indented.
import type { APIRoute, GetStaticPaths } from 'astro';
import { EXPORT_FORMS, exportPack, type CompiledPack, type ExportForm } from '../../../../engine';
import { getPack } from '../../../../packs';
import { getImportedPack, sitePacks, wireIsOpenAIParameters } from '../../../../imported/site';

/**
 * An imported pack's strict variants are left out too: they would lint every one of its tools at build time
 * (most of a minute for Google Sheets alone) and come to 40 MB; `--tools FILE --export openai-strict` makes them.
 */
const IMPORTED_FORMS: readonly ExportForm[] = ['openai', 'wire'];

/** An imported pack's forms; wire.json only where it differs from the OpenAI export's parameters (wireIsOpenAIParameters). */
function importedForms(pack: CompiledPack): readonly ExportForm[] {
  return wireIsOpenAIParameters(pack) ? IMPORTED_FORMS.filter((f) => f !== 'wire') : IMPORTED_FORMS;
}

export const getStaticPaths: GetStaticPaths = () =>
  sitePacks().flatMap(({ pack, imported }) => (imported ? importedForms(pack) : EXPORT_FORMS).map((form) => ({ params: { pack: pack.id, form } })));

export const GET: APIRoute = ({ params }) => {
  const curated = getPack(String(params.pack));
  const pack = curated ?? getImportedPack(String(params.pack));
  const form = params.form as ExportForm;
  if (!pack || !(curated ? EXPORT_FORMS : importedForms(pack)).includes(form)) return new Response('Not found', { status: 404 });
  const exported = exportPack(pack, form);
  return new Response((curated ? JSON.stringify(exported, null, 2) : JSON.stringify(exported)) + '\n', { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
