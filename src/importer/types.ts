// Shapes shared by the importer's modules. The importer is pure TypeScript (no DOM, no Node APIs) so the
// playground can import a pasted document with the same code the CLI runs.
import type { JsonObject, PackSource, RefusedTool, SchemaNode } from '../engine/types';
import type { SpecRuleCounts } from './spec-rules';

export type SpecFormat = 'openapi-3.0' | 'openapi-3.1' | 'swagger-2.0' | 'google-discovery';

export type ParamLocation = 'path' | 'query' | 'header' | 'body';

/** One operation of a spec, read into the facts the tool builder needs; schemas are still the vendor's. */
export interface OperationFacts {
  /** `POST /v1/refunds`, or a Discovery method id (`calendar.events.list`). */
  id: string;
  /** Where the operation sits in the document, as a JSON pointer (OpenAPI and Swagger), to name a tool left out. */
  pointer?: string;
  method: string;
  /** The full path as the vendor writes it, with `{param}` placeholders. */
  path: string;
  /** operationId or Discovery method id: what the tool name is made from. */
  vendorName?: string;
  /** Discovery: the service path (`drive/v3/`) in front of every path, which names the API, not a resource. */
  servicePath?: string;
  resource?: string;
  deprecated: boolean;
  reference?: string;
  params: ParamFacts[];
  body?: BodyFacts;
  /** Parameters the spec marks as credentials or transport: never arguments, the server fills them. */
  heldBack?: HeldBack[];
  /**
   * The descriptions of the success response's own fields, by name: the resource the operation acts on
   * (Stripe's refund says its amount is "in cents" where the request's amount says nothing of its unit).
   */
  responseFields?: Record<string, string>;
}

/**
 * A parameter left out of a tool's arguments because the server, not the model, fills it: a credential
 * (a token, an API key, an auth header) or a transport parameter (Google's `alt`, `prettyPrint`, `quotaUser`…;
 * a header such as an API version or content negotiation).
 */
export interface HeldBack {
  name: string;
  in: 'query' | 'header' | 'cookie' | 'body';
  why: 'credential' | 'transport';
  /** The spec's fact it rests on (`apiKey security scheme api_key`, `Discovery standard parameter`…). */
  basis: string;
}

export interface ParamFacts {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  deprecated: boolean;
  /** The vendor schema of the value (OpenAPI dialect; Discovery parameters are read into the same shape). */
  schema: unknown;
}

export interface BodyFacts {
  contentType: string;
  required: boolean;
  schema: unknown;
}

/** One inference of a recognised field, with what it rests on. */
export interface Inference {
  tool: string;
  field: string;
  kind: 'comma-list' | 'currency' | 'country' | 'time-zone' | 'locale' | 'email' | 'minor-unit-amount' | 'unix-time' | 'duration' | 'byte-size';
  /** What was added to the field: the keywords and their values. */
  applied: JsonObject;
  /** Why: the facts the inference rests on (name, type, format, a phrase of the vendor's description). */
  evidence: string;
}

/** What an import did besides copying facts: every decision a reviewer may want to check. */
export interface ImportReport {
  format: SpecFormat;
  /** The document's own version string (info.version, or Discovery's version and revision). */
  specVersion: string;
  operations: number;
  tools: number;
  /** Operations left out, and why. */
  skipped: { operation: string; reason: string }[];
  /** Names that were shortened or numbered. */
  names: { operation: string; from: string; name: string; shortened: boolean; suffixed: boolean }[];
  /** Arguments renamed because two locations used one name. */
  collisions: { tool: string; name: string; in: ParamLocation; renamedTo: string; keptIn: ParamLocation }[];
  /** Headers left out because an agent does not set them (auth, versions, content negotiation). */
  headersDropped: Record<string, number>;
  /**
   * Parameters held back from the tools' arguments (the server fills them): `everyTool` for those that apply to
   * every tool (Google Discovery's standard parameters), `tools` by tool name for the ones an operation declares.
   */
  heldBack: { everyTool: HeldBack[]; tools: Record<string, HeldBack[]> };
  /** Schemas cut: recursion (a schema inside itself) or depth. */
  cuts: { tool: string; field: string; reason: 'recursion' | 'depth'; schema?: string }[];
  /** Top-level oneOf/anyOf turned into optional fields plus a rule check. */
  combinations: { tool: string; kind: 'oneOf' | 'anyOf'; sets: string[][]; rule: boolean }[];
  /** Stripe-style `anyOf: [X, {enum: [""]}]` unions reduced to X. */
  emptyStringUnions: number;
  readOnlyDropped: number;
  deprecatedMarked: number;
  /** Enums too large to list: which became a registry value set, which a rule with examples. */
  largeEnums: { tool: string; field: string; size: number; valueSet?: string }[];
  /** Vendor formats that no validator here checks, by name: described in words, not asserted. */
  formatsDescribed: Record<string, number>;
  /** Patterns left out (not a JavaScript regular expression, or no example could be made). */
  patternsDropped: { tool: string; field: string; pattern: string; reason: string }[];
  inferences: Inference[];
  /**
   * Date-time fields given a vendor's documented form beside RFC 3339 (date-forms.ts): `colonlessOffset`
   * counts the fields that also take ±hhmm (the document's examples write it; `example` is one), and
   * `zonedDateTime` the dateTimes that take no offset when a sibling timeZone is given, and `dateAccepted` the
   * date-time fields that also take a date because their own examples are dates.
   */
  dateForms: { colonlessOffset: number; example?: string; zonedDateTime: number; dateAccepted: number };
  /** Tools whose examples could not be made as wanted. */
  exampleGaps: { tool: string; missing: string }[];
  /**
   * Rules read from the vendor's descriptions of fields (spec-rules.ts): kept in the pack (`made`, by kind),
   * or dropped because a value the vendor shows as taken breaks them.
   */
  readRules: SpecRuleCounts;
}

export interface ImportOptions {
  /** The pack id (lower case, digits and `-`). */
  id: string;
  title?: string;
  vendor?: string;
  /** The vendor's reference page for the whole API (https). */
  reference?: string;
  /** A per-operation reference link from the operation's facts, for vendors whose specs carry none. */
  referenceFor?: (op: OperationFacts) => string | undefined;
  /** Generate examples by running the engine (default true). Off, every tool gets none. */
  examples?: boolean;
  /** An overlay (src/importer/overlay.ts) and the file it was read from, for its errors. */
  overlay?: { file: string; data: unknown };
  /** Progress, for a large document in the browser: called after each operation. */
  onProgress?: (done: number, total: number) => void;
}

export interface ImportResult {
  pack: PackSource;
  report: ImportReport;
  /** The operations left out (report.skipped) as tools the engine refused: the tool's name, where, and why. */
  refused: RefusedTool[];
}

export type { SchemaNode };
