// Conventions inside one spec: a parameter with the same name and the same type carries the same rule in
// every operation of a document, though the vendor states it in some only. A format or a set of values read
// from the vendor's words on that name in two operations or more, the same each time and contradicted
// nowhere, is carried to the fields of that name whose words state none and whose schema says nothing of the
// value's form. The rule keeps the pointer of the words it was read from; a body says it was read from the
// vendor's description of the field in another operation. Generic names (`type`, `status`, `id`…) mean
// different things in different places and carry nothing. The vendor's request examples then hold every
// carried rule as they hold those read directly (dropBrokenByVendorExamples).
import { brokenKeyword } from '../engine/pack/promises/enforce';
import { valuesAlong } from '../engine/paths';
import type { Json, SpecReadRule, ToolSource } from '../engine/types';
import { soleType } from '../engine/pack/promises/read-rules';
import { argumentFields, type ArgumentField, type SpecRuleCounts } from './spec-rules';

/** Names too general to mean one thing across a document. */
const GENERIC = new Set(['type', 'kind', 'status', 'state', 'name', 'id', 'value', 'mode', 'format', 'code', 'key', 'data', 'role', 'level', 'scope', 'category', 'action', 'source', 'target', 'order', 'sort', 'direction', 'filter', 'query', 'q', 'text', 'title', 'label', 'color', 'colour', 'size', 'version', 'method', 'channel', 'event', 'visibility', 'permission', 'priority', 'style']);

/** The kinds a convention carries: what a value looks like, not how big it may be (a page size differs by list). */
const CARRIED = new Set(['format', 'value-set']);

/** Keywords that already say a value's form: a field with any of them takes no carried rule. */
const FORM_KEYWORDS = ['format', 'pattern', 'enum', 'const', 'x-value-set', 'x-unit', 'x-cut', 'contentEncoding'];

interface Named extends ArgumentField {
  tool: ToolSource;
}

/** Whether a value the tool's own examples send there breaks the rule. */
function breaksOwnExample(f: Named, rule: SpecReadRule): boolean {
  for (const call of f.tool.examples?.valid ?? []) for (const { value } of valuesAlong(call as Json, f.steps)) if (brokenKeyword(rule.keywords, value)) return true;
  return false;
}

/** Carries each convention of the document to the fields of its name that state none; returns how many. */
export function carryConventions(tools: readonly ToolSource[], counts: SpecRuleCounts): number {
  const byName = new Map<string, Named[]>();
  for (const tool of tools) for (const f of argumentFields(tool.arguments)) (byName.get(f.name) ?? byName.set(f.name, []).get(f.name)!).push({ ...f, tool });
  let carried = 0;
  for (const [name, fields] of byName) {
    if (name.length < 3 || GENERIC.has(name.toLowerCase())) continue;
    for (const type of new Set(fields.map((f) => soleType(f.node)).filter((t): t is string => t !== undefined))) {
      const same = fields.filter((f) => soleType(f.node) === type);
      for (const kind of CARRIED) {
        const stated = same.filter((f) => (f.node['x-read-rules'] as SpecReadRule[] | undefined)?.some((r) => r.kind === kind));
        const rules = stated.map((f) => (f.node['x-read-rules'] as SpecReadRule[]).find((r) => r.kind === kind)!);
        const keys = new Set(rules.map((r) => JSON.stringify(r.keywords)));
        // Stated in two operations or more, the same each time: a convention of the document.
        if (keys.size !== 1 || new Set(stated.map((f) => f.tool.name)).size < 2) continue;
        const source = rules[0];
        for (const f of same) {
          if (stated.includes(f) || FORM_KEYWORDS.some((k) => k in f.node)) continue;
          const own = (f.node['x-read-rules'] as SpecReadRule[] | undefined) ?? [];
          // A field whose own words state another kind of form (a format beside a value set) takes nothing more.
          if (own.some((r) => CARRIED.has(r.kind))) continue;
          const rule: SpecReadRule = { ...source, convention: true };
          if (breaksOwnExample(f, rule)) {
            counts.dropped++;
            continue;
          }
          f.node['x-read-rules'] = [...own, rule];
          carried++;
          counts.made++;
          counts.byKind[kind] = (counts.byKind[kind] ?? 0) + 1;
        }
      }
    }
  }
  counts.conventions = (counts.conventions ?? 0) + carried;
  return carried;
}
