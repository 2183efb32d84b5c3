// For tool authors: each promise a tool's descriptions make that its schema does not enforce, with the JSON
// Patch (RFC 6902) that would make the schema enforce it. check() enforces them already (enforce.ts); the
// patch puts them where every other reader of the schema sees them too. The rules a tool's own examples
// break are not offered: the patch would refuse the author's own example.
import { childPointer } from '../../paths';
import type { CompiledTool, Json } from '../../types';
import { readFromExamples } from './example-shapes';
import type { ReadRule, ReadRuleKind, ReadRuleSource } from './read-rules';

export interface PatchOperation {
  op: 'add';
  /** JSON pointer into the tool's parameter schema as written. */
  path: string;
  value: Json;
}

export interface PromiseFinding {
  /** The field, as bodies name it (`due`, `items[].due`). */
  field: string;
  /** JSON pointer of the field's schema within the tool's parameter schema. */
  path: string;
  kind: ReadRuleKind;
  source: ReadRuleSource;
  /** The words the promise was read from, and the JSON pointer of the text that holds them. */
  words: string;
  wordsAt: string;
  /** The operations that would make the schema enforce it. */
  patch: PatchOperation[];
  message: string;
}

/** `"format": "date"`, as the patch adds it. */
export function keywordsText(keywords: ReadRule['keywords']): string {
  return Object.entries(keywords)
    .map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`)
    .join(', ');
}

function promiseFinding(rule: ReadRule): PromiseFinding {
  const patch = Object.entries(rule.keywords).map(([k, v]) => ({ op: 'add' as const, path: childPointer(rule.path, k), value: v }));
  return {
    field: rule.field,
    path: rule.path,
    kind: rule.kind,
    source: rule.source,
    words: rule.words,
    wordsAt: rule.wordsAt,
    patch,
    message: `${rule.inToolDescription ? `the tool's description says it of ${rule.field}` : readFromExamples(rule) ? `the examples of ${rule.field} show it` : `the ${rule.source === 'spec' ? 'spec' : 'description'} of ${rule.field} promises it`} and the schema does not enforce it: add ${keywordsText(rule.keywords)}`,
  };
}

/** Each promise of the tool's descriptions that its schema does not enforce, in the order of its fields. */
export function lintPromises(tool: CompiledTool): PromiseFinding[] {
  return (tool.readRules ?? []).map(promiseFinding);
}
