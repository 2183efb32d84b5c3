// The importer: an OpenAPI 3.0/3.1, Swagger 2 or Google Discovery document in, a pack (content/packs/README.md)
// and a report of every decision out. Pure TypeScript, no Node APIs: the CLI (src/cli/import.ts) and the
// playground run the same code. OpenAPI and Swagger `$ref`s are resolved by @apidevtools/json-schema-ref-parser
// (local references only: nothing is fetched), which keeps recursive schemas as object cycles that the schema
// converter cuts; Discovery's `$ref`s are schema names, resolved here.
import { compilePack } from '../engine/pack/ajv-backend';
import { PackError } from '../engine/pack/pack-compiler';
import { pointerOf } from '../engine/paths';
import { enumIsListable } from '../engine/schema';
import { loadValueSets } from '../engine/registries/index';
import type { PackSource, RefusedTool, SchemaNode, ToolSource } from '../engine/types';
import { VALUE_SET_NAMES } from '../engine/shared/value-sets';
import { buildTool, COMBINATION_CODE } from './build';
import { discoveryNameBase, readDiscoveryOperations } from './discovery';
import { makeExamples } from './examples';
import { documentDateForms } from './date-forms';
import { discoveryStandardParams } from './held-back';
import { assignToolNames, baseToolName, sanitizeName } from './names';
import { fieldRole, listIndex } from './operation-words';
import { InlineBudget, InlineBudgetError } from './inline-budget';
import { dereference } from './dereference';
import { dereferenceIsolated, type RefusedOperation } from './isolate-refs';
import { readOpenApiOperations } from './openapi';
import { applyOverlayRules, applyToolOverlay, mergeOverlayExamples, unresolvedCalls, validateOverlay } from './overlay';
import { check } from '../engine/check';
import { loadPack } from '../engine/pack/pack-loader';
import type { PackProblem } from '../engine/pack/pack-compiler';
import { collectDocumentEvidence } from './recognise';
import { completeKeywords, type ConvertEnv } from './schema';
import { specPointers } from './spec-pointers';
import { carryConventions } from './spec-conventions';
import { dropBrokenByVendorExamples, emptySpecRuleCounts } from './spec-rules';
import { collectVendorExamples } from './vendor-examples';
// The rules read from vendors' descriptions are enforced by check() while the import makes each tool's
// examples, so the examples keep them, whoever imports the importer.
import '../engine/pack/promises/reader-default';
import type { ImportOptions, ImportReport, ImportResult, OperationFacts, SpecFormat } from './types';

export type { HeldBack, ImportOptions, ImportReport, ImportResult, Inference, OperationFacts, SpecFormat } from './types';
export { COMBINATION_CODE } from './build';
export { UNKNOWN_ARGUMENT } from './examples';
export { TOOL_NAME_PATTERN, assignToolNames, baseToolName, sanitizeName, shortenName } from './names';
export { MAX_DEPTH, RECURSION_EXPANSIONS } from './schema';
export { fieldAt, validateOverlay, WIRE_FACTS, type PackOverlay, type ToolOverlay, type FieldOverlay } from './overlay';

function isObj(v: unknown): v is Record<string, any> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Which kind of document this is; throws when it is none the importer reads. */
export function detectFormat(doc: unknown): SpecFormat {
  if (!isObj(doc)) throw new Error('not a JSON object: expected an OpenAPI, Swagger or Google Discovery document');
  if (typeof doc.openapi === 'string') {
    if (doc.openapi.startsWith('3.1')) return 'openapi-3.1';
    if (doc.openapi.startsWith('3.0')) return 'openapi-3.0';
    throw new Error(`OpenAPI ${doc.openapi} is not a version the importer reads (3.0, 3.1)`);
  }
  if (doc.swagger === '2.0') return 'swagger-2.0';
  if (typeof doc.discoveryVersion === 'string' && isObj(doc.resources)) return 'google-discovery';
  throw new Error('neither OpenAPI 3 ("openapi"), Swagger 2 ("swagger": "2.0") nor a Google Discovery document ("discoveryVersion")');
}

const FORMAT_NAMES: Record<SpecFormat, string> = {
  'openapi-3.0': 'OpenAPI 3.0',
  'openapi-3.1': 'OpenAPI 3.1',
  'swagger-2.0': 'Swagger 2.0',
  'google-discovery': 'Google Discovery',
};

function emptyReport(format: SpecFormat, specVersion: string): ImportReport {
  return {
    format,
    specVersion,
    operations: 0,
    tools: 0,
    skipped: [],
    names: [],
    collisions: [],
    headersDropped: {},
    heldBack: { everyTool: [], tools: {} },
    cuts: [],
    combinations: [],
    emptyStringUnions: 0,
    readOnlyDropped: 0,
    deprecatedMarked: 0,
    largeEnums: [],
    formatsDescribed: {},
    patternsDropped: [],
    inferences: [],
    dateForms: { colonlessOffset: 0, zonedDateTime: 0, dateAccepted: 0 },
    exampleGaps: [],
    readRules: emptySpecRuleCounts(),
  };
}

/** Adds x-rule and x-example to every nested schema that needs them and has no name of its own (list items of lists, map values, branches). */
function completeTree(env: ConvertEnv, tool: string, node: unknown, field: string, depth = 0): void {
  if (!isObj(node) || depth > 40) return;
  const s = node as SchemaNode;
  const needs =
    (typeof s.pattern === 'string' && (s['x-rule'] === undefined || s['x-example'] === undefined)) ||
    (typeof s.format === 'string' && s['x-example'] === undefined) ||
    (Array.isArray(s.enum) && !s['x-rule'] && !s['x-value-set'] && !enumIsListable(s.enum));
  if (needs) completeKeywords(env, tool, field, s);
  if (isObj(s.properties)) for (const [k, v] of Object.entries(s.properties)) completeTree(env, tool, v, field ? `${field}.${k}` : k, depth + 1);
  if (isObj(s.items)) completeTree(env, tool, s.items, `${field}[]`, depth + 1);
  if (isObj(s.additionalProperties)) completeTree(env, tool, s.additionalProperties, `${field}.*`, depth + 1);
  if (isObj(s.patternProperties)) for (const v of Object.values(s.patternProperties)) completeTree(env, tool, v, `${field}.*`, depth + 1);
  for (const k of ['anyOf', 'oneOf', 'allOf']) if (Array.isArray(s[k])) for (const b of s[k]) completeTree(env, tool, b, field, depth + 1);
  if (isObj(s.not)) completeTree(env, tool, s.not, field, depth + 1);
}

export { dereference } from './dereference';

function packSummary(title: string, format: SpecFormat, version: string, tools: number): string {
  return `${title}: ${tools} operations as tools, imported from the vendor's ${FORMAT_NAMES[format]} document (version ${version}); fields are described from their facts.`;
}

/** Imports one document. The document is not changed. */
export async function importSpec(input: unknown, options: ImportOptions): Promise<ImportResult> {
  const format = detectFormat(input);
  const raw = input as Record<string, any>;
  // Recognised fields fill enums from the registries, so every registry is loaded first.
  await loadValueSets(VALUE_SET_NAMES);
  const specVersion = format === 'google-discovery' ? `${raw.version ?? '?'} (revision ${raw.revision ?? '?'})` : String(raw.info?.version ?? '?');
  const report = emptyReport(format, specVersion);
  const documentEvidence = collectDocumentEvidence(raw);
  const dateForms = documentDateForms(raw);
  if (dateForms.colonlessOffsetExample) report.dateForms.example = dateForms.colonlessOffsetExample;

  let ops: OperationFacts[];
  let base: ConvertEnv;
  let bases: string[];
  let leftUnresolved: RefusedOperation[] = [];
  let dereferenced: Record<string, any> | undefined;
  if (format === 'google-discovery') {
    const schemas: Record<string, unknown> = isObj(raw.schemas) ? raw.schemas : {};
    const byObject = new WeakMap<object, string>();
    for (const [k, v] of Object.entries(schemas)) if (isObj(v)) byObject.set(v, k);
    base = { report, documentEvidence, dateForms, resolveRef: (ref) => schemas[ref], refName: (node) => byObject.get(node), pointerOf: specPointers(raw) };
    ops = readDiscoveryOperations(raw);
    report.heldBack.everyTool = discoveryStandardParams(raw);
    bases = ops.map((op) => sanitizeName(discoveryNameBase(op.vendorName ?? op.id, String(raw.name ?? ''))));
  } else {
    const { doc, names, refused: unresolved, kept } = await dereferenceIsolated(raw, dereference);
    dereferenced = doc;
    base = { report, documentEvidence, dateForms, refName: (node) => names.get(node), pointerOf: specPointers(doc) };
    ops = readOpenApiOperations(doc).filter((op) => !kept || kept.has(op.pointer!));
    bases = ops.map((op) => baseToolName(op.vendorName, op.method, op.path));
    leftUnresolved = unresolved;
  }
  report.operations = ops.length + leftUnresolved.length;
  const named = assignToolNames(bases);

  const overlay = options.overlay ? validateOverlay(options.overlay.data, options.overlay.file, options.id) : undefined;
  const overlayProblems: PackProblem[] = [];
  // Which tool lists which resources, so an id's description can name the call that gives valid values.
  const lists = listIndex(ops.map((op, i) => ({ ...op, tool: named[i].name })));

  const tools: ToolSource[] = [];
  const refused: RefusedTool[] = [];
  // Operations whose $refs the dereferencer refused (isolate-refs.ts): left out like any other, with their pointer.
  for (const u of leftUnresolved) {
    const id = `${u.method.toUpperCase()} ${u.path}`;
    report.skipped.push({ operation: id, reason: u.reason });
    refused.push({ tool: baseToolName(u.operationId, u.method, u.path), pointer: u.pointer, reason: `${id}: ${u.reason}` });
  }
  const budget = new InlineBudget();
  const title = options.title ?? String(raw.info?.title ?? raw.title ?? options.id);
  ops.forEach((op, i) => {
    const n = named[i];
    if (n.shortened || n.suffixed) report.names.push({ operation: op.id, from: n.from, name: n.name, shortened: n.shortened, suffixed: n.suffixed });
    /** Leaves this operation out: the report says why, and so does the tool it would have been. */
    const skip = (reason: string) => {
      report.skipped.push({ operation: op.id, reason });
      refused.push({ tool: n.name, pointer: op.pointer ?? '', reason: `${op.id}: ${reason}` });
    };
    budget.startTool();
    const env: ConvertEnv = { ...base, budget, ...(format === 'google-discovery' ? { discoveryMethod: op.id } : {}), fieldRole: (field, location) => fieldRole(field, location, op, lists, n.name), responseField: (name) => (op.responseFields && Object.prototype.hasOwnProperty.call(op.responseFields, name) ? op.responseFields[name] : undefined) };
    try {
      const built = buildTool(env, op, n.name);
      completeTree(env, n.name, built.tool.arguments, '');
      const toolOverlay = overlay?.tools[n.name];
      if (toolOverlay) applyToolOverlay(built.tool, toolOverlay, overlayProblems);
      const reference = op.reference ?? options.referenceFor?.(op);
      if (reference && built.tool.operation) built.tool.operation.reference = reference;
      if (options.examples !== false) {
        // One tool at a time, so one tool the engine cannot compile is left out rather than the whole pack.
        const single: PackSource = { id: options.id, title, vendor: 'x', reference: 'https://example.com/', summary: 'x', tools: [built.tool], ...(built.tool.checks ? { state: {} } : {}) };
        const pack = compilePack(single, `${options.id}#${n.name}`);
        const ex = makeExamples(pack, built.tool, built.combination);
        for (const gap of ex.gaps) report.exampleGaps.push({ tool: n.name, missing: gap });
        if (!ex.valid.length) {
          // The loader refuses a tool with no valid example, and a tool no call can pass is no use to anyone.
          skip(`no valid call could be made: ${ex.gaps[0]}`);
          options.onProgress?.(i + 1, ops.length);
          return;
        }
        if (ex.dropCombinationRule) {
          // Only the combination rule goes; an overlay's own rules stay.
          const kept = built.tool.checks?.filter((c) => !(c.kind === 'rule' && c.code === COMBINATION_CODE));
          if (kept?.length) built.tool.checks = kept;
          else delete built.tool.checks;
          const entry = report.combinations.find((c) => c.tool === n.name);
          if (entry) entry.rule = false;
        }
        built.tool.examples = { valid: ex.valid, invalid: ex.invalid };
        if (toolOverlay) {
          applyOverlayRules(built.tool, toolOverlay);
          if (toolOverlay.rules?.length) {
            // The generated smallest call may break a documented rule (a message with no body): keep those that pass.
            const ruled = compilePack({ ...single, state: {}, tools: [built.tool] }, `${options.id}#${n.name}`);
            built.tool.examples.valid = ex.valid.filter((args) => check(ruled, { name: n.name, arguments: args }).ok);
          }
          mergeOverlayExamples(built.tool, toolOverlay);
          overlaidToolProblems(single, built.tool, overlayProblems);
        }
      }
      tools.push(built.tool);
      budget.keepTool();
      if (built.heldBack.length) report.heldBack.tools[n.name] = built.heldBack;
    } catch (err) {
      if (err instanceof InlineBudgetError) {
        skip(err.message);
        options.onProgress?.(i + 1, ops.length);
        return;
      }
      if (!(err instanceof PackError)) throw err;
      // An overlaid tool the engine cannot compile is the overlay's fault: it fails the import, never skips.
      if (overlay?.tools[n.name]) overlayProblems.push(...err.problems.map((p) => ({ path: `/tools/${n.name}${p.path.replace(/^\/tools\/0/, '')}`, message: p.message })));
      skip(err.problems.slice(0, 3).map((p) => `${p.path}: ${p.message}`).join('; '));
    }
    options.onProgress?.(i + 1, ops.length);
  });
  report.tools = tools.length;
  if (overlay) {
    const names = new Set(tools.map((t) => t.name));
    for (const name of Object.keys(overlay.tools)) {
      if (names.has(name)) continue;
      const i = named.findIndex((x) => x.name === name);
      const skipped = i >= 0 ? report.skipped.find((s) => s.operation === ops[i].id) : undefined;
      overlayProblems.push({ path: pointerOf(['tools', name]), message: skipped ? `the import left ${name} out: ${skipped.reason}` : `the import of ${options.id} has no tool ${name}` });
    }
    overlayProblems.push(...unresolvedCalls(overlay, names));
    if (overlayProblems.length) throw new PackError(options.overlay!.file, overlayProblems);
  }
  forgetSkippedListers(tools);
  // A format or value set the document states for a name in two operations or more holds where it states none.
  carryConventions(tools, report.readRules);
  // A rule read from a description that a request example of the vendor's breaks was a misreading.
  if (dereferenced && report.readRules.made > 0) dropBrokenByVendorExamples(tools, collectVendorExamples(dereferenced, { tools } as PackSource), report.readRules);

  const reference = options.reference ?? firstHttps([raw.externalDocs?.url, raw.documentationLink, raw.info?.contact?.url]) ?? 'https://example.com/';
  const pack: PackSource = {
    id: options.id,
    title,
    vendor: options.vendor ?? String(raw.info?.contact?.name ?? raw.ownerName ?? title),
    reference,
    summary: packSummary(title, format, specVersion, tools.length),
    // Combination rules are ordered checks, which the compiler runs against a state; they read only the call.
    ...(tools.some((t) => t.checks?.length) ? { state: {} } : {}),
    tools,
  };
  return { pack, report, refused };
}

/** Runs an overlaid tool's examples (its own and the generated ones) through the loader; problems go to the overlay. */
function overlaidToolProblems(single: PackSource, tool: ToolSource, problems: PackProblem[]): void {
  try {
    const pack = loadPack(`${single.id}.json`, { ...single, ...(tool.checks?.length ? { state: {} } : {}), tools: [tool] });
    // The site runs each example as the JSON text of the call, where a number JSON cannot hold exactly is
    // its own fault: the example must get the same code read that way as it does as an object.
    (tool.examples?.invalid ?? []).forEach((ex, i) => {
      const r = check(pack, JSON.stringify({ name: tool.name, arguments: ex.arguments }));
      const code = r.body ? String(r.body.error) : 'accepted';
      if (code !== ex.expect) problems.push({ path: `/tools/${tool.name}/examples/invalid/${i}`, message: `expects ${ex.expect} but the engine gives ${code} to the call as JSON text` });
    });
  } catch (err) {
    if (!(err instanceof PackError)) throw err;
    for (const p of err.problems) problems.push({ path: `/tools/${tool.name}${p.path.replace(/^\/tools\/0/, '')}`, message: p.message });
  }
}

/** An id's description names its list tool; a list tool left out of the pack is named nowhere. */
function forgetSkippedListers(tools: ToolSource[]): void {
  const names = new Set(tools.map((t) => t.name));
  for (const t of tools) {
    for (const field of Object.values<SchemaNode>(t.arguments.properties ?? {})) {
      const m = typeof field.description === 'string' ? /, as listed by ([A-Za-z0-9_-]+)/.exec(field.description) : null;
      if (m && !names.has(m[1])) field.description = field.description.replace(m[0], '');
    }
  }
}

function firstHttps(candidates: unknown[]): string | undefined {
  return candidates.find((c): c is string => typeof c === 'string' && c.startsWith('https://'));
}
