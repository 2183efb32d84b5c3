// One imported tool's export as a file (exportPlacement in src/imported/site.ts): the OpenAI export of a tool whose
// page loads it into its tabs, and all three of a tool whose schema is too large for its page:
// /packs/<pack>/<tool>/{openai,anthropic,mcp}.json. Written without indentation, like the packs' own exports:
// a download for a program (the page indents what it shows), and a third of the bytes.
import type { APIRoute, GetStaticPaths } from 'astro';
import { exportTool } from '../../../../engine';
import { exportPlacement, getImportedPack, importedPacks } from '../../../../imported/site';

const FORMS = ['openai', 'anthropic', 'mcp'] as const;

/** The forms written for a tool: the OpenAI one its page loads (the others are made from it), or all three. */
function formsOf(tool: Parameters<typeof exportPlacement>[0]): readonly (typeof FORMS)[number][] {
  const placement = exportPlacement(tool);
  return placement === 'files' ? FORMS : placement === 'loaded' ? ['openai'] : [];
}

export const getStaticPaths: GetStaticPaths = () =>
  importedPacks().flatMap((p) => p.tools.flatMap((t) => formsOf(t).map((form) => ({ params: { pack: p.id, tool: t.name, form } }))));

export const GET: APIRoute = ({ params }) => {
  const tool = getImportedPack(String(params.pack))?.tool(String(params.tool));
  const form = params.form as (typeof FORMS)[number];
  if (!tool || !formsOf(tool).includes(form)) return new Response('Not found', { status: 404 });
  return new Response(`${JSON.stringify(exportTool(tool, form))}\n`, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
