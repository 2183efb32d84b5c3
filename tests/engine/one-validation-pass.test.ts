// One validation pass (issue 35): the explanation's probes and the vetting of candidates ask the validator
// about the same values, and a question asked once in a call is not asked again: what the validator said
// on the call as checked, and on each value put in place, is read from that call's probes.
import { describe, expect, test } from 'vitest';
import { check, type CompiledTool } from '../../src/engine';
import { packs } from '../../src/packs';

/** Each tool's validator, counting the arguments it is asked about (as JSON) until `stop` is called. */
function countQuestions(tools: CompiledTool[]) {
  const asked = new Map<string, number>();
  const originals = tools.map((t) => [t, t.validate] as const);
  for (const [tool, validate] of originals) {
    tool.validate = (args) => {
      const key = `${tool.name}\u0000${JSON.stringify(args)}`;
      asked.set(key, (asked.get(key) ?? 0) + 1);
      return validate(args);
    };
  }
  return {
    asked,
    stop: () => {
      for (const [tool, validate] of originals) tool.validate = validate;
    },
  };
}

describe('a faulty call validates each value once', () => {
  test('no pack example asks the validator the same question twice before its body is made', () => {
    const repeats: string[] = [];
    for (const pack of packs) {
      for (const tool of pack.tools) {
        for (const ex of tool.source.examples?.invalid ?? []) {
          const q = countQuestions(pack.tools as CompiledTool[]);
          try {
            // The body and did_you_mean, not the suggested call: that one is worked out when read.
            const r = check(pack, { name: tool.name, arguments: ex.arguments });
            void r.body;
            void r.did_you_mean;
          } finally {
            q.stop();
          }
          for (const [key, n] of q.asked) if (n > 1) repeats.push(`${pack.id}/${key.replace('\u0000', ' ')} asked ${n} times`);
        }
      }
    }
    expect(repeats).toEqual([]);
  });
});
