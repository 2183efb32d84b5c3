// Shared types of the engine. Every stage reads and writes these; nothing here runs.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** A JSON Schema node as a pack writes it (draft 2020-12 plus the x- keywords of content/packs/README.md). */
export type SchemaNode = { [key: string]: any };

/** One pack file as it sits in content/packs/. */
export interface PackSource {
  id: string;
  title: string;
  vendor: string;
  reference: string;
  summary: string;
  tools: ToolSource[];
}

export interface ToolSource {
  name: string;
  summary: string;
  resource?: string;
  operation?: { id: string; reference?: string };
  arguments: SchemaNode;
  examples?: {
    valid?: JsonObject[];
    invalid?: { about: string; arguments: Json; expect: string }[];
  };
}

/** What the engine knows about one declared field, keyed by its dotted path pattern (`attendees[].email`). */
export interface FieldInfo {
  /** Path pattern: dots between properties, `[]` for array items. */
  path: string;
  /** Leaf property name as declared. */
  name: string;
  schema: SchemaNode;
  required: boolean;
  gloss?: string;
  aliases: string[];
  valueAliases: Record<string, string>;
  conflicts?: { with: string[]; reason: string };
  rule?: string;
  example?: Json;
  resolveWith?: string;
  /** Error code for a value outside the enum. */
  enumCode?: string;
  /** Permitted values when the field is an enum. */
  enumValues?: Json[];
}

export interface CompiledTool {
  name: string;
  summary: string;
  resource: string;
  operation?: { id: string; reference?: string };
  source: ToolSource;
  /** The vendor's facts only: no glosses, no x- keywords. What AJV checks. */
  wireSchema: SchemaNode;
  /** The wire schema with glosses (and conflicts, resolve hints) appended to descriptions. */
  modelSchema: SchemaNode;
  /** Every declared field, by path pattern. */
  fields: Map<string, FieldInfo>;
  /** Compiled once, on first use, and reused for every call. */
  validate(args: unknown): AjvError[] | null;
}

export interface CompiledPack {
  id: string;
  title: string;
  vendor: string;
  reference: string;
  summary: string;
  /** Where the pack came from (a file name, or "custom tools"); used in messages about the pack itself. */
  origin: string;
  tools: CompiledTool[];
  tool(name: string): CompiledTool | undefined;
  source: PackSource;
}

/** The subset of an AJV ErrorObject the engine reads. */
export interface AjvError {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, any>;
  message?: string;
}

/** The input shapes the parse stage recognises. */
export type InputShape =
  | 'openai-chat'
  | 'openai-responses'
  | 'anthropic'
  | 'mcp'
  | 'plain'
  | 'python'
  | 'bare-arguments'
  | 'unknown';

export interface Correction {
  /** Dotted path of the field after the correction. */
  field: string;
  rule: 'case_variant' | 'declared_alias' | 'json_string_parsed';
  from: Json;
  to: Json;
}

/** One fault as it goes into a body. Key order is the order the model reads. */
export interface BodyError {
  field: string;
  code: string;
  message: string;
  received?: Json;
  did_you_mean?: Json[];
}

export type Body = { [key: string]: Json };

/** One fault with everything the engine knows about it; the body takes only the public part. */
export interface Fault {
  field: string;
  /** The field as path segments, when it names a place in the arguments; used to order faults. */
  path?: (string | number)[];
  code: string;
  message: string;
  /** Absent when nothing was received (a missing field). */
  received?: Json;
  hasReceived: boolean;
  /** Candidates for the fix, best first. */
  candidates: Json[];
  /** Whether `did_you_mean` goes into the body: not when the message already lists the permitted set. */
  showCandidates: boolean;
  /** How to apply a single candidate, for suggested_call. */
  fix?: { kind: 'replace' | 'rename' | 'remove'; path: (string | number)[]; parentPath?: (string | number)[] };
  /** For the log only. */
  stage: 'parse' | 'absorb' | 'validate';
  keyword?: string;
  schemaPath?: string;
  reason: string;
  extra?: Record<string, Json>;
}

export interface LogRecord {
  pack: string;
  tool: string | null;
  shape: InputShape;
  stage: 'parse' | 'absorb' | 'validate' | 'accepted';
  outcome: 'accepted' | 'rejected';
  faults: { code: string; field: string; stage: string; reason: string; keyword?: string; schema_path?: string }[];
  omitted: number;
  corrections: number;
}

export interface CheckResult {
  ok: boolean;
  tool: string | null;
  shape: InputShape;
  arguments: Json | null;
  corrections: Correction[];
  /** Exactly what the model is handed: JSON.stringify(body). Null when the call is accepted. */
  body: Body | null;
  /** Per-field fix candidates, including those the body leaves out because its message lists the set. */
  did_you_mean: { field: string; candidates: Json[] }[];
  suggested_call: { name: string; arguments: Json } | null;
  log: LogRecord;
}

export interface CheckOptions {
  /** The tool to use when the input is a bare arguments object (or names no tool). */
  tool?: string;
  /** Turn off the absorb stage (used by the JSON Schema conformance tests). */
  absorb?: boolean;
}
