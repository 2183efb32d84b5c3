// One operation's facts into one tool: path, query, agent-set header and body parameters become one
// arguments object. A name two locations share is kept by the first (path, then query, header, body) and
// renamed in the others (`body_id`), with `x-wire-name` saying what the vendor calls it. A top-level
// oneOf/anyOf, which OpenAI and Anthropic refuse in a tool's parameters, becomes optional fields plus an
// ordered check (a rule) that refuses a call matching none of the allowed combinations.
import type { CheckSource, Expr, SchemaNode, ToolSource } from '../engine/types';
import { AUTH_HEADERS, RESPONSE_SHAPING } from './held-back';
import { convertSchema, finishField, hoistBranches, type ConvertEnv } from './schema';
import type { HeldBack, OperationFacts, ParamLocation } from './types';
import { operationSummary } from './operation-words';

/** The rule code of a call that matches none of the allowed combinations of fields. */
export const COMBINATION_CODE = 'unsupported_combination';

/** Headers an agent sets itself; every other header (auth, versions, content negotiation) is the client's. */
const AGENT_HEADERS = /^(idempotency-key|x-idempotency-key|if-match|if-none-match|if-modified-since|if-unmodified-since|prefer|x-audit-log-reason)$/i;

/**
 * The gloss of a response-shaping query parameter: what it shapes, and that the call does the same with or
 * without it (a model that leaves it out gets the whole resource back; one that sends it changes nothing else).
 */
export const RESPONSE_SHAPING_GLOSS: Record<string, string> = {
  fields: 'Shapes only the response: it names the parts of the result to send back, and the call does the same thing with or without it.',
  expand: 'Shapes only the response: it names related objects to return in full instead of by id, and the call does the same thing with or without it.',
  include: 'Shapes only the response: it names extra related data to return with the result, and the call does the same thing with or without it.',
};

export type ArgumentLocation = ParamLocation | 'request-body';

const ORDER: ArgumentLocation[] = ['path', 'query', 'header', 'body', 'request-body'];

function isObj(v: unknown): v is Record<string, any> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `Idempotency-Key` -> `idempotency_key`: a header's name as an argument name. */
function argumentNameOf(name: string, location: ArgumentLocation): string {
  return location === 'header' ? name.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '').toLowerCase() || 'header' : name;
}

export interface BuiltTool {
  tool: ToolSource;
  /** Parameters left out of the arguments because the server fills them (credentials, transport headers). */
  heldBack: HeldBack[];
  /** The combination rule's allowed sets, when the body had a top-level oneOf/anyOf. */
  combination?: { kind: 'oneOf' | 'anyOf'; sets: { required: string[]; props: string[] }[] };
}

export function buildTool(env: ConvertEnv, op: OperationFacts, name: string): BuiltTool {
  const entries: { name: string; schema: SchemaNode; in: ArgumentLocation; wireName: string; required: boolean }[] = [];
  const paramNames = op.params.map((p) => p.name);
  const heldBack: HeldBack[] = [...(op.heldBack ?? [])];
  for (const h of heldBack) if (h.in === 'header') env.report.headersDropped[h.name] = (env.report.headersDropped[h.name] ?? 0) + 1;
  for (const p of op.params) {
    if (p.in === 'header' && !AGENT_HEADERS.test(p.name)) {
      env.report.headersDropped[p.name] = (env.report.headersDropped[p.name] ?? 0) + 1;
      heldBack.push(AUTH_HEADERS.test(p.name) ? { name: p.name, in: 'header', why: 'credential', basis: 'an auth header' } : { name: p.name, in: 'header', why: 'transport', basis: 'a header the client sets (version, content negotiation, delivery)' });
      continue;
    }
    const argName = argumentNameOf(p.name, p.in);
    const schema = convertSchema(env, p.schema, { tool: name, field: argName, argsPath: argName, stack: [], depth: 1 });
    if (!schema) continue;
    if (p.deprecated && schema.deprecated !== true) {
      schema.deprecated = true;
      env.report.deprecatedMarked++;
    }
    finishField(env, { tool: name, field: argName, name: argName, node: schema, raw: p.schema, siblings: paramNames, parentArgsPath: '', location: p.in });
    if (p.in === 'query' && RESPONSE_SHAPING.has(p.name)) schema['x-gloss'] = RESPONSE_SHAPING_GLOSS[p.name];
    entries.push({ name: argName, schema, in: p.in, wireName: p.name, required: p.required });
  }

  let combination: BuiltTool['combination'];
  if (op.body) {
    const body = convertSchema(env, op.body.schema, { tool: name, field: '', argsPath: '', stack: [], depth: 0 });
    if (body) {
      let fields: Record<string, SchemaNode> | undefined;
      let required: string[] = [];
      const combinator = (['oneOf', 'anyOf'] as const).find((k) => Array.isArray(body[k]));
      const objectBranches = combinator && body[combinator].every((b: SchemaNode) => b.type === 'object' || (b.type === undefined && (b.properties || b.required)));
      if (combinator && objectBranches && (body.type === 'object' || body.type === undefined)) {
        const h = hoistBranches(body, body[combinator]);
        fields = h.properties;
        required = h.required;
        combination = { kind: combinator, sets: h.sets };
      } else if (body.type === 'object' && isObj(body.properties) && !combinator) {
        fields = body.properties;
        required = Array.isArray(body.required) ? body.required : [];
      }
      if (fields) {
        for (const [fname, fschema] of Object.entries(fields)) entries.push({ name: fname, schema: fschema, in: 'body', wireName: fname, required: required.includes(fname) });
      } else {
        // A body that is not an object of fields (a list, a string, a free-form map) is one argument.
        finishField(env, { tool: name, field: 'body', name: 'body', node: body, raw: op.body.schema, siblings: [], parentArgsPath: '' });
        entries.push({ name: 'body', schema: body, in: 'request-body', wireName: 'body', required: op.body.required });
      }
    }
  }

  // Resolve name collisions: the earlier location keeps the name.
  entries.sort((a, b) => ORDER.indexOf(a.in) - ORDER.indexOf(b.in));
  const properties: [string, SchemaNode][] = [];
  const taken = new Map<string, ArgumentLocation>();
  const requiredArgs: string[] = [];
  const renames = new Map<string, string>();
  for (const e of entries) {
    let argName = e.name;
    const keptIn = taken.get(argName);
    if (keptIn !== undefined) {
      const base = `${e.in === 'request-body' ? 'body' : e.in}_${e.name}`;
      argName = base;
      for (let n = 2; taken.has(argName); n++) argName = `${base}_${n}`;
      env.report.collisions.push({ tool: name, name: e.name, in: e.in === 'request-body' ? 'body' : e.in, renamedTo: argName, keptIn: keptIn === 'request-body' ? 'body' : keptIn });
      if (e.in === 'body') renames.set(e.name, argName);
    }
    taken.set(argName, e.in);
    const schema: SchemaNode = { ...e.schema, 'x-in': e.in };
    if (argName !== e.wireName) schema['x-wire-name'] = e.wireName;
    properties.push([argName, schema]);
    if (e.required) requiredArgs.push(argName);
  }

  const args: SchemaNode = { type: 'object', properties: Object.fromEntries(properties) };
  if (requiredArgs.length) args.required = requiredArgs;

  const tool: ToolSource = {
    name,
    summary: operationSummary({ ...op, required: requiredArgs }),
    ...(op.resource ? { resource: op.resource } : {}),
    // A Discovery method id is not its route: the route is kept beside it for the pages.
    operation: { id: op.id, ...(routeOf(op) !== op.id ? { route: routeOf(op) } : {}), ...(op.reference ? { reference: op.reference } : {}) },
    arguments: args,
  };
  if (combination) {
    const declared = new Set(properties.map(([n]) => n));
    // A branch that requires a field the schema never declares cannot be met by any call: it is left out.
    const sets = combination.sets
      .map((s) => ({ required: s.required.map((r) => renames.get(r) ?? r), props: s.props.map((p) => renames.get(p) ?? p).filter((p) => declared.has(p)) }))
      .filter((s) => s.required.every((r) => declared.has(r)));
    combination = { kind: combination.kind, sets };
    const check = sets.length ? combinationCheck(combination.kind, sets) : undefined;
    env.report.combinations.push({ tool: name, kind: combination.kind, sets: sets.map((s) => s.required), rule: check !== undefined });
    if (check) tool.checks = [check];
  }
  return { tool, heldBack, combination };
}

function routeOf(op: OperationFacts): string {
  return `${op.method.toUpperCase()} ${op.path}`;
}

const SAFE_KEY = /^[A-Za-z0-9_-]+$/;

/**
 * The rule of a top-level oneOf/anyOf over objects: a call matches a branch when it sends every field the
 * branch requires and no field that only other branches declare. anyOf: refused when it matches none;
 * oneOf: refused when it matches none or more than one. Undefined when the rule could never refuse a call.
 */
function combinationCheck(kind: 'oneOf' | 'anyOf', sets: { required: string[]; props: string[] }[]): CheckSource | undefined {
  const all = new Set(sets.flatMap((s) => s.props));
  if (![...all].every((n) => SAFE_KEY.test(n))) return undefined;
  const matches: Expr[] = sets.map((s) => {
    const others = [...all].filter((p) => !s.props.includes(p));
    const terms: Expr[] = [...s.required.map((r) => ({ present: `$args.${r}` })), ...others.map((p) => ({ missing: `$args.${p}` }))];
    return terms.length === 1 ? terms[0] : { all: terms };
  });
  // A branch any call matches (it requires nothing and excludes nothing) leaves no call to refuse by its
  // fields alone: no rule, and the report says so.
  if (sets.some((s, i) => s.required.length === 0 && (matches[i] as { all: Expr[] }).all?.length === 0)) return undefined;
  const none: Expr = { not: { any: matches } };
  let when: Expr = none;
  // "Exactly one" is decidable from the fields only when no two branches take the same fields; branches
  // told apart by a value (a discriminator such as trigger_type) are then held to "at least one".
  const signatures = sets.map((s) => `${[...s.required].sort()}|${[...s.props].sort()}`);
  const exact = kind === 'oneOf' && new Set(signatures).size === signatures.length;
  if (exact) {
    const pairs: Expr[] = [];
    for (let i = 0; i < matches.length; i++) for (let j = i + 1; j < matches.length; j++) pairs.push({ all: [matches[i], matches[j]] });
    when = pairs.length ? { any: [none, ...pairs] } : none;
  }
  const described = [...new Set(sets.map((s) => (s.required.length ? s.required.join(' and ') : 'none of the other fields')))].join('; or ');
  return {
    kind: 'rule',
    code: COMBINATION_CODE,
    when,
    message: `these arguments fit none of the combinations the API takes${exact ? ' (exactly one must fit)' : ''}: send ${described}`,
    retryable: false,
  };
}
