// Shared types of the engine. Every stage reads and writes these; nothing here runs.
import type { CallFormat } from './shared/format-labels';

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
  /** The records the ordered checks read, and who is calling (content/packs/README.md, "State and checks"). */
  state?: PackState;
}

/** A pack's state: a fixed `now` (so date rules are deterministic), the caller, and records by kind and id. */
export interface PackState {
  now?: string;
  caller?: JsonObject;
  records?: { [kind: string]: { [id: string]: JsonObject } };
}

/** An expression of the condition language (src/engine/shared/conditions.ts): a `$path`, a literal, a list, or one operator. */
export type Expr = Json;

export interface ExistsCheckSource {
  kind: 'exists';
  /** The declared argument that must name a record. */
  argument: string;
  /** The record kind in `state.records`. */
  record: string;
  /** The name the record is bound to in later conditions (`$ticket`); defaults to the kind in the singular. */
  as?: string;
  /**
   * A condition that places the record where the call looks for it (an event on the calendar the call names):
   * a record for which it is not true is not the one named, and reads exactly as a missing one.
   */
  where?: Expr;
  /** A condition the caller must meet to see the record; a record it cannot see reads exactly as a missing one. */
  visible?: Expr;
}

export interface PermissionCheckSource {
  kind: 'permission';
  requires: Expr;
  message: string;
  next_call?: string;
}

export interface RuleCheckSource {
  kind: 'rule';
  code: string;
  /** The call is refused when this condition holds. */
  when: Expr;
  field?: string;
  message: string;
  next_call?: string;
  retryable: boolean;
  retry_after?: Expr;
  let?: { [name: string]: Expr };
}

export type CheckSource = ExistsCheckSource | PermissionCheckSource | RuleCheckSource;

/** What an accepted call would change: `update` a bound record, or `create` one of a kind. */
export interface EffectSource {
  update?: string;
  create?: string;
  set: { [field: string]: Expr };
}

/** A check as the engine runs it. */
export interface CompiledCheck {
  /** Stable within the tool: `exists:ticket_id`, `permission`, `rule:ticket_unassigned`. */
  id: string;
  kind: CheckSource['kind'];
  /** Position in the tool's `checks`. */
  index: number;
  /** The code a failure gives: not_found, forbidden, or the rule's own. */
  code: string;
  retryable: boolean;
  source: CheckSource;
  /** exists only: the name the record is bound to, the noun the message uses, the field's x-resolve-with. */
  binding?: string;
  noun?: string;
  resolveWith?: string;
}

export interface CheckExample {
  about: string;
  arguments: Json;
  /** The code of the body, or "accepted". */
  expect: string;
  /** Replaces the state's caller for this example (to show what another caller gets). */
  caller?: JsonObject;
}

export interface ToolSource {
  name: string;
  summary: string;
  resource?: string;
  operation?: { id: string; route?: string; reference?: string };
  /** An imported tool given curated depth by an overlay (content/packs/overlays/). */
  curated?: boolean;
  arguments: SchemaNode;
  examples?: {
    valid?: JsonObject[];
    invalid?: { about: string; arguments: Json; expect: string }[];
    checks?: CheckExample[];
  };
  /** Ordered checks run after validation: existence, then permission, then rules. */
  checks?: CheckSource[];
  /** What an accepted call would change in the state. */
  effects?: EffectSource[];
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
  /** The registry the enum is filled from (`x-value-set`), whose suggest() gives did_you_mean. */
  valueSet?: string;
  /** The field's unit (`x-unit`), which fault messages state and conversions read. */
  unit?: UnitSpec;
  /** A list in one string, its items separated by commas (`x-comma-list`): a list sent is offered joined. */
  commaList?: true;
}

/** A numeric field's unit (`x-unit`); `currency` (currency-minor only) is an expression of the condition language. */
export interface UnitSpec {
  kind: 'currency-minor' | 'unix-seconds' | 'unix-milliseconds' | 'minutes' | 'seconds' | 'bytes';
  currency?: Expr;
}

/** What kind of promise a rule read from a description is (pack/promises/read-rules.ts). */
export type ReadRuleKind = 'format' | 'value-set' | 'bound' | 'unit' | 'shape';

/** Where a rule was read: a tool's own description (a user's tools, an MCP server's), or a vendor's spec by the importer. */
export type ReadRuleSource = 'description' | 'spec';

export interface ReadRule {
  /** The field as the other stages name it (`due`, `items[].due`). */
  field: string;
  /** JSON pointer of the field's schema within the tool's arguments (`/properties/due`). */
  path: string;
  kind: ReadRuleKind;
  /** The schema keywords that would enforce the rule, to add at `path`. */
  keywords: { [keyword: string]: Json };
  source: ReadRuleSource;
  /** The short phrase the rule came from, as the description writes it. */
  words: string;
  /** JSON pointer of the text that holds the phrase (`/properties/due/description`); '' for the tool's own description. */
  wordsAt: string;
  /** Set when the words are in the tool's own description, which names the field, not in the field's. */
  inToolDescription?: true;
  /** Set when the vendor's words are on the field of the same name in another operation (spec-conventions.ts). */
  convention?: true;
  /** The rule in our words, completing "must be …", with an example, for a rule no format name says (a pattern). */
  rule?: string;
  example?: Json;
  /** Names the words give for their examples ("'CA' for California"): a value sent as the name is offered the example. */
  standsFor?: { [name: string]: Json };
  /** A unit the words state (Unix seconds), which a refusal's message states and converts to. */
  unit?: UnitSpec;
}

/**
 * A rule the importer read from the vendor's description of a field, kept in the pack beside the field
 * (`x-read-rules`), since the vendor's words never enter a pack: the rule's facts, the few words it was
 * read from, and where in the vendor's document those words are.
 */
export interface SpecReadRule {
  kind: ReadRuleKind;
  keywords: { [keyword: string]: Json };
  words: string;
  /** JSON pointer, in the vendor's document, of the description that holds the words. */
  at: string;
  rule?: string;
  example?: Json;
  unit?: UnitSpec;
  /** Read from the same field's description in another operation of the document, and carried here. */
  convention?: true;
}

export interface CompiledTool {
  name: string;
  summary: string;
  resource: string;
  operation?: { id: string; route?: string; reference?: string };
  source: ToolSource;
  /** The vendor's facts only: no glosses, no x- keywords. What AJV checks. */
  wireSchema: SchemaNode;
  /** The wire schema with glosses (and conflicts, resolve hints) appended to descriptions. */
  modelSchema: SchemaNode;
  /** Every declared field, by path pattern. */
  fields: Map<string, FieldInfo>;
  /** Compiled once, on first use, and reused for every call. */
  validate(args: unknown): AjvError[] | null;
  /** The ordered checks, in declared order (empty when the tool declares none). */
  checks: CompiledCheck[];
  effects: EffectSource[];
  /**
   * Rules read from the fields' descriptions that the wire schema does not carry (pack/promises/), enforced
   * beside it; absent when none were read. `readRulesDropped`: those read but dropped because an example
   * of the pack itself breaks them.
   */
  readRules?: readonly ReadRule[];
  readRulesDropped?: readonly ReadRule[];
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
  /** The pack's own state; null when it ships none. */
  state: PackState | null;
  /**
   * Tools of a user's own definitions that could not be compiled (packFromToolDefinitions): left out of
   * `tools`, each with the JSON pointer into the definitions and the reason. Absent or empty when all compiled.
   */
  refused?: RefusedTool[];
  /**
   * Patterns of a user's own definitions that no engine here runs safely (pack/pattern-engine.ts), so they
   * accept any string: each with its tool, the JSON pointer into the definitions, and the reason. The tools load.
   */
  unenforced?: RefusedTool[];
}

/** A tool definition the engine could not compile, named so its author can fix it. */
export interface RefusedTool {
  tool: string;
  /** JSON pointer into the definitions as the user gave them. */
  pointer: string;
  reason: string;
}

/** The subset of an AJV ErrorObject the engine reads. */
export interface AjvError {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, any>;
  message?: string;
}

/** The input shapes the parse stage recognises: a call format (shared/format-labels.ts), or none. */
export type InputShape = CallFormat | 'unknown';

/**
 * JSON text as models write it, repaired where the repair is certain (parse/json-repair.ts): a code fence
 * around it, a sentence before it, a trailing comma, single quotes, Python's True/False/None, closers
 * missing at the very end.
 */
export type JsonRepairRule = 'json_code_fence' | 'json_leading_text' | 'json_trailing_comma' | 'json_single_quotes' | 'json_python_literals' | 'json_closing_brackets';

/**
 * A value where an id or a date goes, written another way with one reading (absorb/decorated-ids.ts,
 * absorb/written-dates.ts): a resource URL or a mention reduced to its id, a # or @ added or dropped, an
 * id's case, a date in another written form.
 */
export type DecoratedValueRule = 'id_from_url' | 'id_from_mention' | 'id_sigil' | 'id_case' | 'date_rewritten';

export interface Correction {
  /** Dotted path of the field after the correction ('' for the whole call, `arguments` for OpenAI's arguments text). */
  field: string;
  rule: 'case_variant' | 'declared_alias' | 'json_string_parsed' | 'tool_name_variant' | 'case_folded' | 'field_moved' | DecoratedValueRule | JsonRepairRule;
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

/**
 * The body of one fault: its code, the field, what was received, and the permitted set or the next step.
 * Some codes add facts of their own (`retry_after`, `next_call`, a `conflict`), hence the open keys.
 */
export interface FaultBody {
  error: string;
  field?: string;
  message: string;
  received?: Json;
  did_you_mean?: Json[];
  retryable: boolean;
  [fact: string]: Json | undefined;
}

/** The body of several faults at once: every one listed (up to ten), and how many more there are. */
export interface ValidationFailedBody {
  error: 'validation_failed';
  message: string;
  errors: BodyError[];
  omitted?: number;
  retryable: boolean;
  /** Each listed fault has its own; the list has none at its top (so any body can be asked for them). */
  field?: undefined;
  received?: undefined;
  did_you_mean?: undefined;
}

/** Exactly what the model is handed (JSON.stringify of it). */
export type Body = FaultBody | ValidationFailedBody;

/**
 * What a note after a fault's statement says: the declared names (`takes`), the nearest of many names
 * (`nearest`), the object a field goes inside (`nest`), the call that gives a valid value (`resolve`),
 * that an optional field may be left out (`leave_out`), that the value fits as a list's one item
 * (`one_item`), that it fits a sibling field (`sibling`), how many items of an array share the fault (`items`),
 * or that the rule was read from the field's description (`read_from`).
 */
export type FaultNoteKind = 'takes' | 'nearest' | 'nest' | 'resolve' | 'leave_out' | 'one_item' | 'unwrap' | 'json_text' | 'joined' | 'sibling' | 'items' | 'read_from';
export interface FaultNote {
  kind: FaultNoteKind;
  text: string;
  /** The names the note lists (`it takes: a, b`), as data. */
  names?: string[];
}

/** One fault with everything the engine knows about it; the body takes only the public part. */
export interface Fault {
  field: string;
  /** The field as path segments, when it names a place in the arguments; used to order faults. */
  path?: (string | number)[];
  code: string;
  /** The message's first clause; `notes` follow it. messageOf() (fault.ts) joins them for the body. */
  statement: string;
  notes: FaultNote[];
  /** Absent when nothing was received (a missing field). */
  received?: Json;
  hasReceived: boolean;
  /** Candidates for the fix, best first. */
  candidates: Json[];
  /** Whether `did_you_mean` goes into the body: not when the message already lists the permitted set. */
  showCandidates: boolean;
  /** How to apply a single candidate, for suggested_call. */
  /** `move`: the value at `path` goes to `to`, under the same parent (a sibling, or a field of a sibling object); it needs no candidate. */
  fix?: { kind: 'replace' | 'rename' | 'remove' | 'move'; path: (string | number)[]; parentPath?: (string | number)[]; to?: (string | number)[] };
  /** For a "must include one of" fault: the names any one of which would satisfy it. */
  requiresOneOf?: string[];
  /** For the log only: the stage and the rule that produced the fault, as data (LogFault). */
  stage: 'parse' | 'absorb' | 'validate' | 'checks';
  /** The JSON Schema keyword and its schema path, for a fault AJV reported. */
  keyword?: string;
  schemaPath?: string;
  /** The id of the ordered check that refused the call (stage `checks`). */
  check?: string;
  /** The pack's own keyword behind the fault, one JSON Schema does not have (`x-conflicts`, `x-unit`). */
  packKeyword?: string;
  /** The reason in words, for the engineer; `reason` is the same words after the rule (`enum at #/…: `). */
  reason: string;
  /** The reason's words without the rule in front, when `reason` has one; else `reason` is the words. */
  detail?: string;
  extra?: Record<string, Json>;
  /** The call to make first or instead (an ordered check's `next_call`); the body puts it after `received`. */
  nextCall?: string;
  /** Whether the same call can succeed later, when the fault says so itself (a pack's rule); else its code's. */
  retryable?: boolean;
  /** Seconds until a retry can succeed (a retryable rule's `retry_after`). */
  retryAfter?: number;
  /** What the message states, as data: read by the benchmarks' caller instead of the words. */
  facts?: FaultFacts;
}

/**
 * The facts a fault's message states, as data (each set only where the message says it): the permitted
 * values it lists, the JSON type it asks for, the bound a number passed, the example it shows, the names
 * a note lists (the arguments a tool takes, the tools a pack has). The words are the phrasebook's
 * (rule-words.ts); a reader of facts does not depend on them.
 */
export interface FaultFacts {
  allowed?: Json[];
  type?: string;
  bound?: { side: 'max' | 'min'; limit: number };
  example?: Json;
  takes?: string[];
}

/**
 * One fault as the log records it: where it is, and the stage and the rule that produced it as data, so a
 * reader (the playground's "where each entry comes from") need not parse `reason`. `reason` keeps the words
 * the CLI prints; `detail` is the same words without the rule in front.
 */
export interface LogFault {
  code: string;
  field: string;
  stage: Fault['stage'];
  /** The rule and its words in one line: `enum at #/properties/x/enum: must be equal to…`, `rate_limited: …`. */
  reason: string;
  /** The words of `reason` without the rule in front of them. */
  detail: string;
  /** A JSON Schema rule: its keyword and schema path. */
  keyword?: string;
  schema_path?: string;
  /** An ordered check: its id. */
  check?: string;
  /** A rule of the pack's own (`x-conflicts`, `x-unit`). */
  pack_keyword?: string;
}

export interface LogRecord {
  pack: string;
  tool: string | null;
  shape: InputShape;
  stage: 'parse' | 'absorb' | 'validate' | 'checks' | 'accepted';
  outcome: 'accepted' | 'rejected';
  faults: LogFault[];
  omitted: number;
  corrections: number;
  /** The id of the ordered check that stopped the call (stage "checks" only). */
  check?: string;
  /** The tool's ordered checks that never ran, so "not found" can be told from "not checked". */
  not_run: string[];
}

/** One ordered check as it went for this call. */
export interface CheckStep {
  id: string;
  kind: CheckSource['kind'];
  /** `skipped`: an exists check whose optional argument was not sent. */
  outcome: 'passed' | 'failed' | 'skipped' | 'not_run';
  /** For the engineer: why it failed or was skipped (a hidden record says so here, never in the body). */
  detail?: string;
}

/** One change an accepted call would make, computed from the state and never applied. */
export interface Effect {
  action: 'update' | 'create';
  /** The record kind. */
  record: string;
  /** The record's id; null for a record the call would create (its id is the server's to assign). */
  id: string | null;
  field: string;
  from: Json | null;
  to: Json;
}

interface CheckResultCommon {
  tool: string | null;
  shape: InputShape;
  arguments: Json | null;
  corrections: Correction[];
  /** Per-field fix candidates, including those the body leaves out because its message lists the set. */
  did_you_mean: { field: string; candidates: Json[] }[];
  suggested_call: { name: string; arguments: Json } | null;
  log: LogRecord;
  /** The tool's ordered checks, in order, with how each went (all not_run when validation failed). */
  checks: CheckStep[];
  /** What the call would change in the state, when accepted; empty otherwise. */
  effects: Effect[];
}

/** A call the tool would run (perhaps after absorbing unambiguous mistakes): no body. */
export interface AcceptedResult extends CheckResultCommon {
  ok: true;
  body: null;
}

/** A refused call, and the body the model is handed: JSON.stringify(body). */
export interface RefusedResult extends CheckResultCommon {
  ok: false;
  body: Body;
}

/** What check() gives: narrow it by `ok` to reach the body. */
export type CheckResult = AcceptedResult | RefusedResult;

export interface CheckOptions {
  /** The tool to use when the input is a bare arguments object (or names no tool). */
  tool?: string;
  /** Turn off the absorb stage (used by the JSON Schema conformance tests). */
  absorb?: boolean;
  /** A state to run the ordered checks against instead of the pack's own (the playground's edited state). */
  state?: Json;
  /**
   * `false` skips the ordered checks (existence, permission, rules): for a server or proxy in front of the
   * real records, which checks them itself; a pack's own state is a sample for its docs.
   */
  checks?: boolean;
}

/** What explaining a violation reads beside the error itself: the tool, the call and the state. */
export interface ExplainContext {
  tool: CompiledTool;
  args: Json;
  /** The state the call is checked against: a unit's currency may come from a record the call names. */
  state?: unknown;
  /** The arguments as the validator saw them (over-long strings emptied); probe.ts validates candidates on these. */
  checked?: Json;
  /** The validator's errors on `checked`, so the probes of probe.ts need not validate the call as sent again. */
  checkedErrors?: AjvError[];
  /**
   * Items past MAX_EXPLAINED that break the same rule as an explained item of the same array, by itemRuleKey():
   * counted into that entry (300 bad items say 300), never explained one by one.
   */
  moreItems?: Map<string, number[]>;
}
