// The call formats check() reads and writeCall writes, each with the words a page shows for it. Adding a
// format means a line here and its reader and writer in formats.ts (README, "Where each byte of a body
// comes from"). Its own module, without the readers, so a page can name a format without loading them; on
// the floor, since types.ts names the formats (InputShape) and the floor imports no stage.

export const CALL_FORMAT_LABELS = {
  plain: 'Plain {name, arguments}',
  'openai-chat': 'OpenAI Chat tool call',
  'openai-responses': 'OpenAI Responses function_call',
  'openai-function-call': 'OpenAI Chat function_call (legacy)',
  anthropic: 'Anthropic tool_use',
  mcp: 'MCP tools/call',
  gemini: 'Gemini functionCall',
  python: 'Python-style call',
  'bare-arguments': 'Bare arguments',
} as const;

/** The formats a call can be read and written in: each envelope, Python-style calls, and bare arguments (no name). */
export type CallFormat = keyof typeof CALL_FORMAT_LABELS;

/** Every format, in the table's order. */
export const CALL_FORMATS = Object.keys(CALL_FORMAT_LABELS) as readonly CallFormat[];

/** The words for the format a call was read in, or for a call that could not be read as one (`unknown`). */
export function shapeLabel(shape: CallFormat | 'unknown'): string {
  return shape === 'unknown' ? 'Not readable as a call' : CALL_FORMAT_LABELS[shape];
}
