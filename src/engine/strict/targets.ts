// The strict targets, what a finding says, and the vendor pages each target's rules come from. The sources
// the vendor files cite, all read on 2026-12-01. Where vendor docs and public user reports disagree, both
// are noted at the rule; where a figure is not documented, the rule says so and stays conservative.
// [OAI-SO]  OpenAI, Structured model outputs, "Supported schemas":
//           https://developers.openai.com/api/docs/guides/structured-outputs#supported-schemas
// [OAI-FC]  OpenAI, Function calling, "Strict mode" (strict: true requires every field in `required` and
//           additionalProperties: false on every object): https://developers.openai.com/api/docs/guides/function-calling
// [OAI-API] OpenAI API reference, chat tools[].function.name: "a-z, A-Z, 0-9, or contain underscores and
//           dashes, with a maximum length of 64": https://platform.openai.com/docs/api-reference/chat/create
// [ANT-SO]  Anthropic, Structured outputs, "JSON Schema limitations" (strict tool use shares it):
//           https://platform.claude.com/docs/en/build-with-claude/structured-outputs#json-schema-limitations
// [ANT-ST]  Anthropic, Strict tool use: https://platform.claude.com/docs/en/agents-and-tools/tool-use/strict-tool-use
// [GEM-S]   Google, Gemini API reference, Schema ("a select subset of an OpenAPI 3.0 schema object"):
//           https://ai.google.dev/api/caching#Schema
// [GEM-FD]  Google, FunctionDeclaration (name and parameter-name rules):
//           https://cloud.google.com/vertex-ai/docs/reference/rest/v1beta1/FunctionDeclaration
// The Gemini target is the `parameters` field (the OpenAPI 3.0 subset). Gemini also takes
// `parametersJsonSchema` (JSON Schema); this lint does not target it.

export type StrictTarget = 'openai-strict' | 'anthropic-strict' | 'gemini';
export const STRICT_TARGETS: readonly StrictTarget[] = ['openai-strict', 'anthropic-strict', 'gemini'];
export const STRICT_TARGET_LABELS: Record<StrictTarget, string> = {
  'openai-strict': 'OpenAI strict mode',
  'anthropic-strict': 'Anthropic strict tool use',
  gemini: 'Gemini function declarations',
};

/** The vendor pages each target's rules come from (read 2026-12-01), for the site to link. */
export const STRICT_SOURCES: Record<StrictTarget, { title: string; url: string }[]> = {
  'openai-strict': [
    { title: 'OpenAI: Structured model outputs, supported schemas', url: 'https://developers.openai.com/api/docs/guides/structured-outputs#supported-schemas' },
    { title: 'OpenAI: Function calling, strict mode', url: 'https://developers.openai.com/api/docs/guides/function-calling' },
  ],
  'anthropic-strict': [
    { title: 'Anthropic: Structured outputs, JSON Schema limitations', url: 'https://platform.claude.com/docs/en/build-with-claude/structured-outputs#json-schema-limitations' },
    { title: 'Anthropic: Strict tool use', url: 'https://platform.claude.com/docs/en/agents-and-tools/tool-use/strict-tool-use' },
  ],
  gemini: [
    { title: 'Gemini API reference: Schema', url: 'https://ai.google.dev/api/caching#Schema' },
    { title: 'Vertex AI reference: FunctionDeclaration', url: 'https://cloud.google.com/vertex-ai/docs/reference/rest/v1beta1/FunctionDeclaration' },
  ],
};

export type StrictAction = 'refuses' | 'ignores' | 'rewrite';
export type StrictLives = 'checks' | 'gloss' | 'nowhere';

export interface StrictFinding {
  /** JSON Pointer into the tool's parameter schema, to the keyword ("" for the tool itself). */
  path: string;
  /** The keyword or construct ("minLength", "required", "name"…). */
  construct: string;
  action: StrictAction;
  lives: StrictLives;
  message: string;
}

export interface StrictLintOptions {
  /** Whether every call of this tool goes through check(): true for pack tools (the default). */
  serverRunsCheck?: boolean;
  /** Lint the definition as the user wrote it (tool.source.arguments) rather than the compiled model schema. */
  asWritten?: boolean;
}

export const VENDOR: Record<StrictTarget, string> = { 'openai-strict': 'OpenAI strict mode', 'anthropic-strict': 'Anthropic strict tool use', gemini: 'Gemini' };

/** What a target does with one keyword the walk does not build itself. */
export type Verdict = { kind: 'keep' } | { kind: 'ignored' | 'refused' | 'clamp'; why: string };
