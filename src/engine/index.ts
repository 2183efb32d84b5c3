// The engine's public face. Pure TypeScript: no DOM, no Node APIs, so the site, a tool server, the tests
// and the CLI give the same body for the same call. Stages, in order: parse.ts, absorb.ts, validate.ts
// (which calls explain.ts for each violation), body.ts; check.ts runs them.
export { check } from './check';
export { serializeBody, MAX_ERRORS } from './body';
export { compilePack, PackError, enumCodes, enumIsListable, type PackProblem } from './pack-compiler';
export { loadPack, loadPacks } from './pack-loader';
export { packFromToolDefinitions } from './tools-import';
export { exportPack, exportTool, EXPORT_FORMS, type ExportForm } from './exports';
export { CODES, codeInfo, allGenericCodes, ENUM_CODE_FAMILY } from './codes';
export { parseCall } from './parse';
export { validateArguments } from './validate';
export { whatToSend, rangeText, lengthText, listValues, FORMAT_RULES } from './explain';
export { suggestValues, suggestNames } from './suggest';
export type * from './types';
