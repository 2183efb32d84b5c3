// Stage 6, body: the wire forms a body can be written in besides its own. Each carries every fact of the
// body (code, field, message, received, did_you_mean, retryable and the codes' own keys), in the names its
// standard gives them, so a server can answer in the form its clients already read:
// - `body`: the body itself (the default);
// - `problem+json`: RFC 9457 Problem Details; `type` is the code's entry in the site's error dictionary
//   under `baseUrl` (about:blank without one), `detail` the message, the body's other keys as extension members;
// - `aip-193`: google.rpc.Status as Google's APIs send it: ErrorInfo (reason, domain, metadata),
//   BadRequest.fieldViolations (field, description, reason), and a Help link for `docUrl`;
// - `json-rpc`: a JSON-RPC 2.0 error, code -32602 (invalid params), the body as its `data`;
// - `mcp`: an MCP tool result with isError: true, the body as its one text part.
// readWireForm() reads problem+json and AIP-193 written here back into the body (grade.ts reads the others as they are).
import { isGenericCode } from '../faults/codes';
import type { Body, BodyError, CompiledPack, Json, ValidationFailedBody } from '../types';

export const WIRE_FORMS = ['body', 'problem+json', 'aip-193', 'json-rpc', 'mcp'] as const;
export type WireForm = (typeof WIRE_FORMS)[number];

export interface SerializeOptions {
  /** The form to write; `body` unless given. */
  form?: WireForm;
  /** Where the site's error dictionary lives (`https://example.com/` holds `errors/`): problem+json's `type`. */
  baseUrl?: string;
  /** The pack's id: a code of its own (an enum's, a rule's) has its entry under the pack in the dictionary. */
  pack?: string;
  /** The vendor's page for the operation (docUrlFor()), as Stripe's `doc_url`: problem+json, AIP-193 and JSON-RPC carry it. */
  docUrl?: string;
  /** The JSON-RPC request's id (null unless given). */
  id?: string | number | null;
  /** AIP-193's ErrorInfo.domain: the service that refused the call. */
  domain?: string;
}

/** The HTTP status a code's refusal is, for problem+json; AIP-193's canonical code follows it. */
function statusOf(code: string): number {
  if (code === 'not_found' || code === 'unknown_tool') return 404;
  if (code === 'forbidden') return 403;
  if (code === 'internal_error') return 500;
  return 400;
}

const STATUS_TITLE: Record<number, string> = { 400: 'Bad Request', 403: 'Forbidden', 404: 'Not Found', 500: 'Internal Server Error' };
/** google.rpc.Code, by HTTP status, as google/rpc/code.proto maps them. */
const RPC_CODE: Record<number, [number, string]> = { 400: [3, 'INVALID_ARGUMENT'], 403: [7, 'PERMISSION_DENIED'], 404: [5, 'NOT_FOUND'], 500: [13, 'INTERNAL'] };
const JSON_RPC_INVALID_PARAMS = -32602;
/** AIP-193's domain when none is given: the package's name. */
const DEFAULT_DOMAIN = 'actionable-errors';

/** The code's entry in the error dictionary: generic codes by name, a pack's own under the pack, else the list of them. */
function typeUri(code: string, baseUrl: string, pack: string | undefined): string {
  const anchor = (s: string) => s.replace(/[^A-Za-z0-9_-]/g, '_');
  const at = isGenericCode(code) ? anchor(code) : pack ? anchor(`${pack}-${code}`) : 'enum-codes';
  return `${baseUrl.replace(/\/?$/, '/')}errors/#${at}`;
}

/** The keys of a body that are not its error, message, field, received, did_you_mean or errors: the codes' own facts. */
function ownFacts(body: Body): [string, Json][] {
  const common = new Set(['error', 'message', 'field', 'received', 'did_you_mean', 'errors', 'retryable']);
  return Object.entries(body).filter(([k, v]) => !common.has(k) && v !== undefined) as [string, Json][];
}

function problemJson(body: Body, o: SerializeOptions): Record<string, Json> {
  const status = statusOf(body.error);
  const problem: Record<string, Json> = {
    type: o.baseUrl ? typeUri(body.error, o.baseUrl, o.pack) : 'about:blank',
    title: STATUS_TITLE[status],
    status,
    detail: body.message,
  };
  // The body's other keys as extension members, under the body's own names.
  for (const [k, v] of Object.entries(body)) if (k !== 'message' && v !== undefined) problem[k] = v as Json;
  if (o.docUrl) problem.doc_url = o.docUrl;
  return problem;
}

/** A metadata value: map<string, string>, so anything else as its JSON text. */
const metaText = (v: Json) => (typeof v === 'string' ? v : JSON.stringify(v));
/** `did_you_mean` -> `didYouMean`: AIP-193's metadata keys are lowerCamelCase. */
const camel = (k: string) => k.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

function aip193(body: Body, o: SerializeOptions): Record<string, Json> {
  const [code, status] = RPC_CODE[statusOf(body.error)];
  // As body.ts's listsFaults(), which imports this module.
  const listed = body.error === 'validation_failed' && Array.isArray((body as ValidationFailedBody).errors);
  const entries: BodyError[] = listed ? (body as ValidationFailedBody).errors : [{ field: body.field ?? '', code: body.error, message: body.message, received: body.received, did_you_mean: body.did_you_mean }];
  const metadata: Record<string, string> = { retryable: String(body.retryable) };
  for (const [k, v] of ownFacts(body)) metadata[camel(k)] = metaText(v);
  // What each violation received and what it may have meant: keyed by the violation's place in a list.
  entries.forEach((e, i) => {
    const at = listed ? String(i) : '';
    if (e.received !== undefined) metadata[`received${at}`] = JSON.stringify(e.received);
    if (e.did_you_mean !== undefined) metadata[`didYouMean${at}`] = JSON.stringify(e.did_you_mean);
  });
  const details: Json[] = [
    { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: body.error.toUpperCase(), domain: o.domain ?? DEFAULT_DOMAIN, metadata },
  ];
  // A list keeps every entry, one about the call as a whole (field "") too, so the metadata's indices match.
  const violations = (listed ? entries : entries.filter((e) => e.field !== '')).map((e) => ({ field: e.field, description: e.message, reason: e.code.toUpperCase() }));
  if (violations.length) details.push({ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: violations });
  if (o.docUrl) details.push({ '@type': 'type.googleapis.com/google.rpc.Help', links: [{ description: 'The operation’s reference', url: o.docUrl }] });
  return { error: { code, message: body.message, status, details } };
}

/**
 * The vendor's page for a tool's operation, for `docUrl`: the pack's `operation.reference` when it is a
 * web address (a pack without one, or one pointing at this site's own pages, gives none).
 */
export function docUrlFor(pack: CompiledPack, toolName: string): string | undefined {
  const ref = pack.tool(toolName)?.operation?.reference;
  return ref && /^https?:\/\//.test(ref) ? ref : undefined;
}

/** The body in the form asked for, as the bytes to send. */
function writeWireForm(body: Body, options: SerializeOptions = {}): string {
  switch (options.form ?? 'body') {
    case 'body':
      return JSON.stringify(body);
    case 'problem+json':
      return JSON.stringify(problemJson(body, options));
    case 'aip-193':
      return JSON.stringify(aip193(body, options));
    case 'json-rpc': {
      const data: Json = options.docUrl ? { ...(body as Record<string, Json>), doc_url: options.docUrl } : (body as Record<string, Json>);
      return JSON.stringify({ jsonrpc: '2.0', id: options.id ?? null, error: { code: JSON_RPC_INVALID_PARAMS, message: body.message, data } });
    }
    case 'mcp':
      return JSON.stringify({ content: [{ type: 'text', text: JSON.stringify(body) }], isError: true });
    default:
      throw new Error(`serializeBody(): no form ${JSON.stringify(options.form)}; the forms are ${WIRE_FORMS.join(', ')}`);
  }
}

// ---- reading the forms back ----

const isObject = (v: unknown): v is Record<string, Json> => v !== null && typeof v === 'object' && !Array.isArray(v);
const CODE = /^[a-z][a-z0-9_]*$/;

function parseMeta(text: string | undefined): Json | undefined {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as Json;
  } catch {
    return text;
  }
}

/** problem+json as writeWireForm() writes it: the body's members beside `detail`. */
function fromProblem(v: Record<string, Json>): Body | undefined {
  if (typeof v.type !== 'string' || typeof v.detail !== 'string' || typeof v.error !== 'string' || !CODE.test(v.error) || typeof v.retryable !== 'boolean') return undefined;
  const body: Record<string, Json> = {};
  for (const [k, x] of Object.entries(v)) {
    if (k === 'type' || k === 'title' || k === 'status' || k === 'doc_url' || k === 'instance') continue;
    if (k === 'detail') body.message = x;
    else body[k] = x;
  }
  // The body's own key order: message after error and field.
  const { error, field, message, ...rest } = body;
  return { error, ...(field !== undefined ? { field } : {}), message, ...rest } as unknown as Body;
}

/** google.rpc.Status as writeWireForm() writes it: ErrorInfo whose metadata says `retryable`, and BadRequest. */
function fromAip(v: Record<string, Json>): Body | undefined {
  const status = v.error;
  if (!isObject(status) || typeof status.message !== 'string' || !Array.isArray(status.details)) return undefined;
  const detail = (type: string) => status.details && (status.details as Json[]).filter(isObject).find((d) => d['@type'] === `type.googleapis.com/google.rpc.${type}`);
  const info = detail('ErrorInfo');
  const metadata = info && isObject(info.metadata) ? (info.metadata as Record<string, string>) : undefined;
  if (!info || typeof info.reason !== 'string' || !metadata || (metadata.retryable !== 'true' && metadata.retryable !== 'false')) return undefined;
  const bad = detail('BadRequest');
  const violations = bad && Array.isArray(bad.fieldViolations) ? bad.fieldViolations.filter(isObject) : [];
  const code = info.reason.toLowerCase();
  const facts = Object.entries(metadata).filter(([k]) => k !== 'retryable' && !/^(received|didYouMean)\d*$/.test(k));
  const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  // next_call is the one fact that is text; the others were written as JSON.
  const fact = (k: string, x: string) => (k === 'nextCall' ? x : parseMeta(x)!);
  if (code === 'validation_failed') {
    const errors = violations.map((f, i) => {
      const e: Record<string, Json> = { field: String(f.field ?? ''), code: String(f.reason ?? '').toLowerCase(), message: String(f.description ?? '') };
      if (metadata[`received${i}`] !== undefined) e.received = parseMeta(metadata[`received${i}`])!;
      if (metadata[`didYouMean${i}`] !== undefined) e.did_you_mean = parseMeta(metadata[`didYouMean${i}`])!;
      return e;
    });
    const body: Record<string, Json> = { error: code, message: status.message, errors };
    for (const [k, x] of facts) body[snake(k)] = fact(k, x);
    body.retryable = metadata.retryable === 'true';
    return body as unknown as Body;
  }
  const body: Record<string, Json> = { error: code };
  if (violations[0] && typeof violations[0].field === 'string') body.field = violations[0].field;
  body.message = status.message;
  for (const [k, x] of facts) body[snake(k)] = fact(k, x);
  if (metadata.received !== undefined) body.received = parseMeta(metadata.received)!;
  if (metadata.didYouMean !== undefined) body.did_you_mean = parseMeta(metadata.didYouMean)!;
  body.retryable = metadata.retryable === 'true';
  return body as unknown as Body;
}

/**
 * The body a problem+json or AIP-193 reply written by writeWireForm() carries, rebuilt; undefined for
 * anything else (a JSON-RPC error's data and an MCP result's text are the body already).
 */
export function readWireForm(value: Json): Body | undefined {
  if (!isObject(value)) return undefined;
  return fromProblem(value) ?? fromAip(value);
}

/**
 * The exact bytes handed to the model: the body itself, or with `{ form }` the same facts in a wire form
 * servers already speak (problem+json, AIP-193, a JSON-RPC error, an MCP result).
 */
export function serializeBody(body: Body, options?: SerializeOptions): string {
  return options?.form && options.form !== 'body' ? writeWireForm(body, options) : JSON.stringify(body);
}
