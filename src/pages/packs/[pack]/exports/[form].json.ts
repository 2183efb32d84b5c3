// Whole-pack exports as static files: /packs/<pack>/exports/{openai,anthropic,mcp,wire}.json.
import type { APIRoute, GetStaticPaths } from 'astro';
import { EXPORT_FORMS, exportPack, type ExportForm } from '../../../../engine';
import { getPack, packs } from '../../../../packs';

export const getStaticPaths: GetStaticPaths = () => packs.flatMap((p) => EXPORT_FORMS.map((form) => ({ params: { pack: p.id, form } })));

export const GET: APIRoute = ({ params }) => {
  const pack = getPack(String(params.pack));
  const form = params.form as ExportForm;
  if (!pack || !EXPORT_FORMS.includes(form)) return new Response('Not found', { status: 404 });
  return new Response(JSON.stringify(exportPack(pack, form), null, 2) + '\n', { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
