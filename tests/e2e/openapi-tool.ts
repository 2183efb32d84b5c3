// A tool definition made from one operation of a real OpenAPI document, the way a user turns one into a
// tool by hand: the request body's schema, with every component it refers to copied under $defs (read from
// the corpus at test time, never copied into the repo).
import { readFileSync } from 'node:fs';

type Node = Record<string, unknown>;

export function openApiTool(specPath: string, path: string, method: string, name: string): { name: string; description: string; inputSchema: Node } {
  const spec = JSON.parse(readFileSync(specPath, 'utf8'));
  const components = spec.components.schemas as Record<string, unknown>;
  const defs: Record<string, unknown> = {};
  const rewrite = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(rewrite);
    if (!v || typeof v !== 'object') return v;
    const out: Node = {};
    for (const [k, x] of Object.entries(v)) {
      if (k === '$ref' && typeof x === 'string' && x.startsWith('#/components/schemas/')) {
        const def = x.slice('#/components/schemas/'.length);
        if (!(def in defs)) {
          defs[def] = {};
          defs[def] = rewrite(components[def]);
        }
        out.$ref = `#/$defs/${def}`;
      } else out[k] = rewrite(x);
    }
    return out;
  };
  const body = rewrite(spec.paths[path][method].requestBody.content['application/json'].schema) as Node;
  return { name, description: `${method.toUpperCase()} ${path}`, inputSchema: { ...body, $defs: defs } };
}
