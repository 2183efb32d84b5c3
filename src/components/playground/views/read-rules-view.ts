// Your tools: the rules read from the descriptions you pasted (src/engine/pack/promises/), each with the
// words it came from and the JSON Patch that would put it in your schema. Computed purely, for the panel
// (ReadRulesPanel.tsx) and its test.
import { lintPromises } from '../../../sandbox/lint';
import type { CompiledPack } from '../../../engine/types';

export interface ReadRuleRow {
  tool: string;
  field: string;
  /** The words of the description, as written. */
  words: string;
  /** The keywords the rule adds, as JSON: `"format": "date"`. */
  adds: string;
  /** The RFC 6902 patch on the tool's parameter schema, as JSON text. */
  patch: string;
}

export function readRuleRows(pack: CompiledPack): ReadRuleRow[] {
  return pack.tools.flatMap((t) =>
    lintPromises(t).map((p) => ({
      tool: t.name,
      field: p.field,
      words: p.words,
      adds: p.patch.map((op) => `${JSON.stringify(op.path.slice(op.path.lastIndexOf('/') + 1))}: ${JSON.stringify(op.value)}`).join(', '),
      patch: JSON.stringify(p.patch),
    })),
  );
}
