// One imported tool's OpenAI export as a file, /packs/<pack>/<tool>/openai.json (exportPlacement in
// src/imported/site.ts): for a tool whose page loads it into its tabs, and for the 7 whose schemas are too large
// for their pages, which link it. Their Anthropic and MCP exports are the same schema in other envelopes: the
// page makes them from this file (its copy buttons, or envelope-download.ts for the 7). Written without
// indentation, like the packs' own exports: a download for a program (the page indents what it shows), and a
// third of the bytes.
import type { APIRoute, GetStaticPaths } from 'astro';
import { exportTool, type CompiledTool } from '../../../../engine';
import { exportPlacement, getImportedPack, importedPacks } from '../../../../imported/site';

/** Whether a tool's page needs its OpenAI export as a file: loaded into its tabs, or linked. */
function hasFile(tool: CompiledTool): boolean {
  return exportPlacement(tool) !== 'inline';
}

export const getStaticPaths: GetStaticPaths = () =>
  importedPacks().flatMap((p) => p.tools.filter(hasFile).map((t) => ({ params: { pack: p.id, tool: t.name } })));

export const GET: APIRoute = ({ params }) => {
  const tool = getImportedPack(String(params.pack))?.tool(String(params.tool));
  if (!tool || !hasFile(tool)) return new Response('Not found', { status: 404 });
  return new Response(`${JSON.stringify(exportTool(tool, 'openai'))}\n`, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
