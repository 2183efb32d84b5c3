// What the bench measures, bundled the way the site ships it (bench/run.ts builds this with esbuild,
// as Vite does) rather than run through the tsx loader, which wraps every closure in a naming helper.
export { check, serializeBody, packFromToolDefinitions, suggestValues, type CompiledPack, type CompiledTool, type Body, type Json } from '../src/engine';
export { estimateBodyTokens } from '../src/engine/body/body';
export { valueSet, valueSetCandidates } from '../src/engine/shared/value-sets';
export { checkExampleOptions } from '../src/engine/pack/pack-loader';
export { packs } from '../src/packs';
export { readRuleCounts } from '../src/engine/pack/promises/promises';
