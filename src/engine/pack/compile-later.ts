// Which tools' validators may wait for their first call. AJV's compile of one tool costs about half a
// millisecond, so a server listing 10,000 tools would keep the proxy's first call waiting for seconds while all
// of them compiled. A tool refused only on a call would have been listed to the client, though, so what an
// eager compile finds is found here by a walk that compiles nothing: a local $ref that leads nowhere and a
// pattern that is no regular expression, with the errors AJV would give. A schema this walk cannot vouch for
// ($id, anchors, dynamic or non-local references: their resolution is AJV's own) is compiled at once.
import { pointerKeys } from '../paths';

/** Values that are data, not schemas. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples', 'example', 'x-example']);
/** Keywords whose value maps names to schemas: a key there is a name, never a keyword. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
/** Keywords whose resolution only AJV can do: a schema holding one is compiled now. */
const RESOLVED_BY_AJV = new Set(['$id', 'id', '$anchor', '$dynamicAnchor', '$dynamicRef', '$recursiveRef', '$recursiveAnchor']);

/** Whether the JSON pointer `ref` (after its '#') names a schema (an object or a boolean) in `root`. */
function holds(root: unknown, pointer: string): boolean {
  let cur: unknown = root;
  let keys: string[];
  try {
    keys = pointerKeys(pointer, { uri: true });
  } catch {
    return false;
  }
  for (const key of keys) {
    if (cur === null || typeof cur !== 'object' || !Object.prototype.hasOwnProperty.call(cur, key)) return false;
    cur = (cur as Record<string, unknown>)[key];
  }
  return typeof cur === 'boolean' || (cur !== null && typeof cur === 'object');
}

/**
 * 'later' when the tool's validator may be compiled on its first call, 'now' when only AJV can tell whether
 * it compiles. Throws what AJV's compile would for a local $ref that names nothing or a pattern (or
 * patternProperties key) that is no regular expression.
 */
export function whenToCompile(wire: unknown): 'now' | 'later' {
  let now = false;
  const pattern = (p: string) => void new RegExp(p, 'u');
  const walk = (node: unknown, depth: number): void => {
    if (now || node === null || typeof node !== 'object') return;
    if (depth > 256) {
      now = true;
      return;
    }
    if (Array.isArray(node)) return node.forEach((n) => walk(n, depth + 1));
    for (const [k, v] of Object.entries(node)) {
      if (DATA_KEYWORDS.has(k)) continue;
      if (RESOLVED_BY_AJV.has(k)) {
        now = true;
        return;
      }
      if (k === '$ref' && typeof v === 'string') {
        if (!v.startsWith('#/') && v !== '#') {
          now = true;
          return;
        }
        // AJV's own words, so the refusal reads as an eager compile's (pack-compiler.ts, compileProblem).
        if (!holds(wire, v.slice(1))) throw new Error(`can't resolve reference ${v} from id #`);
      }
      if (k === 'pattern' && typeof v === 'string') pattern(v);
      if (SCHEMA_MAPS.has(k) && v !== null && typeof v === 'object' && !Array.isArray(v)) {
        for (const [name, sub] of Object.entries(v)) {
          if (k === 'patternProperties') pattern(name);
          walk(sub, depth + 1);
        }
      } else walk(v, depth + 1);
    }
  };
  walk(wire, 0);
  return now ? 'now' : 'later';
}
