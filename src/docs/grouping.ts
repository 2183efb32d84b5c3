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

/**
 * A resource name as words a reader can scan: `PaymentIntents` -> "Payment intents", `CalendarList` ->
 * "Calendar list", `payment_intents` -> "Payment intents". A word with capitals inside stays as it is
 * (`APIKeys` -> "API keys", `OAuth2Tokens` -> "OAuth2 tokens").
 */
export function resourceLabel(resource: string): string {
  const words = resource
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]{2,})([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((w) => (/^[A-Z]?[a-z0-9]*$/.test(w) ? w.toLowerCase() : w));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `POST /v1/refunds` -> {verb: 'POST', path: '/v1/refunds'}; a method id has no verb. */
export function splitOperation(id: string): { verb?: string; path: string } {
  const m = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+(.+)$/.exec(id);
  return m ? { verb: m[1], path: m[2] } : { path: id };
}
