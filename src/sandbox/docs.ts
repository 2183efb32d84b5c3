// The sandbox's part for the docs pages' components (src/components/docs/), which run at build time, never in
// the browser: the exports, the strict modes and the departures a tool page shows. Imported statically.
export { DEPARTURES, departuresFor } from '../engine/departures';
export { exportTool } from '../engine/exports';
export { countFindings, findingField, lintTool, refusedOutright, STRICT_SOURCES, STRICT_TARGET_LABELS, STRICT_TARGETS, strictExportTool, strictToolName } from '../engine/strict-lint';
