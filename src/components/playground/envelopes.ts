// The formats "Copy the suggested call" offers, with their labels: the caller's own envelope, so the text
// can be used as it is. The writing itself is the engine's (formats.ts writeCall), which also reads them.
import { pythonLiteral, writeCall, type CallFormat } from '../../sandbox/formats';
import type { InputShape } from '../../engine/types';

/** Every format but bare arguments: a corrected call is copied with its tool's name. */
export type Envelope = Exclude<CallFormat, 'bare-arguments'>;

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
  return (ENVELOPES as string[]).includes(shape) ? (shape as Envelope) : 'plain';
}

export { pythonLiteral, writeCall as inEnvelope };
