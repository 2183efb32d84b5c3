// The engine's public face. Pure TypeScript: no DOM, no Node APIs, so the site, a tool server, the tests
// and the CLI give the same body for the same call. The stages, in order, are listed in stages.ts;
// check.ts runs them.
export { check } from './check';
export { checkCalls } from './check-calls';
// Every value-set registry, registered on import: Node loads them all; the playground loads them one by one.
import './registries/all';
// JSON as models write it (a fence, a trailing comma…) is repaired where certain: jsonrepair, installed on import.
import './parse/json-repair-default';
import './pack/promises/reader-default';
export { VALUE_SET_NAMES, registerValueSet, valueSet, valueSetNamesIn, type ValueSet } from './shared/value-sets';
export { MAX_ERRORS, BODY_TOKEN_BUDGET } from './body/body';
export { serializeBody } from './body/wire-forms';
// The wire forms serializeBody() writes besides the body (problem+json, AIP-193, JSON-RPC, MCP), and the vendor's docs link for one.
export { WIRE_FORMS, docUrlFor, type WireForm, type SerializeOptions } from './body/wire-forms';
// The JSON Schema every body validates against, for tool servers to publish; and the pack conformance check.
export { BODY_SCHEMA } from './body/body-schema';
export { packConformance, type ConformanceFinding, type ConformanceRule } from './pack/pack-conformance';
export { enumIsListable } from './schema';
export { PackError, compilePackWith, describeRefused, enumCodes, type PackProblem, type PackValidators, type ValidatorBackend } from './pack/pack-compiler';
export { compilePack } from './pack/ajv-backend';
export { loadPack, loadPacks } from './pack/pack-loader';
export { packFromToolDefinitions } from './pack/tools-import';
// Where checking departs from plain JSON Schema, and which draft a schema is read in.
export { DEPARTURES, departuresFor, type Departure } from './pack/departures';
export { dialectOf, type Dialect } from './validate/dialect';
export { exportPack, exportTool, EXPORT_FORMS, type ExportForm } from './pack/exports';
// Strict mode: what each vendor refuses, ignores or needs rewritten, where the rule lives then, the strict exports' server side.
export {
  STRICT_SOURCES,
  STRICT_TARGETS,
  STRICT_TARGET_LABELS,
  countFindings,
  findingField,
  fromStrictCall,
  geminiPropertyNames,
  lintRequest,
  lintTool,
  refusedOutright,
  strictExportTool,
  strictPlan,
  strictReport,
  strictToolName,
  type StrictAction,
  type StrictCounts,
  type StrictFinding,
  type StrictLintOptions,
  type StrictLives,
  type StrictPackReport,
  type StrictPlan,
  type StrictTarget,
} from './strict';
// A call made against a strict export, read back into the pack's terms and checked.
export { checkStrictCall } from './strict/check-strict';
// Rules read from descriptions (issue 33): what each tool promises beyond its schema, counted, and as JSON Patches.
export { readRuleCounts, type ReadRuleCounts } from './pack/promises/promises';
export { lintPromises, type PatchOperation, type PromiseFinding } from './pack/promises/promise-lint';
export type { ReadRule, ReadRuleKind, ReadRuleSource } from './types';
export { CODES, codeInfo, allGenericCodes, ENUM_CODE_FAMILY, RULE_CODE_FAMILY, type CodeInfo } from './faults/codes';
// Ordered checks against a pack's state (stage 5, after validate): the site's tool pages and state tab.
export { runChecks } from './run-checks';
export { stateProblems, singular } from './pack/checks-compile';
export { checkDocs, runCheckExample, ruleCodes, traceSteps, stateDiffers, type CheckDoc, type CheckExampleRun, type RuleCodeEntry, type TraceStep } from './checks-docs';
export { checkExampleOptions } from './pack/pack-loader';
export { OPERATORS, describeExpr, evaluate } from './shared/conditions';
export { parseCall, readCalls, writeCall, writeCalls, CALL_FORMATS, type CallFormat, type CallRead } from './parse/formats';
// A whole transcript replayed through check(): the report --replay prints and the playground's replay tab shows.
export { readTranscript, type TranscriptOutcome, type TranscriptCall, type TranscriptFormat, type TranscriptResult } from './parse/transcript';
export { replay, replayTranscript, type ReplayOptions, type ReplayOutcome, type ReplayReport, type ReplayCall, type ReplayEpisode, type ReplayLoop, type ReplayFault } from './replay';
export { validateArguments } from './explain/call-faults';
export { whatToSend, rangeText, lengthText, listValues, FORMAT_RULES } from './faults/rule-words';
export { suggestValues, suggestNames } from './explain/suggest';
export type * from './types';
// How far a server's own error reply is from an actionable body, point by point, and the rounds it costs.
export { grade, readReply, GRADE_POINTS, MAX_GRADE_ROUNDS, type Grade, type GradeOptions, type GradePoint, type GradePointId } from './grade';
// How much of a reply grade() reads: each prose string's first GRADE_PROSE_LIMIT characters, a value GRADE_MAX_DEPTH deep, GRADE_MAX_NODES values.
export { GRADE_PROSE_LIMIT } from './grade-prose';
export { GRADE_MAX_DEPTH, GRADE_MAX_NODES } from './grade-value';
// The most calls checkCalls() reads from one message; a message holding more is refused whole.
export { MAX_CALLS_PER_MESSAGE } from './parse/formats';
