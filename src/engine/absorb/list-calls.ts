// The call that lists a kind of record, for a body that refuses a name where an id goes: a tool of the pack
// whose name says list, search or find, and names the record (`list_channels`, `search_users` for user),
// written as x-resolve-with writes it: its name and its required arguments.
import type { CompiledTool } from '../types';
import { nameWords, singular } from '../shared/name-words';

const LISTING = new Set(['list', 'search', 'find', 'query', 'lookup']);

export function listCallIn(tools: readonly CompiledTool[], nouns: readonly string[]): string | undefined {
  const wanted = new Set(nouns.map(singular));
  if (!wanted.size) return undefined;
  let best: { tool: CompiledTool; size: number } | undefined;
  for (const tool of tools) {
    const ws = nameWords(tool.name);
    if (!ws.some((w) => LISTING.has(w))) continue;
    const named = [...ws, ...nameWords(tool.resource ?? '')].some((w) => wanted.has(w));
    if (!named) continue;
    // The tool that says least beside list and the record: `list_channels` before `list_channel_members`.
    if (!best || ws.length < best.size) best = { tool, size: ws.length };
  }
  if (!best) return undefined;
  const required: unknown = best.tool.source.arguments.required;
  return `${best.tool.name}(${Array.isArray(required) ? required.filter((r) => typeof r === 'string').join(', ') : ''})`;
}
