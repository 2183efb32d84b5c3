// The pattern engine of the runtime AJV backend (ajv-backend.ts): every `pattern` and patternProperties key
// of a schema compiled at run time (--tools, the proxy's server tools, Your tools in the playground, the
// imported packs) is a server's or a user's text, so it must not be able to stall a call. JavaScript's
// matcher backtracks: ^(a+)+$ takes seconds on 30 characters. So each pattern runs on one of:
// - the platform's RegExp, when safe-pattern.ts judges it cannot backtrack without end (every pattern of
//   the curated and imported packs does): exact ECMAScript semantics, at native speed;
// - otherwise RE2 (re2js, linear in the string), the pattern translated from ECMAScript syntax;
// - a pattern neither can run (a lookahead or a backreference that might backtrack) is not enforced: it
//   accepts every string, and the tool is compiled with a warning naming it (unenforcedPatterns).
// The curated packs' precompiled validators (precompiled-backend.ts) keep the platform RegExp: ours, trusted.
import { RE2JS } from 're2js';
import { patternIsSafe } from '../safe-pattern';
import { REGEX_INPUT_MAX } from '../validate/input-cap';
import { childPointer } from '../paths';

/** How a pattern is run: natively, on the linear engine, or not at all. */
export type PatternEnforcement = 'native' | 'linear' | 'unenforced';

/** RE2's reading of a pattern, or undefined when RE2 cannot take it. */
function re2Of(pattern: string): RE2JS | undefined {
  try {
    return RE2JS.compile(RE2JS.translateRegExp(pattern), RE2JS.LOOKBEHINDS);
  } catch {
    return undefined;
  }
}

/** How `pattern` is run by the engine (it must be a valid ECMAScript pattern). */
export function patternEnforcement(pattern: string): PatternEnforcement {
  if (patternIsSafe(pattern)) return 'native';
  return re2Of(pattern) ? 'linear' : 'unenforced';
}

interface RegExpLike {
  test(s: string): boolean;
  toString(): string;
}

/**
 * AJV's `code.regExp` engine for schemas from outside: the platform's RegExp when the pattern is safe, RE2
 * when not, and no test at all when RE2 cannot read it either (see above); every string over
 * REGEX_INPUT_MAX refused, as cappedRegExp does (input-cap.ts). A pattern that is no valid ECMAScript
 * pattern throws, so AJV refuses the schema.
 */
export function untrustedRegExp(pattern: string, flags: string): RegExpLike {
  const native = new RegExp(pattern, flags);
  const re2 = patternIsSafe(pattern) ? undefined : re2Of(pattern);
  const test = patternIsSafe(pattern) ? (s: string) => native.test(s) : re2 ? (s: string) => re2.test(s) : () => true;
  return {
    test: (s: string) => s.length <= REGEX_INPUT_MAX && test(s),
    // AJV caches compiled patterns by this string; it must differ per pattern.
    toString: () => native.toString(),
  };
}

// AJV reads this only when it writes standalone code, which is for the curated packs alone (cappedRegExp there).
untrustedRegExp.code = 'untrustedRegExp';

/** One pattern the engine does not enforce: where it sits in the schema (a JSON pointer) and the pattern. */
export interface UnenforcedPattern {
  pointer: string;
  pattern: string;
}

/** Values that are data, not schemas. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples', 'example', 'x-example']);
/** Keywords whose value maps names to schemas: a key there is a name, never a keyword. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

function validPattern(p: string): boolean {
  try {
    new RegExp(p, 'u');
    return true;
  } catch {
    return false; // AJV refuses it as a schema problem: not this warning's business
  }
}

/** The patterns and patternProperties keys of a schema that no engine here runs (each node once; depth-bounded). */
export function unenforcedPatterns(schema: unknown): UnenforcedPattern[] {
  const found: UnenforcedPattern[] = [];
  const seen = new Set<object>();
  const note = (pattern: string, pointer: string) => {
    if (validPattern(pattern) && patternEnforcement(pattern) === 'unenforced') found.push({ pointer, pattern });
  };
  const walk = (node: unknown, path: string, depth: number) => {
    if (node === null || typeof node !== 'object' || seen.has(node) || depth > 128) return;
    seen.add(node);
    if (Array.isArray(node)) return node.forEach((n, i) => walk(n, childPointer(path, i), depth + 1));
    for (const [k, v] of Object.entries(node)) {
      if (DATA_KEYWORDS.has(k)) continue;
      if (k === 'pattern' && typeof v === 'string') note(v, childPointer(path, k));
      if (SCHEMA_MAPS.has(k) && v !== null && typeof v === 'object' && !Array.isArray(v)) {
        for (const [name, sub] of Object.entries(v)) {
          if (k === 'patternProperties') note(name, childPointer(childPointer(path, k), name));
          walk(sub, childPointer(childPointer(path, k), name), depth + 1);
        }
      } else walk(v, childPointer(path, k), depth + 1);
    }
  };
  walk(schema, '', 0);
  return found;
}

/** The sentence a warning gives for one unenforced pattern (the pattern itself is quoted, never prose). */
export const UNENFORCED_REASON = 'this pattern might take exponential time on JavaScript\u2019s matcher and the linear-time engine (RE2) cannot run it (a lookahead or a backreference), so it is not enforced: any string passes it';
