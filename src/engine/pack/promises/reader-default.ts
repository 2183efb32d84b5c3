// Installs the rule reader (rule-reader.ts) for the entry points that compile tools from outside: the
// package, tools-import.ts (your own tools, --tools, the proxy, audit), the imported packs and the
// playground's AJV part.
import { enforcedRules, withReadRules } from './enforce';
import { readToolRules } from './promises';
import { installRuleReader } from './rule-reader';

installRuleReader({ read: readToolRules, enforce: (validate, kept) => withReadRules(validate, enforcedRules(kept)) });
