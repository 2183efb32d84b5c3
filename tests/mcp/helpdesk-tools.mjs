// The helpdesk tools as a vendor's MCP server would list them: the pack's schemas without its x- keywords.
import { readFileSync } from 'node:fs';

const pack = JSON.parse(readFileSync(new URL('../../content/packs/helpdesk.json', import.meta.url), 'utf8'));
const vendorOnly = (node) => {
  if (Array.isArray(node)) return node.map(vendorOnly);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(Object.entries(node).filter(([k]) => !k.startsWith('x-')).map(([k, v]) => [k, vendorOnly(v)]));
};

export const TOOLS = pack.tools.map((t) => ({ name: t.name, description: t.summary, inputSchema: vendorOnly(t.arguments) }));
