// The strict lint, the promise lint (what a description promises and the schema does not enforce) and the exports, for a panel that needs only them (the playground's strict-mode panel):
// part of the sandbox's extra part (extra.ts), importable alone so the panel's chunk holds no replay.
export { exportPack, exportTool, EXPORT_FORMS, type ExportForm } from '../engine/pack/exports';
export { countFindings, findingField, lintRequest, lintTool, STRICT_TARGET_LABELS, STRICT_TARGETS, type StrictAction, type StrictFinding, type StrictLives, type StrictTarget } from '../engine/strict';
export { lintPromises, type PromiseFinding } from '../engine/pack/promises/promise-lint';
