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
//
// One file a job: the vendors' rules (openai.ts, anthropic.ts, gemini.ts, names.ts), what the engine
// enforces (enforced.ts), the walk that builds a target's schema (walk.ts), the size budgets (budgets.ts),
// the plan that runs them (plan.ts), the lint and its report (lint.ts), the export (export.ts) and the undo
// on the server (undo.ts). check-strict.ts is left out of this index: it brings check() along, and the
// panels that only lint need none of it.
export { STRICT_SOURCES, STRICT_TARGETS, STRICT_TARGET_LABELS, type StrictAction, type StrictFinding, type StrictLintOptions, type StrictLives, type StrictTarget } from './targets';
export { geminiPropertyNames, strictToolName } from './names';
export { strictPlan, type StrictPlan } from './plan';
export { countFindings, findingField, lintRequest, lintTool, refusedOutright, strictReport, type StrictCounts, type StrictPackReport } from './lint';
export { strictExportTool } from './export';
export { fromStrictCall } from './undo';
