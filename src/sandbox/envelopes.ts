// The Anthropic and MCP exports made from the OpenAI one (the engine's envelopes.ts, which imports no other
// engine code), for the docs pages' scripts that run in the browser: the copy buttons of a tool's exports and
// the imported packs' Anthropic and MCP downloads; and the envelope the export tabs show. Imported directly.
export { envelope, fromOpenAIExport, type EnvelopeForm, type OpenAIToolExport } from '../engine/pack/envelopes';
