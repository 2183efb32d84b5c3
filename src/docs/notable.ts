// What stands out in a pack, for its overview page: every conflict with its reason, every alias, and the
// glosses grouped by their text (a gloss shared by several tools is listed once).
import type { CompiledPack } from '../engine';
import { fieldRows } from './fields';

export interface NotableConflict {
  tool: string;
  field: string;
  anchor: string;
  with: string[];
  reason: string;
}

export interface NotableAlias {
  tool: string;
  field: string;
  anchor: string;
  aliases: string[];
}

export interface NotableGloss {
  gloss: string;
  fields: { tool: string; field: string; anchor: string }[];
}

export function notable(pack: CompiledPack): { conflicts: NotableConflict[]; aliases: NotableAlias[]; glosses: NotableGloss[]; valueAliases: number } {
  const conflicts: NotableConflict[] = [];
  const aliases: NotableAlias[] = [];
  const glosses = new Map<string, NotableGloss>();
  let valueAliases = 0;
  for (const tool of pack.tools) {
    for (const r of fieldRows(tool)) {
      if (r.conflicts) conflicts.push({ tool: tool.name, field: r.path, anchor: r.anchor, with: r.conflicts.with, reason: r.conflicts.reason });
      if (r.aliases.length) aliases.push({ tool: tool.name, field: r.path, anchor: r.anchor, aliases: r.aliases });
      if (r.gloss) {
        const g = glosses.get(r.gloss) ?? { gloss: r.gloss, fields: [] };
        g.fields.push({ tool: tool.name, field: r.path, anchor: r.anchor });
        glosses.set(r.gloss, g);
      }
      valueAliases += r.valueAliases.length;
    }
  }
  return { conflicts, aliases, glosses: [...glosses.values()], valueAliases };
}
