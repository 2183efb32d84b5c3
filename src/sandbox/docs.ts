// The sandbox's part for the docs pages' components (src/components/docs/), which run at build time, never in
// the browser: the exports, the strict modes and the departures a tool page shows. Imported statically.
export { DEPARTURES, departuresFor } from '../engine/pack/departures';
export { exportTool } from '../engine/pack/exports';
export { countFindings, findingField, lintTool, refusedOutright, STRICT_SOURCES, STRICT_TARGET_LABELS, STRICT_TARGETS, strictExportTool, strictToolName } from '../engine/strict';
