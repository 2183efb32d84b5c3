// JSON Schema conformance of the validate and explain stages, over the official suite's draft 2020-12
// tests, with absorption off and each schema taken as it is. Remote refs resolve to the suite's own
// `remotes/` files, registered under their http://localhost:1234/ URIs (nothing is fetched).
// A few dozen cases are known AJV 8 gaps; their files are listed below with the reason. The test fails
// if a mismatch appears in any other file, or if the number of mismatches grows past 56 (the count today; an empty enum, which AJV refuses to compile, is
// now compiled as `not: {}` by the pack compiler).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { CODES, compilePack, validateArguments, type CompiledTool } from '../../src/engine';
import { messageOf } from '../../src/engine/faults/fault';
import { corpusPath, missingCorpusMessage } from '../../src/cli/corpus-dir';

const SUITE = corpusPath('json-schema-test-suite');
const TESTS = join(SUITE, 'tests/draft2020-12');
const REMOTES = join(SUITE, 'remotes');

/** Known gaps of AJV 8.20 (the validator the engine is built on), by file, with the reason. */
const KNOWN_GAPS: Record<string, { reason: string }> = {
  'dynamicRef.json': {
    reason: 'AJV 8 implements $dynamicRef only for hash-fragment references within one resource, and loops on some recursive cases',
  },
  'ref.json': { reason: 'AJV 8 overflows its stack resolving refs to ids nested in the same document (relative-uri and urn:uuid defs)' },
  'unevaluatedItems.json': { reason: 'AJV 8 does not collect annotations from contains, nested items or a lone if for unevaluatedItems' },
  'unevaluatedProperties.json': { reason: 'AJV 8 does not collect annotations from a lone if, and overflows on a recursive dynamic ref' },
  'properties.json': { reason: 'with ownProperties on (so that an unsent __proto__ counts as absent), AJV 8 skips the schema of a property literally named __proto__' },
  'vocabulary.json': { reason: 'AJV 8 does not honour custom metaschemas that turn vocabularies off' },
};

function remotes(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      // Other drafts' remotes (and v1, the next draft) use metaschemas that AJV's 2020 instance does not load.
      else if (name.endsWith('.json') && !/^(draft(3|4|6|7|2019-09)|v1)\//.test(relative(REMOTES, p))) {
        out[`http://localhost:1234/${relative(REMOTES, p).split('\\').join('/')}`] = JSON.parse(readFileSync(p, 'utf8'));
      }
    }
  };
  walk(REMOTES);
  return out;
}

interface Outcome {
  id: string;
  ok: boolean;
  why?: string;
}

function runSuite(): { outcomes: Outcome[]; rejected: number; malformed: string[] } {
  const shared = remotes();
  const outcomes: Outcome[] = [];
  const malformed: string[] = [];
  let rejected = 0;
  for (const file of readdirSync(TESTS).filter((f) => f.endsWith('.json')).sort()) {
    const groups = JSON.parse(readFileSync(join(TESTS, file), 'utf8')) as { description: string; schema: unknown; tests: { description: string; data: unknown; valid: boolean }[] }[];
    groups.forEach((group, gi) => {
      let tool: CompiledTool | undefined;
      let compileError = '';
      try {
        const source = { id: 'suite', title: 'suite', vendor: 'suite', reference: 'https://json-schema.org/', summary: 'suite', tools: [{ name: 't', summary: 's', arguments: group.schema as object }] };
        tool = compilePack(source, file, { asIs: true, schemas: shared }).tools[0];
      } catch (err) {
        compileError = (err as Error).message;
      }
      group.tests.forEach((t, ti) => {
        const id = `${file}#${gi}/${ti}`;
        if (!tool) return outcomes.push({ id, ok: false, why: `compile: ${compileError.slice(0, 120)}` });
        let faults;
        try {
          faults = validateArguments(tool, t.data as never);
        } catch (err) {
          return outcomes.push({ id, ok: false, why: `threw: ${(err as Error).message.slice(0, 120)}` });
        }
        const accepted = faults.length === 0;
        if (!accepted) {
          rejected++;
          for (const f of faults) {
            const wellFormed = typeof f.field === 'string' && typeof messageOf(f) === 'string' && messageOf(f).length > 0 && (f.code in CODES || /^invalid_[a-z0-9_]+$/.test(f.code));
            if (!wellFormed) malformed.push(`${id}: ${JSON.stringify({ field: f.field, code: f.code, message: messageOf(f) })}`);
          }
        }
        outcomes.push({ id, ok: accepted === t.valid, why: accepted === t.valid ? undefined : `${group.description} / ${t.description}: suite says valid=${t.valid}` });
      });
    });
  }
  return { outcomes, rejected, malformed };
}

describe('JSON Schema Test Suite, draft 2020-12', () => {
  test('the corpus is beside the checkout', () => {
    expect(existsSync(TESTS), missingCorpusMessage('json-schema-test-suite/tests/draft2020-12', 'the JSON Schema Test Suite test')).toBe(true);
  });

  test('validate + explain accept exactly the valid instances, and explain every rejection', () => {
    const { outcomes, rejected, malformed } = runSuite();
    const mismatches = outcomes.filter((o) => !o.ok);
    const agreed = outcomes.length - mismatches.length;
    const byFile = new Map<string, string[]>();
    for (const m of mismatches) {
      const file = m.id.split('#')[0];
      byFile.set(file, [...(byFile.get(file) ?? []), m.id]);
    }
    console.log(`JSON Schema Test Suite draft2020-12: ${agreed} of ${outcomes.length} instances agree (${rejected} rejected, each with a well-formed entry); ${mismatches.length} known AJV gaps in ${byFile.size} files:`);
    for (const [file, ids] of byFile) console.log(`  ${file}: ${ids.length} (${KNOWN_GAPS[file]?.reason ?? "NOT A KNOWN GAP: " + mismatches.find((m) => m.id.startsWith(file))?.why})`);
    expect(malformed).toEqual([]);
    // Every mismatch is in a file with a documented AJV gap…
    expect([...byFile.keys()].filter((f) => !KNOWN_GAPS[f]), mismatches.map((m) => `${m.id} ${m.why}`).join('\n')).toEqual([]);
    // …and they do not grow.
    expect(mismatches.length).toBeLessThanOrEqual(56);
    expect(outcomes.length).toBeGreaterThan(1200);
  });
});
