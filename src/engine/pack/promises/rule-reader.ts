// The pack compiler reads rules from descriptions through this hook rather than an import: the reader's word
// lists and the format checks behind its rules are about 6 KB gzip that the playground's first body does
// without, since the shipped packs' descriptions are ours and state no rule their schemas lack (a test holds
// that). reader-default.ts installs it; every entry point that compiles tools from outside imports that.
import type { AjvError, FieldInfo, ReadRule, ToolSource } from '../../types';

export interface RuleReader {
  read(tool: ToolSource, fields: Iterable<FieldInfo & { pointer: string }>): { kept: ReadRule[]; dropped: ReadRule[] };
  enforce(validate: (args: unknown) => AjvError[] | null, kept: readonly ReadRule[]): (args: unknown) => AjvError[] | null;
}

let installed: RuleReader | undefined;

export function installRuleReader(reader: RuleReader): void {
  installed = reader;
}

/** The installed reader, or undefined: then no rule is read, as with `readRules: false`. */
export function ruleReader(): RuleReader | undefined {
  return installed;
}
