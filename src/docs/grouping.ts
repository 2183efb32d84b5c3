// Tools grouped by their resource, in the order the pack first names each resource.
import type { CompiledTool } from '../engine';

export function groupByResource(tools: readonly CompiledTool[]): [string, CompiledTool[]][] {
  const groups = new Map<string, CompiledTool[]>();
  for (const t of tools) {
    const list = groups.get(t.resource) ?? [];
    list.push(t);
    groups.set(t.resource, list);
  }
  return [...groups];
}

/** `POST /v1/refunds` -> {verb: 'POST', path: '/v1/refunds'}; a method id has no verb. */
export function splitOperation(id: string): { verb?: string; path: string } {
  const m = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+(.+)$/.exec(id);
  return m ? { verb: m[1], path: m[2] } : { path: id };
}
