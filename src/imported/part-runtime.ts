// What an imported pack's part requires (src/imported/parts.ts): AJV's runtime helpers and the engine's capped
// regexp engine and formats. Its own module, loaded with the first part: the formats are not on the path of
// the playground's first body.
import * as ucs2lengthModule from 'ajv/dist/runtime/ucs2length';
import * as equalModule from 'ajv/dist/runtime/equal';
import * as inputCap from '../engine/validate/input-cap';
import * as cappedFormats from '../engine/validate/capped-formats';
import { PART_ENGINE_DIR } from './parts';

/**
 * The object `require` returns for a CommonJS module: the namespace of an import differs between Node
 * (`default` is module.exports) and bundlers (`default` is exports.default).
 */
function commonJs(namespace: Record<string, unknown>): unknown {
  const d = namespace.default as { __esModule?: boolean } | undefined;
  return d && d.__esModule ? d : namespace;
}

const RUNTIME: Record<string, unknown> = {
  'ajv/dist/runtime/ucs2length': commonJs(ucs2lengthModule),
  'ajv/dist/runtime/equal': commonJs(equalModule),
  [`${PART_ENGINE_DIR}/input-cap`]: inputCap,
  [`${PART_ENGINE_DIR}/capped-formats`]: cappedFormats,
};

/** What a part's code may require; anything else is a generator bug, and says so. */
export function partRequire(spec: string): unknown {
  if (!Object.hasOwn(RUNTIME, spec)) throw new Error(`an imported pack's part requires ${spec}, which the loader does not provide`);
  return RUNTIME[spec];
}
