// One imported tool's export as a file, for the few whose schemas are too large to show on their page
// (exportsInline in src/imported/site.ts): /packs/<pack>/<tool>/{openai,anthropic,mcp}.json.
import type { APIRoute, GetStaticPaths } from 'astro';
import { exportTool } from '../../../../engine';
import { exportsInline, getImportedPack, importedPacks } from '../../../../imported/site';

const FORMS = ['openai', 'anthropic', 'mcp'] as const;

export const getStaticPaths: GetStaticPaths = () =>
  importedPacks().flatMap((p) => p.tools.filter((t) => !exportsInline(t)).flatMap((t) => FORMS.map((form) => ({ params: { pack: p.id, tool: t.name, form } }))));

export const GET: APIRoute = ({ params }) => {
  const tool = getImportedPack(String(params.pack))?.tool(String(params.tool));
  const form = params.form as (typeof FORMS)[number];
  if (!tool || !FORMS.includes(form)) return new Response('Not found', { status: 404 });
  return new Response(`${JSON.stringify(exportTool(tool, form), null, 2)}\n`, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
