// A call written in each caller's own envelope, so "Copy the suggested call" gives text the caller can use
// as it is: OpenAI Chat and Responses, Anthropic tool_use, MCP tools/call, Gemini functionCall, plain
// {name, arguments}, or a Python-style call as transcripts show it. Ids are kept from the call being
// corrected where it has one. Pure and unit-tested.
import type { InputShape, Json, JsonObject } from '../../engine/types';

export type Envelope = 'plain' | 'openai-chat' | 'openai-responses' | 'openai-function-call' | 'anthropic' | 'mcp' | 'gemini' | 'python';

export const ENVELOPE_LABELS: Record<Envelope, string> = {
  plain: '{name, arguments}',
  'openai-chat': 'OpenAI Chat tool call',
  'openai-responses': 'OpenAI Responses function_call',
  'openai-function-call': 'OpenAI Chat function_call (legacy)',
  anthropic: 'Anthropic tool_use',
  mcp: 'MCP tools/call',
  gemini: 'Gemini functionCall',
  python: 'Python-style call',
};

export const ENVELOPES = Object.keys(ENVELOPE_LABELS) as Envelope[];

/** The envelope a call came in, to copy its correction in the same one. */
export function envelopeOfShape(shape: InputShape | string): Envelope {
  switch (shape) {
    case 'openai-chat':
    case 'openai-responses':
    case 'openai-function-call':
    case 'anthropic':
    case 'mcp':
    case 'python':
    case 'gemini':
      return shape;
    default:
      return 'plain';
  }
}

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The id the original call carried in its envelope, if any: a corrected call answers under a new id, but in the same form. */
function idIn(original: unknown, envelope: Envelope): Json | undefined {
  if (!isObject(original)) return undefined;
  if (envelope === 'openai-chat' || envelope === 'anthropic' || envelope === 'mcp') return original.id;
  if (envelope === 'openai-responses') return original.call_id;
  return undefined;
}

/** A value as a Python literal: True/False/None, lists and dicts. */
export function pythonLiteral(v: Json): string {
  if (v === null) return 'None';
  if (v === true) return 'True';
  if (v === false) return 'False';
  if (Array.isArray(v)) return `[${v.map(pythonLiteral).join(', ')}]`;
  if (typeof v === 'object') return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}: ${pythonLiteral(x)}`).join(', ')}}`;
  return JSON.stringify(v);
}

/**
 * The call in an envelope, as text. `original` is the parsed JSON of the call being corrected (for its
 * id), or undefined. Arguments that are not an object (a bare value) are written as they are.
 */
export function inEnvelope(call: { name: string; arguments: Json }, envelope: Envelope, original?: unknown): string {
  const args = call.arguments;
  const id = idIn(original, envelope);
  const pretty = (v: unknown) => JSON.stringify(v, null, 2);
  switch (envelope) {
    case 'openai-chat':
      return pretty({ id: id ?? 'call_1', type: 'function', function: { name: call.name, arguments: JSON.stringify(args) } });
    case 'openai-responses':
      return pretty({ type: 'function_call', call_id: id ?? 'call_1', name: call.name, arguments: JSON.stringify(args) });
    case 'openai-function-call':
      return pretty({ role: 'assistant', content: null, function_call: { name: call.name, arguments: JSON.stringify(args) } });
    case 'anthropic':
      return pretty({ type: 'tool_use', id: id ?? 'toolu_1', name: call.name, input: args });
    case 'mcp':
      return pretty({ jsonrpc: '2.0', id: id ?? 1, method: 'tools/call', params: { name: call.name, arguments: args } });
    case 'gemini':
      return pretty({ functionCall: { name: call.name, args } });
    case 'python': {
      if (!isObject(args)) return `${call.name}(${pythonLiteral(args)})`;
      // Keyword arguments need names Python accepts; a key that is not one is not a Python-style call.
      const keys = Object.keys(args);
      if (keys.some((k) => !/^[A-Za-z_][A-Za-z0-9_]*$/.test(k))) return pretty({ name: call.name, arguments: args });
      return `${call.name}(${keys.map((k) => `${k}=${pythonLiteral(args[k])}`).join(', ')})`;
    }
    default:
      return pretty({ name: call.name, arguments: args });
  }
}
