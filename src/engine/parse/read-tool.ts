// Stage 1, parse, its last step: the tool a parsed call names, or the fault that says why there is none. A
// name in another case or separator with one reading is taken and reported (tool-names.ts matches it); an
// unknown one is refused with the tools near it; arguments that are not an object are refused here too.
import { cutReceived } from '../faults/received';
import { makeFault } from '../faults/fault';
import { nameWords } from '../shared/name-words';
import { unknownToolFault } from './unknown-tool';
import { dropsCallersWord, matchToolName, toolsToList, type ToolNameContext } from './tool-names';
import type { CompiledPack, CompiledTool, Correction, Fault, Json, JsonObject, ToolSource } from '../types';

/** What the call names: its tool and arguments, or the fault that refuses it (with the tool, when one is known). */
export type ToolReading =
  | { ok: true; tool: CompiledTool; args: JsonObject; corrections: Correction[] }
  | { ok: false; tool: CompiledTool | null; corrections: Correction[]; fault: Fault };

/**
 * Whether a tool takes these arguments as sent. The validator's answer, handed in: parse comes before
 * validate, and only the ranking of an unknown name asks it.
 */
export type TakesAsSent = (tool: CompiledTool, args: Json) => boolean;

/** One keyword argument of a tool in Python's form, from its first field: `ticket_id="T-8841"`. */
export function keywordExample(pack: CompiledPack, name: string): string | undefined {
  const tool = pack.tool(name);
  if (!tool) return undefined;
  const required: string[] = Array.isArray(tool.source.arguments.required) ? tool.source.arguments.required : [];
  const first = required[0] ?? Object.keys(tool.source.arguments.properties ?? {})[0];
  const field = first === undefined ? undefined : tool.fields.get(first);
  if (!field || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(field.name)) return undefined;
  const v = field.example ?? field.enumValues?.[0];
  const shown = typeof v === 'boolean' ? (v ? 'True' : 'False') : typeof v === 'string' || typeof v === 'number' ? JSON.stringify(v) : field.schema.type === 'string' ? '"…"' : '…';
  return `${field.name}=${shown}`;
}

/** A pack's tool names, read once per pack: the unknown-name path ranks them by words it keeps per list. */
const TOOL_NAMES = new WeakMap<CompiledPack, { tools: readonly CompiledTool[]; length: number; names: string[] }>();

function toolNamesOf(pack: CompiledPack): string[] {
  const kept = TOOL_NAMES.get(pack);
  // A pack whose tools grow (a lazy pack opening its parts) gets a new list.
  if (kept && kept.tools === pack.tools && kept.length === pack.tools.length) return kept.names;
  const names = pack.tools.map((t) => t.name);
  TOOL_NAMES.set(pack, { tools: pack.tools, length: pack.tools.length, names });
  return names;
}

/** Per pack, its tools' sources by name, read once (a lazy pack's list grows: a longer list is read again). */
const SOURCES = new WeakMap<CompiledPack, { length: number; byName: Map<string, ToolSource> }>();

function sourcesOf(pack: CompiledPack): Map<string, ToolSource> {
  const kept = SOURCES.get(pack);
  if (kept && kept.length === pack.source.tools.length) return kept.byName;
  const byName = new Map(pack.source.tools.map((t) => [t.name, t] as [string, ToolSource]));
  SOURCES.set(pack, { length: pack.source.tools.length, byName });
  return byName;
}

/**
 * What the unknown-name path knows beside the names: each tool's operation, the pack's own name, and how
 * the call's arguments fit each tool (a tool not loaded yet, in a lazy pack, is read by its name alone).
 */
function toolNameContext(pack: CompiledPack, args: unknown, takesAsSent: TakesAsSent): ToolNameContext {
  const sent = args !== null && typeof args === 'object' && !Array.isArray(args) ? Object.keys(args) : [];
  const safely = <T>(read: () => T): T | undefined => {
    try {
      return read();
    } catch {
      return undefined;
    }
  };
  return {
    operationOf: (name) => safely(() => sourcesOf(pack).get(name)?.operation?.id),
    packWords: nameWords(pack.id).filter((w) => !/^v?\d+$/.test(w)),
    argumentFit: (name) => {
      if (sent.length === 0) return 0;
      return (
        safely(() => {
          // The tool's source first (no validator compiled for a tool the keys rule out), then the tool.
          const source = sourcesOf(pack).get(name);
          if (!source) return 0;
          const props = source.arguments.properties ?? {};
          if (!sent.every((k) => Object.prototype.hasOwnProperty.call(props, k))) return 0;
          const required: unknown[] = Array.isArray(source.arguments.required) ? source.arguments.required : [];
          if (!required.every((k) => sent.includes(String(k)))) return 1;
          const tool = pack.tool(name);
          return tool && takesAsSent(tool, args as Json) ? 2 : 1;
        }) ?? 0
      );
    },
  };
}

/**
 * The tool a parsed call names (`name`, else the one the caller chose) and its arguments. `repairs`: the
 * JSON repaired as the call was read, which come first among the corrections.
 */
export function readTool(pack: CompiledPack, name: string | null, args: Json, repairs: Correction[] | undefined, takesAsSent: TakesAsSent): ToolReading {
  if (name === null) {
    return { ok: false, tool: null, corrections: repairs ?? [], fault: makeFault({
      code: 'invalid_call',
      stage: 'parse',
      field: 'name',
      statement: 'is missing: the call names no tool; send {"name": …, "arguments": {…}}',
      reason: 'no tool name in the input and none chosen',
    }) };
  }
  const corrections: Correction[] = repairs ? [...repairs] : [];
  let tool = pack.tool(name);
  if (!tool) {
    const names = toolNamesOf(pack);
    const match = matchToolName(name, names, toolNameContext(pack, args, takesAsSent));
    if (match.kind === 'variant') {
      // `updateTicket` for update_ticket has one reading: absorbed and reported, as a field name would be.
      tool = pack.tool(match.to)!;
      corrections.push({ field: 'name', rule: 'tool_name_variant', from: cutReceived(name), to: match.to });
    } else {
      const candidates = match.candidates;
      // One tool that leaves out a word of the name sent may not be the action meant: the tools on the
      // same thing are listed beside it, so it is not offered alone as if it were.
      const alone = candidates.length === 1 && dropsCallersWord(name, candidates[0]);
      // With no tool offered, a long list with nothing on the same thing is still named, its first tools.
      const toList = candidates.length && !alone ? undefined : toolsToList(name, names, { orFirst: candidates.length === 0 });
      return { ok: false, tool: null, corrections, fault: unknownToolFault({
        sent: name,
        candidates,
        listed: toList?.names ?? [],
        scope: toList?.scope ?? 'every',
        total: names.length,
        reason: `no tool named ${JSON.stringify(name).slice(0, 80)} in pack ${pack.id}`,
      }) };
    }
  }
  if (args === null || typeof args !== 'object' || Array.isArray(args)) {
    return { ok: false, tool, corrections, fault: makeFault({
      code: 'invalid_call',
      stage: 'parse',
      field: 'arguments',
      statement: 'must be a JSON object of named arguments',
      sent: args,
      reason: `arguments are ${Array.isArray(args) ? 'an array' : args === null ? 'null' : typeof args}`,
    }) };
  }
  return { ok: true, tool, args, corrections };
}
