// The sandbox's reader and writer of call formats (the engine's formats.ts): light, and on the first body's
// path already, so the playground's editor, envelopes and suggestions import it without waiting for more.
export { callSchema, parseCall, parseJsonText, pythonLiteral, readCalls, writeCall, type CallFormat } from '../engine/parse/formats';
export { CALL_FORMAT_LABELS, CALL_FORMATS, shapeLabel } from '../engine/shared/format-labels';
