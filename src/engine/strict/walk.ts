// Strict-mode lint: what each model vendor refuses, ignores or needs rewritten in a tool's schema when the
// tool is sent in strict mode, and where each dropped rule lives afterwards. Also the strict exports (a
// variant of the tool each vendor accepts) and `fromStrictCall`, which undoes the export's rewrites on the
// server before check(). Pure TypeScript: no DOM, no Node APIs.
//
// Where a rule lives once the vendor drops it (`lives`):
// - `checks`: check() still refuses a call that breaks it. The construct is in the tool's wire schema, the
//   engine enforces that keyword, and the tool's calls go through check(). Every tool of a shipped pack
//   is such a tool: the pack's server is the engine. A pasted definition (the playground's "Your tools",
//   `--tools FILE`) is one only when the caller says its server runs check() on every call
//   (`serverRunsCheck: true`, `--server-runs-check`): we cannot see the user's server.
// - `gloss`: words only. Annotations (title, default, examples, deprecated…) were never enforced by anyone;
//   the strict export moves them into the description, where the model still reads them.
// - `nowhere`: a rule nothing enforces once strict mode is on: the calls do not go through check() (a
//   pasted definition without `serverRunsCheck`), or the engine does not enforce that keyword either (a
//   format AJV does not know). Restating it in the description does not change this: a gloss is read,
//   not checked. This is the finding that matters, and the CLI exits 1 on it.
//
// What the target does (`action`): `refuses` (the schema is refused with the construct in it; the strict
// export drops it and states it in words), `ignores` (accepted, not enforced or not documented as
// enforced; kept), `rewrite` (refused as written, accepted in another spelling the export uses: optional
// fields made nullable, objects closed, a free-form map sent as JSON text in a string…). A tool with any
// `refuses` or `rewrite` finding is refused outright when sent in strict mode as written.
//
// Sources, all read on 2026-12-01. Where vendor docs and public user reports disagree, both are noted at
// the rule; where a figure is not documented, the rule says so and stays conservative.
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
import { fullFormats } from 'ajv-formats/dist/formats';
import { STRICT_DATE_FORMATS } from '../validate/date-formats';
import { FORMAT_RULES, lengthText, listValues, oneOfText, rangeText, whatToSend } from '../faults/rule-words';
import { enumIsListable, resolveLocalRef } from '../schema';
import type { CompiledPack, CompiledTool, FieldInfo, Json, JsonObject, SchemaNode } from '../types';

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

// ---------------------------------------------------------------------------------------------------------
// Vendor rules
// ---------------------------------------------------------------------------------------------------------

// [OAI-SO] "Supported properties": strings take pattern and format, and only these formats.
const OPENAI_FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);
// [OAI-SO] Supported number properties (multipleOf, maximum, exclusiveMaximum, minimum, exclusiveMinimum) and
// array properties (minItems, maxItems). `title` is not listed, but OpenAI's own SDK sends Pydantic's titles
// in strict schemas (openai-python, src/openai/lib/_pydantic.py, to_strict_json_schema keeps them).
const OPENAI_KEEP = new Set(['pattern', 'format', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'minItems', 'maxItems', 'title']);
// [OAI-SO] "Some type-specific keywords are not yet supported": allOf, not, dependentRequired,
// dependentSchemas, if, then, else. Anything else outside the supported list is refused too: "If you turn
// on Structured Outputs by supplying strict: true and call the API with an unsupported JSON Schema, you
// will receive an error."
const OPENAI_DOCUMENTED_UNSUPPORTED = new Set(['allOf', 'not', 'dependentRequired', 'dependentSchemas', 'if', 'then', 'else']);
// [OAI-SO] limits: "up to 5000 object properties total, with up to 10 levels of nesting"; "total string
// length of all property names, definition names, enum values, and const values cannot exceed 120,000
// characters"; "up to 1000 enum values across all enum properties"; "for a single enum property with string
// values, the total string length of all enum values cannot exceed 15,000 characters when there are more
// than 250 enum values". How levels are counted is not documented (users ask in
// community.openai.com/t/918388); counted conservatively here: every object and every array is a level,
// the root object is level 1. Earlier docs said 100 properties and 5 levels (tidyverse/ellmer#671 quotes
// the error "6 levels of nesting exceeds limit of 5").
const OPENAI_MAX_PROPERTIES = 5000;
const OPENAI_MAX_DEPTH = 10;
const OPENAI_MAX_CHARS = 120_000;
const OPENAI_MAX_ENUM_VALUES = 1000;
const OPENAI_BIG_ENUM = 250;
const OPENAI_BIG_ENUM_CHARS = 15_000;

// [ANT-SO] Supported: basic types, enum (strings, numbers, bools or nulls only), const, anyOf and allOf
// (allOf with $ref not supported), local $ref/$defs/definitions, `default`, required, additionalProperties
// (must be false), string formats (below), array minItems of 0 or 1 only; regex patterns without
// backreferences, lookaround, word boundaries or "complex {n,m} quantifiers with large ranges". Not
// supported ("will result in a 400"): recursive schemas, complex enum values, external $ref, numerical
// constraints, string constraints (minLength, maxLength), array constraints beyond minItems 0 or 1,
// additionalProperties other than false.
// Users disagree on two points: a public probe (agentjido/req_llm#302) confirms `minimum` is refused, but
// several report minLength, maxLength and pattern accepted live in 2026 (pydantic-ai#7315 discusses the
// same split for OpenAI). The documented rule is kept: they are refused here.
// Keywords the docs do not mention at all (propertyNames, maxProperties, oneOf, not, if…) are treated as
// refused; public reports of 400s naming them exist (netclaw-dev/netclaw#1133 lists the name rule; the
// keyword reports are in tool-schema sanitizers across many repositories).
const ANTHROPIC_FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'uri', 'ipv4', 'ipv6', 'uuid']);
const ANTHROPIC_KEEP = new Set(['format', 'pattern', 'minItems', 'default']);
// [ANT-SO] "Limits": per request, across all strict tools: at most 20 strict tools, 24 optional parameters
// and 16 parameters with union types (anyOf or a type array). Whether a nested property counts as a
// parameter is not documented: counted conservatively, every property at any depth.
const ANTHROPIC_MAX_STRICT_TOOLS = 20;
const ANTHROPIC_MAX_OPTIONAL = 24;
const ANTHROPIC_MAX_UNIONS = 16;

// [GEM-S] The Schema fields: type, format, title, description, nullable, enum (strings), maxItems, minItems,
// properties, required, minProperties, maxProperties, minLength, maxLength, pattern, example, anyOf,
// propertyOrdering, default, items, minimum, maximum. Any other key is refused: users report 400s
// "Invalid JSON payload received. Unknown name ..." for additionalProperties (BerriAI/litellm#14330),
// const (zed-industries/zed#44875), $schema and propertyNames (openswarm-ai/openswarm#24), and a type
// array ("Proto field is not repeating", zed-industries/zed#53919).
const GEMINI_KEEP = new Set(['nullable', 'title', 'format', 'minItems', 'maxItems', 'minProperties', 'maxProperties', 'minLength', 'maxLength', 'pattern', 'example', 'default', 'minimum', 'maximum', 'propertyOrdering']);
// Accepted, but not documented as enforced when the model writes a call: a Google SDK comment says pattern,
// minLength and maxLength "may only be advisory" (google-gemini/deprecated-generative-ai-js#369); the
// reference says nothing about enforcing the others. Kept in the export, reported as ignored.
const GEMINI_ADVISORY = new Set(['minItems', 'maxItems', 'minProperties', 'maxProperties', 'minLength', 'maxLength', 'pattern', 'minimum', 'maximum']);
// [GEM-S] format: "Supported formats: for NUMBER type: float, double; for INTEGER type: int32, int64; for
// STRING type: enum, date-time". Users get a 400 for others: "format: only 'enum' and 'date-time' are
// supported for STRING type" (google-gemini/gemini-cli#3178).
const GEMINI_FORMATS: Record<string, Set<string>> = { string: new Set(['enum', 'date-time']), number: new Set(['float', 'double']), integer: new Set(['int32', 'int64']) };
// Gemini documents no size limits for function declarations. Users report undocumented ceilings on enum
// values in structured output ("too many states for serving"); with no figure there is no rule here.

// [OAI-API] and Anthropic's 400 "String should match pattern '^[a-zA-Z0-9_-]{1,64}$'" (apify/tester-mcp-client#11,
// 2025-03); later reports quote {1,128} (home-assistant/core#147760). The stricter 64 is kept.
const OPENAI_ANTHROPIC_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
// [GEM-FD] "Must start with a letter or an underscore. Must be a-z, A-Z, 0-9, or contain underscores, dots
// and dashes, with a maximum length of 64."
const GEMINI_NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;
// [GEM-FD] "Parameter names must start with a letter or an underscore and must only contain chars a-z, A-Z,
// 0-9, or underscores with a maximum length of 64." Applied at every depth (conservative).
const GEMINI_PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

// What the engine enforces: every JSON Schema 2020-12 assertion AJV knows, and the formats it has.
const ENGINE_FORMATS = new Set([...Object.keys(fullFormats), ...Object.keys(STRICT_DATE_FORMATS)]);
const ASSERTIONS = new Set([
  'type', 'enum', 'const', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength', 'pattern',
  'maxItems', 'minItems', 'uniqueItems', 'maxContains', 'minContains', 'contains', 'maxProperties', 'minProperties', 'required',
  'dependentRequired', 'dependentSchemas', 'properties', 'patternProperties', 'additionalProperties', 'propertyNames', 'items',
  'prefixItems', 'unevaluatedItems', 'unevaluatedProperties', 'allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', '$ref', 'format',
]);
const SILENT = new Set(['$schema', '$id', '$anchor', '$dynamicAnchor', '$vocabulary']);
const STRUCTURE = new Set(['type', 'description', 'properties', 'required', 'additionalProperties', 'items', 'anyOf', 'oneOf', 'allOf', 'not', 'if', 'then', 'else', 'enum', 'const', '$defs', 'definitions', '$ref']);

function engineEnforces(keyword: string, value: unknown): boolean {
  if (!ASSERTIONS.has(keyword)) return false;
  return keyword !== 'format' || (typeof value === 'string' && ENGINE_FORMATS.has(value));
}

// ---------------------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------------------

function isObj(v: unknown): v is SchemaNode {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function ptr(base: string, key: string | number): string {
  return `${base}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

function compact(v: unknown): string {
  const strip = (x: unknown): unknown => (Array.isArray(x) ? x.map(strip) : isObj(x) ? Object.fromEntries(Object.entries(x).filter(([k]) => !k.startsWith('x-')).map(([k, y]) => [k, strip(y)])) : x);
  return JSON.stringify(strip(v));
}

/** FNV-1a, for short stable suffixes on shortened names. */
function hash8(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

function shorten(name: string, max: number): string {
  return name.length <= max ? name : `${name.slice(0, max - 9)}_${hash8(name)}`;
}

function typesOf(n: SchemaNode): string[] {
  if (Array.isArray(n.type)) return n.type.filter((t: unknown): t is string => typeof t === 'string');
  if (typeof n.type === 'string') return [n.type];
  if (n.properties !== undefined || n.additionalProperties !== undefined || n.patternProperties !== undefined) return ['object'];
  if (n.items !== undefined || n.prefixItems !== undefined) return ['array'];
  const values: unknown[] | undefined = Array.isArray(n.enum) ? n.enum : 'const' in n ? [n.const] : undefined;
  if (values?.length) {
    const kinds = new Set(values.map((v) => (v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v)));
    if (kinds.has('integer') && kinds.has('number')) kinds.delete('integer');
    return [...kinds];
  }
  return [];
}

/** Branches that only add `required` (or words): "send at least one of these fields". */
function constraintOnlyBranches(branches: unknown): boolean {
  return Array.isArray(branches) && branches.length > 0 && branches.every((b) => isObj(b) && Object.keys(b).every((k) => ['required', 'description', 'title', '$comment'].includes(k) || k.startsWith('x-')));
}

function requiredChoice(branches: unknown): string[] | undefined {
  if (!constraintOnlyBranches(branches)) return undefined;
  const names = (branches as SchemaNode[]).map((b) => (Array.isArray(b.required) && b.required.length === 1 ? String(b.required[0]) : null));
  return names.every((n) => n !== null) ? (names as string[]) : undefined;
}

function anthropicRegexProblem(pattern: string): string | undefined {
  // [ANT-SO] regex features not supported.
  if (/\\[1-9]|\\k</.test(pattern)) return 'a backreference';
  if (/\(\?<?[=!]/.test(pattern)) return 'a lookahead or lookbehind';
  if (/(^|[^\\])(\\\\)*\\[bB]/.test(pattern)) return 'a word boundary';
  // "simple {n,m} cases" are supported, "complex {n,m} quantifiers with large ranges" are not, and how large
  // is too large is not documented: limit not documented, so every counted range ({n,m} with m != n, {n,})
  // is treated as refused.
  for (const m of pattern.matchAll(/(^|[^\\])\{(\d+),(\d*)\}/g)) if (m[3] === '' || m[3] !== m[2]) return `a counted range {${m[2]},${m[3]}} (Anthropic refuses "complex {n,m} quantifiers with large ranges" without saying how large: limit not documented)`;
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------------------------------------

/** The tool's name as the target accepts it: unchanged when it fits, else made to fit (and shortened). */
export function strictToolName(name: string, target: StrictTarget): string {
  if (target === 'gemini') {
    if (GEMINI_NAME.test(name)) return name;
    let n = name.replace(/[^A-Za-z0-9_.-]/g, '_');
    if (!/^[A-Za-z_]/.test(n)) n = `_${n}`;
    return shorten(n, 64);
  }
  if (OPENAI_ANTHROPIC_NAME.test(name)) return name;
  return shorten(name.replace(/[^a-zA-Z0-9_-]/g, '_') || '_', 64);
}

/** Sibling property names as Gemini takes them: original -> renamed (identity when a name fits). */
export function geminiPropertyNames(names: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  const taken = new Set(names.filter((n) => GEMINI_PARAM_NAME.test(n)));
  for (const name of names) {
    if (GEMINI_PARAM_NAME.test(name)) {
      out.set(name, name);
      continue;
    }
    let n = name.replace(/[^A-Za-z0-9_]/g, '_');
    if (!/^[A-Za-z_]/.test(n)) n = `_${n}`;
    n = shorten(n, 64);
    let candidate = n;
    for (let i = 2; taken.has(candidate); i++) candidate = shorten(`${n}_${i}`, 64);
    taken.add(candidate);
    out.set(name, candidate);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// The walk: one pass builds the target's schema and records a finding for every construct it changes
// ---------------------------------------------------------------------------------------------------------

interface Decisions {
  /** Schema pointers whose node is sent as JSON text in a string, and why. */
  collapse: Map<string, string>;
  /** Enum pointers left out for a size limit, and why. */
  dropEnum: Map<string, string>;
  /** Anthropic: optional properties sent as required and nullable to fit the optional-parameter limit. */
  nullableRequired: Set<string>;
}

interface Walk {
  target: StrictTarget;
  checked: boolean;
  root: SchemaNode;
  fields: Map<string, FieldInfo> | undefined;
  findings: StrictFinding[];
  decisions: Decisions;
  refStack: string[];
  rootNotes: string[];
  /** Output node -> the input pointer it came from (for the size passes). */
  sites: Map<SchemaNode, string>;
}

const VENDOR: Record<StrictTarget, string> = { 'openai-strict': 'OpenAI strict mode', 'anthropic-strict': 'Anthropic strict tool use', gemini: 'Gemini' };

function where(field: string): string {
  return field ? field : 'the arguments object';
}

function tail(w: Walk, lives: StrictLives): string {
  if (lives === 'checks') return 'check() still enforces it on every call.';
  if (lives === 'gloss') return 'It is words for the model and was never enforced; the strict export keeps it in the description.';
  return w.checked ? 'The engine does not enforce it either, so nothing does.' : 'Nothing enforces it unless your server runs check() on every call.';
}

function livesOf(w: Walk, keyword: string, value: unknown): StrictLives {
  if (!ASSERTIONS.has(keyword)) return 'gloss';
  return w.checked && engineEnforces(keyword, value) ? 'checks' : 'nowhere';
}

function record(w: Walk, path: string, construct: string, action: StrictAction, lives: StrictLives, what: string) {
  w.findings.push({ path, construct, action, lives, message: `${what} ${tail(w, lives)}` });
}

/** The rule of one keyword in words, as a sentence for the description. */
function ruleWords(keyword: string, n: SchemaNode, info: FieldInfo | undefined): string {
  const v = n[keyword];
  switch (keyword) {
    case 'pattern':
      return info?.rule ? `Must be ${info.rule}${info.example !== undefined ? `, e.g. ${typeof info.example === 'string' ? info.example : JSON.stringify(info.example)}` : ''}.` : `Must match the regular expression ${v}.`;
    case 'format':
      return FORMAT_RULES[v] ? `Must be ${FORMAT_RULES[v].rule}, e.g. ${FORMAT_RULES[v].example}.` : `Must be in ${v} format.`;
    case 'minLength':
    case 'maxLength':
      return `Must be ${lengthText(n, 'minLength', 'maxLength', 'characters')} long.`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `Must be ${rangeText(n)}.`;
    case 'multipleOf':
      return `Must be a multiple of ${v}.`;
    case 'minItems':
    case 'maxItems':
      return `Must have ${lengthText(n, 'minItems', 'maxItems', 'items')}.`;
    case 'uniqueItems':
      return v === true ? 'Items must not repeat.' : '';
    case 'minProperties':
    case 'maxProperties':
      return `Must have ${lengthText(n, 'minProperties', 'maxProperties', 'keys')}.`;
    case 'propertyNames':
      return `Every key must match ${compact(v)}.`;
    case 'default':
      return `Defaults to ${JSON.stringify(v)} when left out.`;
    case 'examples':
      return Array.isArray(v) && v.length ? `For example: ${v.map((x) => JSON.stringify(x)).join(', ')}.` : '';
    case 'example':
      return `For example: ${JSON.stringify(v)}.`;
    case 'title':
      return typeof v === 'string' ? `${v.replace(/\.$/, '')}.` : '';
    case 'deprecated':
      return v === true ? 'Deprecated.' : '';
    case 'readOnly':
      return v === true ? 'Read-only.' : '';
    case 'writeOnly':
      return v === true ? 'Write-only.' : '';
    case 'enum':
      return Array.isArray(v) ? `Must be ${enumWords(info, v)}.` : '';
    case 'const':
      return `Must be ${JSON.stringify(v)}.`;
    case 'additionalProperties':
      return v === false ? 'Send no keys other than the ones listed.' : `Other keys must match ${compact(v)}.`;
    case 'not':
      return `Must not match ${compact(v)}.`;
    case 'allOf':
      return `Must also match all of ${compact(v)}.`;
    case 'dependentRequired':
      return isObj(v) ? Object.entries(v).map(([k, list]) => `When ${k} is sent, ${(list as string[]).join(', ')} must be sent too.`).join(' ') : '';
    case 'if':
      return `Must satisfy: if ${compact(n.if)} then ${compact(n.then ?? {})}${n.else ? ` else ${compact(n.else)}` : ''}.`;
    case 'then':
    case 'else':
      return '';
    default:
      return `Must satisfy ${keyword}: ${compact(v)}.`;
  }
}

/** The node sent as JSON text in a string instead: the value keeps its meaning, check() parses it (absorb). */
function collapsed(w: Walk, n: SchemaNode, path: string, field: string, construct: string, why: string): SchemaNode {
  const types = typesOf(n);
  const lives: StrictLives = w.checked ? 'checks' : 'nowhere';
  record(w, path, construct, 'rewrite', lives, `${where(field)}: ${why}. The strict export asks for it as JSON text in a string, which check() parses back before validating.`);
  const shape = compact(Object.fromEntries(Object.entries(n).filter(([k]) => k !== 'description')));
  const kind = types.includes('array') && !types.includes('object') ? 'array' : 'object';
  const description = [typeof n.description === 'string' ? n.description : '', `Send the ${kind} as JSON text in a string, matching this JSON Schema: ${shape}`].filter(Boolean).join(' ');
  return withNull(w.target, { type: 'string', description }, types.includes('null'));
}

/** `schema` that also admits null, in the spelling the target takes; `sites` learns the new nodes' origin. */
function withNull(target: StrictTarget, schema: SchemaNode, nullable: boolean, sites?: Map<SchemaNode, string>): SchemaNode {
  if (!nullable) return schema;
  const at = sites?.get(schema);
  const mark = (node: SchemaNode) => {
    if (at !== undefined) sites!.set(node, at);
    return node;
  };
  if (target === 'gemini') return mark({ ...schema, nullable: true });
  if (target === 'openai-strict' && typeof schema.type === 'string' && !('enum' in schema) && !('const' in schema)) return mark({ ...schema, type: [schema.type, 'null'] });
  const { description, ...rest } = schema;
  if (Object.keys(rest).length === 1 && Array.isArray(rest.anyOf)) return mark({ ...(description ? { description } : {}), anyOf: [...rest.anyOf, { type: 'null' }] });
  return mark({ ...(description ? { description } : {}), anyOf: [mark(rest), { type: 'null' }] });
}

function visit(w: Walk, raw: unknown, path: string, field: string, role: 'root' | 'property' | 'items' | 'branch' | 'def'): SchemaNode {
  if (raw === true || (isObj(raw) && Object.keys(raw).every((k) => k.startsWith('x-') || k === 'description' || k === 'title'))) {
    // Any value at all: no target takes a schema without a type. Scalars keep their meaning; an object or
    // array sent here would have to be JSON text.
    const n = isObj(raw) ? raw : {};
    record(w, path, 'type', 'rewrite', w.checked ? 'checks' : 'nowhere', `${where(field)}: ${VENDOR[w.target]} needs a type, and this schema takes any value. The strict export offers a string, number, boolean or null.`);
    const out: SchemaNode = { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'null' }] };
    if (typeof n.description === 'string') out.description = n.description;
    if (w.target === 'gemini') return { ...out, anyOf: out.anyOf.slice(0, 3), nullable: true };
    return out;
  }
  if (raw === false) {
    record(w, path, 'false', 'refuses', w.checked ? 'checks' : 'nowhere', `${where(field)}: the schema false (no value allowed) has no strict spelling. The strict export offers null only.`);
    return w.target === 'gemini' ? { type: 'string', nullable: true, description: 'Must not be sent: send null.' } : { type: 'null' };
  }
  if (!isObj(raw)) return raw as SchemaNode;
  const n = raw;

  if (typeof n.$ref === 'string') {
    const ref: string = n.$ref;
    const siblingKeys = Object.keys(n).filter((k) => k !== '$ref' && k !== 'description' && !k.startsWith('x-'));
    if (w.target === 'openai-strict' && siblingKeys.length === 0) {
      // [OAI-SO] "Definitions are supported", "Recursive schemas are supported".
      const out: SchemaNode = { $ref: ref };
      if (typeof n.description === 'string') out.description = n.description;
      w.sites.set(out, path);
      return out;
    }
    const target = resolveLocalRef(w.root, n);
    if (!target) {
      // [ANT-SO] "External $ref" is not supported; our engine cannot resolve it either.
      record(w, ptr(path, '$ref'), '$ref', 'refuses', 'nowhere', `${where(field)}: ${ref} cannot be resolved inside the tool.`);
      return { type: 'string', description: typeof n.description === 'string' ? n.description : '' };
    }
    if (w.refStack.includes(ref) || w.refStack.length > 32) {
      // [ANT-SO] "Recursive schemas" are not supported; Gemini has no $ref to recurse with.
      return collapsed(w, target.node, path, field, '$ref', `${VENDOR[w.target]} cannot express the recursive schema ${ref}`);
    }
    if (w.target === 'gemini') record(w, ptr(path, '$ref'), '$ref', 'rewrite', w.checked ? 'checks' : 'nowhere', `${where(field)}: Gemini has no $ref; the strict export writes ${ref} out in place.`);
    const { $ref: _r, ...siblings } = n;
    w.refStack.push(ref);
    const out = visit(w, { ...target.node, ...siblings }, path, field, role);
    w.refStack.pop();
    return out;
  }

  const info = w.fields?.get(field);
  // An enum or const without a type says its values; only Gemini needs the type spelled (and only strings).
  const inferOnlyForGemini = n.type === undefined && (Array.isArray(n.enum) || 'const' in n) && w.target !== 'gemini';
  const types = inferOnlyForGemini ? [] : typesOf(n);
  const collapseWhy = w.decisions.collapse.get(path);
  if (collapseWhy && role !== 'root') return collapsed(w, n, path, field, collapseWhy.split(':')[0], collapseWhy.slice(collapseWhy.indexOf(':') + 1).trim());

  // Free-form maps and untyped arrays: every target needs declared properties and closed objects, or item
  // schemas ([OAI-SO] "additionalProperties: false must always be set in objects", users report a refused
  // free-form object in letta-ai/letta#3137 and `items: {}` in pydantic/pydantic-ai#4460; [ANT-SO]
  // "additionalProperties set to anything other than false"; Gemini has no additionalProperties and
  // refuses an OBJECT without properties: "properties: should be non-empty for OBJECT type",
  // agno-agi/agno#2112).
  if (role !== 'root' && types.includes('object')) {
    const open = n.additionalProperties !== undefined && n.additionalProperties !== false;
    const noProps = !isObj(n.properties) || (w.target === 'gemini' && Object.keys(n.properties).length === 0);
    if (open || noProps || n.patternProperties !== undefined) {
      return collapsed(w, n, path, field, open ? 'additionalProperties' : n.patternProperties !== undefined ? 'patternProperties' : 'properties', `${VENDOR[w.target]} refuses an object without declared properties or with additionalProperties other than false (a free-form map)`);
    }
  }
  if (types.includes('array') && (n.items === undefined || n.items === true || (isObj(n.items) && Object.keys(n.items).length === 0) || n.prefixItems !== undefined)) {
    return collapsed(w, n, path, field, n.prefixItems !== undefined ? 'prefixItems' : 'items', `${VENDOR[w.target]} needs one item schema for an array (prefixItems tuples are refused: pydantic/pydantic-ai#7315)`);
  }

  const out: SchemaNode = {};
  w.sites.set(out, path);
  const notes: string[] = [];
  const note = (s: string) => {
    if (s && !notes.includes(s)) notes.push(s);
  };
  const drop = (key: string, action: StrictAction, why: string) => {
    const lives = livesOf(w, key, n[key]);
    record(w, ptr(path, key), key, action, lives, `${where(field)}: ${why}.`);
    note(ruleWords(key, n, info));
  };
  if (role === 'root' && n.patternProperties !== undefined) drop('patternProperties', 'refuses', `${VENDOR[w.target]} takes no patternProperties`);

  // type
  const nonNull = types.filter((t) => t !== 'null');
  const nullable = types.includes('null');
  let wrapNull = false;
  if (nonNull.length > 1) {
    const spelled = nonNull.map((t) => ({ type: t }));
    record(w, ptr(path, 'type'), 'type', 'rewrite', w.checked ? 'checks' : 'nowhere', `${where(field)}: ${VENDOR[w.target]} takes one type per schema; the strict export offers ${nonNull.join(', ')} as anyOf branches without their type-specific rules.`);
    const described = typeof n.description === 'string' ? n.description : undefined;
    const branches = nullable && w.target !== 'gemini' ? [...spelled, { type: 'null' }] : spelled;
    const res: SchemaNode = { anyOf: branches };
    if (described) res.description = described;
    if (nullable && w.target === 'gemini') res.nullable = true;
    return res;
  }
  if (nonNull.length === 1) {
    if (nullable && Array.isArray(n.type)) {
      if (w.target === 'openai-strict') out.type = [nonNull[0], 'null'];
      else {
        out.type = nonNull[0];
        if (w.target === 'gemini') {
          out.nullable = true;
          record(w, ptr(path, 'type'), 'type', 'rewrite', w.checked ? 'checks' : 'nowhere', `${where(field)}: Gemini refuses a type array (zed-industries/zed#53919); the strict export sends ${nonNull[0]} with nullable: true.`);
        } else {
          wrapNull = true;
          // [ANT-SO] lists the basic types but no type arrays; a public sanitizer notes that nullable fields
          // must be an anyOf with a null branch (systemprompt-models, wire/anthropic/strict.rs). Conservative.
          record(w, ptr(path, 'type'), 'type', 'rewrite', w.checked ? 'checks' : 'nowhere', `${where(field)}: the strict export spells the type array as anyOf with a null branch, the form Anthropic's docs show.`);
        }
      }
    } else out.type = nonNull[0];
  } else if (nullable) out.type = w.target === 'gemini' ? 'string' : 'null';

  if (typeof n.description === 'string') out.description = n.description;

  // enum and const
  if (Array.isArray(n.enum)) {
    const values: Json[] = n.enum;
    const dropWhy = w.decisions.dropEnum.get(ptr(path, 'enum'));
    if (dropWhy) drop('enum', 'refuses', dropWhy);
    else if (w.target === 'anthropic-strict' && values.some((v) => isObj(v) || Array.isArray(v))) drop('enum', 'refuses', 'Anthropic refuses objects and arrays among enum values ("Complex types within enums")');
    else if (w.target === 'gemini' && values.some((v) => typeof v !== 'string')) drop('enum', 'refuses', 'Gemini takes enum values as strings only (a number fails with "Invalid value ... (TYPE_STRING)", Draculabo/AntigravityManager#260)');
    else out.enum = values;
  }
  if ('const' in n) {
    if (w.target === 'gemini') {
      if (typeof n.const === 'string' && !Array.isArray(n.enum)) {
        out.enum = [n.const];
        if (!out.type) out.type = 'string';
        record(w, ptr(path, 'const'), 'const', 'rewrite', w.checked ? 'checks' : 'nowhere', `${where(field)}: Gemini has no const (zed-industries/zed#44875); the strict export sends a one-value enum.`);
      } else drop('const', 'refuses', 'Gemini has no const, and an enum holds strings only');
    } else out.const = n.const;
  }

  // objects
  if (isObj(n.properties)) {
    const names = Object.keys(n.properties);
    const renamed = w.target === 'gemini' ? geminiPropertyNames(names) : undefined;
    const props: [string, SchemaNode][] = [];
    const declaredRequired: string[] = Array.isArray(n.required) ? n.required.filter((r: unknown) => typeof r === 'string') : [];
    const required: string[] = [];
    for (const name of names) {
      const childPath = ptr(ptr(path, 'properties'), name);
      let child = visit(w, n.properties[name], childPath, field ? `${field}.${name}` : name, 'property');
      const isRequired = declaredRequired.includes(name);
      const outName = renamed?.get(name) ?? name;
      if (outName !== name) record(w, childPath, 'property name', 'rewrite', w.checked ? 'checks' : 'nowhere', `${where(field ? `${field}.${name}` : name)}: Gemini parameter names take letters, digits and underscores only; the strict export sends it as ${outName}, and fromStrictCall() maps it back.`);
      if (!isRequired && (w.target === 'openai-strict' || w.decisions.nullableRequired.has(childPath))) {
        const budget = w.target === 'anthropic-strict';
        record(
          w,
          childPath,
          'required',
          'rewrite',
          w.checked ? 'checks' : 'nowhere',
          budget
            ? `${field ? `${field}.${name}` : name}: Anthropic allows 24 optional parameters per request; the strict export makes this one required and nullable, and fromStrictCall() drops the null.`
            : `${field ? `${field}.${name}` : name}: OpenAI strict mode needs every property in required; the strict export makes it required and nullable, and fromStrictCall() drops the null so check() sees it left out.`,
        );
        child = withNull(w.target, child, true, w.sites);
        required.push(outName);
      } else if (isRequired || w.target === 'openai-strict') required.push(outName);
      props.push([outName, child]);
    }
    out.properties = Object.fromEntries(props);
    for (const r of declaredRequired) if (!names.includes(r)) drop('required', 'refuses', `${r} is required but not declared, which no target can express`);
    if (required.length) out.required = required;
    if (w.target === 'gemini') {
      if (n.additionalProperties === false) drop('additionalProperties', 'refuses', 'Gemini has no additionalProperties, so it does not close objects (BerriAI/litellm#14330)');
    } else {
      if (n.additionalProperties === undefined) {
        const what = w.target === 'openai-strict' ? 'OpenAI: "additionalProperties: false must always be set in objects"' : 'Anthropic needs additionalProperties: false on every object';
        record(w, ptr(path, 'additionalProperties'), 'additionalProperties', 'rewrite', w.checked ? 'checks' : 'nowhere', `${where(field)}: ${what}; the strict export adds it, and check() closes such objects too.`);
      } else if (n.additionalProperties !== false) {
        drop('additionalProperties', 'refuses', `${VENDOR[w.target]} takes additionalProperties: false only; the strict export closes the object`);
      }
      out.additionalProperties = false;
    }
  }

  // arrays
  if (n.items !== undefined && !Array.isArray(n.items)) out.items = visit(w, n.items, ptr(path, 'items'), `${field}[]`, 'items');

  // unions and compositions
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (!Array.isArray(n[key])) continue;
    const choice = requiredChoice(n[key]);
    if (constraintOnlyBranches(n[key])) {
      // Branches that only list required fields: no vendor documents them (a branch without a type), and
      // OpenAI refuses anyOf at the root. Conservative: left out, stated in words.
      const lives = livesOf(w, key, n[key]);
      const rootRule = role === 'root' && w.target === 'openai-strict' ? ', and OpenAI refuses anyOf at the root ("Root objects must not be anyOf")' : '';
      const fields = choice ? ` (${choice.join(', ')})` : '';
      record(w, ptr(path, key), key, 'refuses', lives, `${where(field)}: ${key} whose branches only require fields${fields} is not documented in ${VENDOR[w.target]}'s subset (a branch without a type)${rootRule}; the strict export states it in words.`);
      note(choice ? `Send ${key === 'oneOf' ? 'exactly one' : 'at least one'} of: ${choice.join(', ')}.` : `Must match ${key === 'oneOf' ? 'exactly one' : 'at least one'} of ${compact(n[key])}.`);
      continue;
    }
    if (role === 'root' && w.target === 'openai-strict') {
      drop(key, 'refuses', 'OpenAI refuses anyOf at the root ("Root objects must not be anyOf and must be an object")');
      continue;
    }
    const branches = (n[key] as unknown[]).map((b, i) => visit(w, b, ptr(ptr(path, key), i), field, 'branch'));
    if (key === 'oneOf') {
      record(w, ptr(path, key), 'oneOf', 'rewrite', livesOf(w, 'oneOf', n.oneOf), `${where(field)}: ${VENDOR[w.target]} has no oneOf; the strict export sends anyOf, which also lets a value match several branches.`);
      note('Must match exactly one of these shapes.');
    }
    out.anyOf = [...(out.anyOf ?? []), ...branches];
  }
  if (Array.isArray(n.allOf)) {
    if (w.target === 'anthropic-strict') out.allOf = n.allOf.map((b: unknown, i: number) => visit(w, b, ptr(ptr(path, 'allOf'), i), field, 'branch'));
    else drop('allOf', 'refuses', w.target === 'openai-strict' ? 'OpenAI lists allOf among the keywords not yet supported' : 'Gemini has no allOf');
  }
  for (const key of ['not', 'if', 'dependentRequired', 'dependentSchemas']) {
    if (!(key in n)) continue;
    drop(key, 'refuses', w.target === 'openai-strict' ? `OpenAI lists ${key} among the keywords not yet supported` : w.target === 'anthropic-strict' ? `${key} is not in Anthropic's supported subset` : `Gemini has no ${key}`);
  }
  for (const key of ['then', 'else']) if (key in n && !('if' in n)) drop(key, 'refuses', `${key} without if is not in ${VENDOR[w.target]}'s subset`);
  if ('then' in n && 'if' in n) record(w, ptr(path, 'then'), 'then', 'refuses', livesOf(w, 'then', n.then), `${where(field)}: dropped with its if.`);
  if ('else' in n && 'if' in n) record(w, ptr(path, 'else'), 'else', 'refuses', livesOf(w, 'else', n.else), `${where(field)}: dropped with its if.`);

  if ((n.$defs || n.definitions) && role === 'root') {
    for (const key of ['$defs', 'definitions'] as const) {
      if (!isObj(n[key])) continue;
      // OpenAI keeps definitions; the others get every $ref written out in place (above).
      if (w.target === 'openai-strict') out[key] = Object.fromEntries(Object.entries(n[key]).map(([k, v]) => [k, visit(w, v, ptr(ptr(path, key), k), '', 'def')]));
    }
  }

  // every other keyword: kept, ignored or refused, per target
  for (const [key, value] of Object.entries(n)) {
    if (key.startsWith('x-') || STRUCTURE.has(key) || SILENT.has(key)) continue;
    if (key === 'dependentRequired' || key === 'dependentSchemas' || key === 'patternProperties') continue;
    const v = verdict(w.target, key, value, nonNull[0]);
    if (v.kind === 'keep') out[key] = value;
    else if (v.kind === 'ignored') {
      out[key] = value;
      record(w, ptr(path, key), key, 'ignores', livesOf(w, key, value), `${where(field)}: ${v.why}.`);
    } else if (v.kind === 'clamp') {
      out[key] = 1;
      drop(key, 'refuses', v.why);
    } else drop(key, 'refuses', v.why);
  }

  if (notes.length) {
    if (role === 'root') w.rootNotes.push(...notes);
    else out.description = [out.description, ...notes].filter(Boolean).join(' ');
  }
  return wrapNull ? withNull(w.target, out, true, w.sites) : out;
}

type Verdict = { kind: 'keep' } | { kind: 'ignored' | 'refused' | 'clamp'; why: string };

function verdict(target: StrictTarget, key: string, value: unknown, type: string | undefined): Verdict {
  const annotation = !ASSERTIONS.has(key);
  if (target === 'openai-strict') {
    if (key === 'format') return OPENAI_FORMATS.has(value as string) ? { kind: 'keep' } : { kind: 'refused', why: `OpenAI strict mode takes only the formats ${[...OPENAI_FORMATS].join(', ')}, not ${JSON.stringify(value)}` };
    if (OPENAI_KEEP.has(key)) return { kind: 'keep' };
    if (key === 'minLength' || key === 'maxLength')
      return {
        kind: 'refused',
        why: `OpenAI's supported string keywords are pattern and format; ${key} is not listed (the docs name it only as unsupported for fine-tuned models). Users disagree: pydantic/pydantic-ai#7400 reports it accepted and enforced in 2026, jina-ai/node-DeepResearch#79 reports "maxLength is not permitted" in 2025. Treated as refused`,
      };
    if (key === 'default') return { kind: 'refused', why: 'OpenAI strict mode refuses default (not in the supported subset; users report "\'default\' is not permitted", 567-labs/instructor#961)' };
    if (OPENAI_DOCUMENTED_UNSUPPORTED.has(key)) return { kind: 'refused', why: `OpenAI lists ${key} among the keywords not yet supported` };
    return { kind: 'refused', why: annotation ? `${key} is not in OpenAI's supported subset` : `OpenAI strict mode does not support ${key} (not in its supported subset; unsupported keywords are refused with an error)` };
  }
  if (target === 'anthropic-strict') {
    if (key === 'format') return ANTHROPIC_FORMATS.has(value as string) ? { kind: 'keep' } : { kind: 'refused', why: `Anthropic strict tool use takes only the formats ${[...ANTHROPIC_FORMATS].join(', ')}, not ${JSON.stringify(value)}` };
    if (key === 'pattern') {
      const problem = typeof value === 'string' ? anthropicRegexProblem(value) : 'a pattern that is not a string';
      return problem ? { kind: 'refused', why: `Anthropic refuses this pattern: it has ${problem}` } : { kind: 'keep' };
    }
    if (key === 'minItems') return value === 0 || value === 1 ? { kind: 'keep' } : { kind: 'clamp', why: `Anthropic takes minItems 0 or 1 only ("Array minItems (only values 0 and 1 supported)"); the strict export sends minItems 1` };
    if (ANTHROPIC_KEEP.has(key)) return { kind: 'keep' };
    if (['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'].includes(key)) return { kind: 'refused', why: `Anthropic refuses numerical constraints such as ${key} (documented; a user report agrees: agentjido/req_llm#302)` };
    if (key === 'minLength' || key === 'maxLength') return { kind: 'refused', why: `Anthropic's docs refuse string constraints (minLength, maxLength); some users report them accepted live in 2026. Treated as refused` };
    if (['maxItems', 'uniqueItems', 'contains', 'minContains', 'maxContains', 'prefixItems'].includes(key)) return { kind: 'refused', why: `Anthropic refuses array constraints beyond minItems 0 or 1, such as ${key}` };
    return { kind: 'refused', why: annotation ? `${key} is not among the features Anthropic lists as supported` : `${key} is not in Anthropic's supported subset` };
  }
  // gemini
  if (key === 'format') {
    const ok = type ? GEMINI_FORMATS[type]?.has(value as string) : false;
    return ok ? { kind: 'keep' } : { kind: 'refused', why: `Gemini takes format ${JSON.stringify(value)} on a ${type ?? 'value'} with a 400 ("only 'enum' and 'date-time' are supported for STRING type", google-gemini/gemini-cli#3178)` };
  }
  if (GEMINI_ADVISORY.has(key)) return { kind: 'ignored', why: `Gemini accepts ${key}, but its reference does not say a function call is held to it${['pattern', 'minLength', 'maxLength'].includes(key) ? ' (a Google SDK comment calls it "advisory")' : ''}: enforcement not documented` };
  if (GEMINI_KEEP.has(key)) return { kind: 'keep' };
  return { kind: 'refused', why: `Gemini's Schema has no ${key} field, and unknown fields fail the request ("Unknown name")` };
}

// ---------------------------------------------------------------------------------------------------------
// Size passes: measure the built schema and decide what to leave out or collapse, then walk again
// ---------------------------------------------------------------------------------------------------------

interface PropSite {
  path: string;
  node: SchemaNode;
  depth: number;
  optional: boolean;
  union: boolean;
  /** Object or array: a candidate for being sent as JSON text. */
  nested: boolean;
  /** Optional properties, unions and properties inside it (not counting itself). */
  inner: { optional: number; unions: number; props: number; maxDepth: number };
}

interface Measure {
  props: number;
  depth: number;
  optional: number;
  unions: number;
  enumValues: number;
  chars: number;
  enums: { path: string; values: Json[] }[];
  sites: PropSite[];
}

function isUnion(s: SchemaNode): boolean {
  return Array.isArray(s.anyOf) || (Array.isArray(s.type) && s.type.length > 1);
}

function measure(schema: SchemaNode, sites: Map<SchemaNode, string>): Measure {
  const m: Measure = { props: 0, depth: 0, optional: 0, unions: 0, enumValues: 0, chars: 0, enums: [], sites: [] };
  const walk = (s: unknown, depth: number, acc: PropSite['inner'][]): void => {
    if (!isObj(s)) return;
    const level = s.type === 'object' || s.type === 'array' || (Array.isArray(s.type) && (s.type.includes('object') || s.type.includes('array'))) || isObj(s.properties) ? depth + 1 : depth;
    m.depth = Math.max(m.depth, level);
    for (const a of acc) a.maxDepth = Math.max(a.maxDepth, level);
    // Every anyOf and type array counts as a union, wherever it is (conservative: the docs count "parameters").
    if (isUnion(s)) {
      m.unions++;
      for (const a of acc) a.unions++;
    }
    if (Array.isArray(s.enum)) {
      m.enumValues += s.enum.length;
      m.chars += s.enum.reduce((n: number, v: unknown) => n + (typeof v === 'string' ? v.length : JSON.stringify(v).length), 0);
      const at = sites.get(s);
      if (at !== undefined) m.enums.push({ path: ptr(at, 'enum'), values: s.enum });
    }
    if ('const' in s) m.chars += typeof s.const === 'string' ? s.const.length : JSON.stringify(s.const).length;
    if (isObj(s.properties)) {
      const required: string[] = Array.isArray(s.required) ? s.required : [];
      for (const [name, child] of Object.entries(s.properties)) {
        m.props++;
        m.chars += name.length;
        const optional = !required.includes(name);
        const union = isObj(child) && isUnion(child);
        if (optional) m.optional++;
        for (const a of acc) {
          a.props++;
          if (optional) a.optional++;
        }
        const c = child as SchemaNode;
        const core = Array.isArray(c.anyOf) ? c.anyOf.find((b: SchemaNode) => isObj(b) && b.type !== 'null') ?? c : c;
        const nested = isObj(core) && (core.type === 'object' || core.type === 'array' || (Array.isArray(core.type) && (core.type.includes('object') || core.type.includes('array'))));
        const inner = { optional: 0, unions: 0, props: 0, maxDepth: 0 };
        const at = sites.get(core) ?? sites.get(c);
        if (at !== undefined) m.sites.push({ path: at, node: c, depth: level, optional, union, nested, inner });
        walk(child, level, [...acc, inner]);
      }
    }
    if (isObj(s.items)) walk(s.items, level, acc);
    for (const k of ['anyOf', 'allOf']) if (Array.isArray(s[k])) for (const b of s[k]) walk(b, depth, acc);
    for (const k of ['$defs', 'definitions']) if (isObj(s[k])) for (const [name, d] of Object.entries(s[k])) {
      m.chars += name.length;
      walk(d, 0, acc);
    }
  };
  walk(schema, 0, []);
  return m;
}

export interface StrictPlan {
  target: StrictTarget;
  /** The parameter schema the target accepts. */
  schema: SchemaNode;
  /** Rules of the arguments object itself that moved into the tool's description. */
  rootNotes: string[];
  findings: StrictFinding[];
  /** False when no rewrite makes the tool fit (the export then goes without `strict: true`). */
  strict: boolean;
  /** Anthropic request budget: this tool's optional and union parameters once exported. */
  optional: number;
  unions: number;
}

function walkOnce(tool: CompiledTool, target: StrictTarget, schema: SchemaNode, checked: boolean, decisions: Decisions) {
  const w: Walk = { target, checked, root: schema, fields: tool.fields, findings: [], decisions, refStack: [], rootNotes: [], sites: new Map() };
  const out = visit(w, schema, '', '', 'root');
  return { w, out };
}

function planTool(tool: CompiledTool, target: StrictTarget, schema: SchemaNode, checked: boolean): StrictPlan {
  const decisions: Decisions = { collapse: new Map(), dropEnum: new Map(), nullableRequired: new Set() };
  let run = walkOnce(tool, target, schema, checked, decisions);
  let m = measure(run.out, run.w.sites);
  let strict = true;
  const budgetFindings: StrictFinding[] = [];
  for (let round = 0; round < 200; round++) {
    let changed = false;
    if (target === 'openai-strict') changed = openaiBudget(m, decisions);
    else if (target === 'anthropic-strict') changed = anthropicBudget(m, decisions);
    if (!changed) break;
    run = walkOnce(tool, target, schema, checked, decisions);
    m = measure(run.out, run.w.sites);
  }
  const over = target === 'openai-strict' ? openaiOver(m) : target === 'anthropic-strict' ? anthropicOver(m) : [];
  for (const why of over) {
    strict = false;
    budgetFindings.push({ path: '', construct: 'size', action: 'refuses', lives: checked ? 'checks' : 'nowhere', message: `${why}; no rewrite makes it fit, so the strict export goes without strict: true.` });
  }
  return { target, schema: run.out, rootNotes: run.w.rootNotes, findings: [...run.w.findings, ...budgetFindings], strict, optional: m.optional, unions: m.unions };
}

function openaiOver(m: Measure): string[] {
  const out: string[] = [];
  if (m.enumValues > OPENAI_MAX_ENUM_VALUES) out.push(`OpenAI allows ${OPENAI_MAX_ENUM_VALUES} enum values per schema and this one has ${m.enumValues}`);
  if (m.chars > OPENAI_MAX_CHARS) out.push(`OpenAI allows ${OPENAI_MAX_CHARS} characters of property names, enum and const values per schema and this one has ${m.chars}`);
  if (m.props > OPENAI_MAX_PROPERTIES) out.push(`OpenAI allows ${OPENAI_MAX_PROPERTIES} properties per schema and this one has ${m.props}`);
  if (m.depth > OPENAI_MAX_DEPTH) out.push(`OpenAI allows ${OPENAI_MAX_DEPTH} levels of nesting and this schema has ${m.depth}`);
  return out;
}

function anthropicOver(m: Measure): string[] {
  const out: string[] = [];
  if (m.optional > ANTHROPIC_MAX_OPTIONAL) out.push(`Anthropic allows ${ANTHROPIC_MAX_OPTIONAL} optional parameters per request and this tool alone has ${m.optional}`);
  if (m.unions > ANTHROPIC_MAX_UNIONS) out.push(`Anthropic allows ${ANTHROPIC_MAX_UNIONS} union-typed parameters per request and this tool alone has ${m.unions}`);
  return out;
}

/** One step towards OpenAI's size limits; false when nothing is left to change. */
function openaiBudget(m: Measure, d: Decisions): boolean {
  const bigEnum = m.enums.find((e) => e.values.length > OPENAI_BIG_ENUM && e.values.every((v) => typeof v === 'string') && e.values.reduce((n, v) => n + String(v).length, 0) > OPENAI_BIG_ENUM_CHARS && !d.dropEnum.has(e.path));
  if (bigEnum) {
    d.dropEnum.set(bigEnum.path, `OpenAI allows ${OPENAI_BIG_ENUM_CHARS} characters for a string enum of more than ${OPENAI_BIG_ENUM} values, and this one has ${bigEnum.values.length} values; the strict export leaves them out and states the rule in words`);
    return true;
  }
  if (m.enumValues > OPENAI_MAX_ENUM_VALUES || m.chars > OPENAI_MAX_CHARS) {
    // Leave out the largest enums first, every copy of the same value set together, so start and end
    // (say) keep the same rule.
    const groups = new Map<string, { paths: string[]; size: number }>();
    for (const e of m.enums) {
      const key = JSON.stringify(e.values);
      const g = groups.get(key) ?? { paths: [], size: e.values.length };
      g.paths.push(e.path);
      groups.set(key, g);
    }
    const largest = [...groups.values()].sort((a, b) => b.size * b.paths.length - a.size * a.paths.length)[0];
    if (largest) {
      const limit = m.enumValues > OPENAI_MAX_ENUM_VALUES ? `OpenAI allows ${OPENAI_MAX_ENUM_VALUES} enum values per schema and this tool has ${m.enumValues}` : `OpenAI allows ${OPENAI_MAX_CHARS} characters of names and enum values per schema and this tool has ${m.chars}`;
      for (const p of largest.paths) d.dropEnum.set(p, `${limit}; the strict export leaves out this enum of ${largest.size} values and states the rule in words`);
      return true;
    }
  }
  if (m.depth > OPENAI_MAX_DEPTH) {
    const deep = m.sites.filter((s) => s.nested && s.depth <= OPENAI_MAX_DEPTH && s.inner.maxDepth > OPENAI_MAX_DEPTH && !d.collapse.has(s.path)).sort((a, b) => b.depth - a.depth)[0];
    if (deep) {
      d.collapse.set(deep.path, `nesting: OpenAI allows ${OPENAI_MAX_DEPTH} levels of nesting (levels counted conservatively: every object and array) and this schema goes deeper here`);
      return true;
    }
  }
  if (m.props > OPENAI_MAX_PROPERTIES) {
    const big = m.sites.filter((s) => s.nested && !d.collapse.has(s.path)).sort((a, b) => b.inner.props - a.inner.props)[0];
    if (big && big.inner.props > 0) {
      d.collapse.set(big.path, `properties: OpenAI allows ${OPENAI_MAX_PROPERTIES} properties per schema and this tool has ${m.props}`);
      return true;
    }
  }
  return false;
}

/** One step towards Anthropic's per-request limits, for this tool alone; false when nothing is left to change. */
function anthropicBudget(m: Measure, d: Decisions): boolean {
  if (m.optional <= ANTHROPIC_MAX_OPTIONAL && m.unions <= ANTHROPIC_MAX_UNIONS) return false;
  // Send the nested object or array that holds the most optional and union parameters as JSON text: it
  // then counts once at most.
  const candidates = m.sites.filter((s) => s.nested && !d.collapse.has(s.path) && s.inner.optional + s.inner.unions > 0);
  // An optional subtree first (a call that needs it is rarer), then the one that saves the most.
  candidates.sort((a, b) => Number(b.optional) - Number(a.optional) || b.inner.optional + b.inner.unions - (a.inner.optional + a.inner.unions) || a.depth - b.depth);
  if (candidates[0]) {
    const c = candidates[0];
    d.collapse.set(c.path, `optional parameters: Anthropic allows ${ANTHROPIC_MAX_OPTIONAL} optional and ${ANTHROPIC_MAX_UNIONS} union-typed parameters per request (nested properties counted, conservatively) and this tool has ${m.optional} and ${m.unions}`);
    return true;
  }
  if (m.optional > ANTHROPIC_MAX_OPTIONAL && m.unions < ANTHROPIC_MAX_UNIONS) {
    const top = m.sites.find((s) => s.optional && s.depth <= 1 && !d.nullableRequired.has(s.path));
    if (top) {
      d.nullableRequired.add(top.path);
      return true;
    }
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------------------------------------

const plans = new WeakMap<CompiledTool, Map<string, StrictPlan>>();

/** The tool's schema as it would be sent: the compiled model schema, or the definition as written. */
function subjectSchema(tool: CompiledTool, asWritten: boolean): SchemaNode {
  if (!asWritten) return tool.modelSchema;
  const strip = (v: unknown): unknown => (Array.isArray(v) ? v.map(strip) : isObj(v) ? Object.fromEntries(Object.entries(v).filter(([k]) => !k.startsWith('x-')).map(([k, x]) => [k, strip(x)])) : v);
  return strip(tool.source.arguments) as SchemaNode;
}

/** The strict plan of one tool for one target: the schema the target takes and every finding. */
export function strictPlan(tool: CompiledTool, target: StrictTarget, options: StrictLintOptions = {}): StrictPlan {
  const checked = options.serverRunsCheck !== false;
  const asWritten = options.asWritten === true;
  const key = `${target}|${checked}|${asWritten}`;
  let byKey = plans.get(tool);
  if (!byKey) plans.set(tool, (byKey = new Map()));
  let plan = byKey.get(key);
  if (!plan) {
    plan = planTool(tool, target, subjectSchema(tool, asWritten), checked);
    const name = strictToolName(tool.name, target);
    if (name !== tool.name) {
      plan.findings.unshift({ path: '', construct: 'name', action: 'rewrite', lives: checked ? 'checks' : 'nowhere', message: `${tool.name}: ${VENDOR[target]} refuses this tool name; the strict export calls it ${name}, and fromStrictCall() maps it back.` });
    }
    byKey.set(key, plan);
  }
  return plan;
}

/** What `target` refuses, ignores or needs rewritten in the tool, and where each rule lives afterwards. */
export function lintTool(tool: CompiledTool, target: StrictTarget, options: StrictLintOptions = {}): StrictFinding[] {
  return strictPlan(tool, target, options).findings;
}

/** A tool is refused outright in strict mode, as written, when any construct is refused or needs a rewrite. */
export function refusedOutright(findings: readonly StrictFinding[]): boolean {
  return findings.some((f) => f.action !== 'ignores');
}

/** Findings about a request that carries all these tools in strict mode at once (Anthropic's per-request limits). */
export function lintRequest(tools: readonly CompiledTool[], target: StrictTarget, options: StrictLintOptions = {}): StrictFinding[] {
  if (target !== 'anthropic-strict') return [];
  const lives: StrictLives = options.serverRunsCheck !== false ? 'checks' : 'nowhere';
  const strictPlans = tools.map((t) => strictPlan(t, target, { ...options, asWritten: false })).filter((p) => p.strict);
  const optional = strictPlans.reduce((n, p) => n + p.optional, 0);
  const unions = strictPlans.reduce((n, p) => n + p.unions, 0);
  const out: StrictFinding[] = [];
  const advice = 'A request must carry fewer of these tools in strict mode; each strict export fits on its own.';
  if (strictPlans.length > ANTHROPIC_MAX_STRICT_TOOLS) out.push({ path: '', construct: 'strict tools', action: 'refuses', lives, message: `Anthropic allows ${ANTHROPIC_MAX_STRICT_TOOLS} strict tools per request and these are ${strictPlans.length}. ${advice}` });
  if (optional > ANTHROPIC_MAX_OPTIONAL) out.push({ path: '', construct: 'optional parameters', action: 'refuses', lives, message: `Anthropic allows ${ANTHROPIC_MAX_OPTIONAL} optional parameters across the strict tools of one request and these have ${optional} (nested properties counted, conservatively). ${advice}` });
  if (unions > ANTHROPIC_MAX_UNIONS) out.push({ path: '', construct: 'union parameters', action: 'refuses', lives, message: `Anthropic allows ${ANTHROPIC_MAX_UNIONS} union-typed parameters across the strict tools of one request and these have ${unions}. ${advice}` });
  return out;
}

/** The tool as the target loads it in strict mode, built from the model-facing schema. */
export function strictExportTool(tool: CompiledTool, target: StrictTarget): SchemaNode {
  const plan = strictPlan(tool, target);
  const name = strictToolName(tool.name, target);
  const description = [tool.summary, ...plan.rootNotes].join(' ');
  switch (target) {
    case 'openai-strict':
      return { type: 'function', function: { name, description, ...(plan.strict ? { strict: true } : {}), parameters: plan.schema } };
    case 'anthropic-strict':
      return { name, description, ...(plan.strict ? { strict: true } : {}), input_schema: plan.schema };
    case 'gemini': {
      // A tool without parameters leaves them out: Gemini refuses an OBJECT with no properties.
      const hasProps = isObj(plan.schema.properties) && Object.keys(plan.schema.properties).length > 0;
      return { name, description, ...(hasProps ? { parameters: plan.schema } : {}) };
    }
  }
}

/** The argument a finding's schema pointer is about, as a field path ("start.timeZone", "attendees[]"; "" for the arguments object). */
export function findingField(path: string): string {
  const parts = path.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  let field = '';
  for (let i = 0; i < parts.length; i++) {
    if (parts[i] === 'properties' && i + 1 < parts.length) field = field ? `${field}.${parts[++i]}` : parts[++i];
    else if (parts[i] === 'items') field = `${field}[]`;
    else if (['anyOf', 'oneOf', 'allOf', '$defs', 'definitions'].includes(parts[i])) i++;
    else break;
  }
  return field;
}

/** Counts for a report. */
export interface StrictCounts {
  refuses: number;
  ignores: number;
  rewrite: number;
  checks: number;
  gloss: number;
  nowhere: number;
}

export function countFindings(findings: readonly StrictFinding[]): StrictCounts {
  const c: StrictCounts = { refuses: 0, ignores: 0, rewrite: 0, checks: 0, gloss: 0, nowhere: 0 };
  for (const f of findings) {
    c[f.action]++;
    c[f.lives]++;
  }
  return c;
}

export interface StrictPackReport {
  target: StrictTarget;
  tools: { name: string; findings: StrictFinding[]; refused: boolean }[];
  request: StrictFinding[];
  counts: StrictCounts;
  refusedTools: string[];
}

/** Every tool of a pack linted for one target, with the request-level findings and the totals. */
export function strictReport(pack: CompiledPack, target: StrictTarget, options: StrictLintOptions = {}): StrictPackReport {
  const tools = pack.tools.map((t) => {
    const findings = lintTool(t, target, options);
    return { name: t.name, findings, refused: refusedOutright(findings) };
  });
  const request = lintRequest(pack.tools, target, options);
  return { target, tools, request, counts: countFindings([...tools.flatMap((t) => t.findings), ...request]), refusedTools: tools.filter((t) => t.refused).map((t) => t.name) };
}

// ---------------------------------------------------------------------------------------------------------
// Back on the server: undo the strict export's rewrites before check()
// ---------------------------------------------------------------------------------------------------------

function acceptsNull(root: SchemaNode, s: unknown, depth = 0): boolean {
  if (s === true || !isObj(s) || depth > 16) return s === true || (isObj(s) && Object.keys(s).length === 0);
  const node = typeof s.$ref === 'string' ? resolveLocalRef(root, s)?.node : s;
  if (!isObj(node)) return false;
  if (node.type === 'null' || (Array.isArray(node.type) && node.type.includes('null'))) return true;
  if (Array.isArray(node.enum)) return node.enum.includes(null);
  if ('const' in node) return node.const === null;
  for (const k of ['anyOf', 'oneOf']) if (Array.isArray(node[k]) && node[k].some((b: unknown) => acceptsNull(root, b, depth + 1))) return true;
  return false;
}

function undo(root: SchemaNode, schema: unknown, value: Json, target: StrictTarget, depth: number): Json {
  if (!isObj(schema) || depth > 32) return value;
  const node = typeof schema.$ref === 'string' ? (resolveLocalRef(root, schema)?.node ?? schema) : schema;
  if (Array.isArray(value)) return isObj(node.items) ? value.map((v) => undo(root, node.items, v, target, depth + 1)) : value;
  if (value === null || typeof value !== 'object' || !isObj(node.properties)) return value;
  const props: Record<string, unknown> = node.properties;
  const required: string[] = Array.isArray(node.required) ? node.required : [];
  const back = new Map<string, string>();
  if (target === 'gemini') for (const [from, to] of geminiPropertyNames(Object.keys(props))) if (from !== to) back.set(to, from);
  const out: [string, Json][] = [];
  for (const [key, v] of Object.entries(value as JsonObject)) {
    const name = back.get(key) ?? key;
    const sub = Object.prototype.hasOwnProperty.call(props, name) ? props[name] : undefined;
    // A null the strict export asked for (an optional field made nullable) means "left out".
    if (v === null && sub !== undefined && !required.includes(name) && !acceptsNull(root, sub)) continue;
    out.push([name, sub === undefined ? v : undo(root, sub, v, target, depth + 1)]);
  }
  return Object.fromEntries(out);
}

/**
 * A call a model made against a strict export, as check() expects it: the tool's own name, and the
 * arguments without the nulls that stand for a left-out optional field, with Gemini's renamed parameters
 * named back. JSON text sent for an object or array needs nothing here: check() parses it (absorb).
 */
export function fromStrictCall(pack: CompiledPack, call: { name: string; arguments: Json }, target: StrictTarget): { name: string; arguments: Json } {
  const tool = pack.tool(call.name) ?? pack.tools.find((t) => strictToolName(t.name, target) === call.name);
  if (!tool) return call;
  return { name: tool.name, arguments: undo(tool.wireSchema, tool.wireSchema, call.arguments, target, 0) };
}

/** The permitted values of a dropped enum in words, for descriptions (exported for the site's words). */
export function enumWords(info: FieldInfo | undefined, values: readonly Json[]): string {
  if (enumIsListable(values)) return oneOfText(values);
  if (info?.rule) return whatToSend(info, info.schema);
  return `one of ${values.length} permitted values, e.g. ${listValues(values.slice(0, 3))}`;
}
