// The rules a tool's descriptions promise and its schema does not enforce, read when the pack is compiled
// (read-rules.ts), each held to the tool's own examples first: a rule that any of them breaks is dropped,
// since the tool's author showed that value as one it takes. What is kept is enforced beside the validator
// (enforce.ts); what is dropped is counted, by source, for the benchmark (readRuleCounts).
import { valuesAlong } from '../../paths';
import type { CompiledPack, FieldInfo, Json, SchemaNode, SpecReadRule, ToolSource } from '../../types';
import { brokenKeyword } from './enforce';
import { readFieldRules, type ReadRule, type ReadRuleSource } from './read-rules';

/** The values a field's own schema shows as taken: its examples, its default, and OpenAPI's and the packs' example keywords. */
function ownExamples(schema: SchemaNode): Json[] {
  const out: Json[] = [];
  if (Array.isArray(schema.examples)) out.push(...(schema.examples as Json[]));
  for (const k of ['example', 'x-example', 'default']) if (k in schema) out.push(schema[k] as Json);
  return out;
}

/** The whole calls a tool shows as valid: its valid examples and the ordered checks' examples (their arguments pass validation). */
function validCalls(tool: ToolSource): Json[] {
  const calls: Json[] = [...(tool.examples?.valid ?? [])];
  for (const c of tool.examples?.checks ?? []) calls.push(c.arguments);
  return calls;
}

function stepsOf(field: string): string[] {
  return field.replace(/\[\]/g, '.[]').split('.').filter(Boolean);
}

/** Whether any value the tool itself shows as taken breaks the rule. */
function refusesOwnExample(rule: ReadRule, schema: SchemaNode, calls: readonly Json[]): boolean {
  for (const v of ownExamples(schema)) if (brokenKeyword(rule.keywords, v)) return true;
  const steps = stepsOf(rule.field);
  for (const call of calls) for (const { value } of valuesAlong(call, steps)) if (brokenKeyword(rule.keywords, value)) return true;
  return false;
}

/**
 * The sentences of a tool's description that name one top-level argument clearly, and no other: the name in
 * backticks or quotes, or a name no English word is (`due_date`, `startTime`). By the argument's name.
 */
function sentencesNaming(summary: string, names: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (summary.length > 8000) return out;
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const patterns = names.map((name) => {
    const quoted = `[\`'"\u2018\u201c]${escape(name)}[\`'"\u2019\u201d]`;
    const bare = /[_]|[a-z][A-Z]/.test(name) ? `|(?<![\\w.])${escape(name)}(?![\\w])` : '';
    return { name, re: new RegExp(quoted + bare) };
  });
  for (const sentence of summary.split(/(?<=[.!?])\s+(?=[A-Z(`'"])|;\s+|\n+/)) {
    const named = patterns.filter((p) => p.re.test(sentence));
    if (named.length !== 1) continue;
    out.set(named[0].name, [...(out.get(named[0].name) ?? []), sentence]);
  }
  return out;
}

/** The rules the importer read from the vendor's description of a field and kept in the pack (`x-read-rules`). */
function specRules(f: FieldInfo & { pointer: string }): ReadRule[] {
  const kept = f.schema['x-read-rules'];
  if (!Array.isArray(kept)) return [];
  return (kept as SpecReadRule[]).map((r) => ({
    field: f.path,
    path: f.pointer,
    kind: r.kind,
    keywords: r.keywords,
    source: 'spec',
    words: r.words,
    wordsAt: r.at,
    ...(r.rule !== undefined ? { rule: r.rule, example: r.example } : {}),
    ...(r.unit ? { unit: r.unit } : {}),
    ...(r.convention ? { convention: true as const } : {}),
  }));
}

/** The rules read from one tool's fields and from its own description where it names one: those kept, and those its own examples drop. */
export function readToolRules(tool: ToolSource, fields: Iterable<FieldInfo & { pointer: string }>): { kept: ReadRule[]; dropped: ReadRule[] } {
  const kept: ReadRule[] = [];
  const dropped: ReadRule[] = [];
  const calls = validCalls(tool);
  const all = [...fields];
  const topLevel = all.filter((f) => f.path === f.name);
  const naming = typeof tool.summary === 'string' ? sentencesNaming(tool.summary, topLevel.map((f) => f.name)) : new Map<string, string[]>();
  for (const f of all) {
    const spec = specRules(f);
    // The vendor's words, read at import, come first: the pack's own description of the field is ours.
    const own = [...spec, ...readFieldRules({ field: f.path, path: f.pointer, name: f.name, schema: f.schema }).filter((r) => !spec.some((s) => s.kind === r.kind || (r.kind === 'shape' && (s.kind === 'format' || s.kind === 'value-set'))))];
    const said = naming.get(f.path);
    // Words of the tool's description about this field, read as if they were the field's, where its own say nothing of that kind.
    const fromTool = said
      ? readFieldRules({ field: f.path, path: f.pointer, name: f.name, schema: { ...f.schema, description: said.join(' ') } })
          .filter((r) => !own.some((o) => o.kind === r.kind))
          .map((r): ReadRule => ({ ...r, wordsAt: '', inToolDescription: true }))
      : [];
    for (const rule of [...own, ...fromTool]) (refusesOwnExample(rule, f.schema, calls) ? dropped : kept).push(rule);
  }
  return { kept, dropped };
}

export interface ReadRuleCounts {
  made: Record<ReadRuleSource, number>;
  dropped: Record<ReadRuleSource, number>;
  /** Rules kept, by kind (format, value-set, bound, unit). */
  byKind: Record<string, number>;
}

/**
 * How many rules were read and kept (`made`) and read but dropped by the precision gate (`dropped`), by
 * source, over the tools of `packs` compiled so far (a lazy pack counts the tools it has opened).
 */
export function readRuleCounts(packs: Iterable<CompiledPack>): ReadRuleCounts {
  const counts: ReadRuleCounts = { made: { description: 0, spec: 0 }, dropped: { description: 0, spec: 0 }, byKind: {} };
  for (const pack of packs) {
    for (const tool of pack.tools) {
      for (const r of tool.readRules ?? []) {
        counts.made[r.source]++;
        counts.byKind[r.kind] = (counts.byKind[r.kind] ?? 0) + 1;
      }
      for (const r of tool.readRulesDropped ?? []) counts.dropped[r.source]++;
    }
  }
  return counts;
}
