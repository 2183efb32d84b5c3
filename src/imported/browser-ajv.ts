// The playground's validator for the imported packs' tools, which have no generated code (imported-modules.ts):
// AJV's compiler with the engine's own options, loaded by dynamic import with an imported pack's first part. The schema is not checked against the meta-schema here: that takes
// seconds on a 500 KB schema, and the same schema passed it with the AJV backend when the pack was built.
// Its patterns run on the platform's RegExp, without re2js (ajv-instance.ts): every imported pattern was judged
// safe when imported, and tests/engine/untrusted-patterns.test.ts holds each one to it.
import { newAjv, toolKey } from '../engine/pack/ajv-instance';
// The rules read from the vendors' descriptions (x-read-rules) and the tools' examples are enforced here as in
// Node, so the playground gives an imported tool's call the body a server gives it.
import '../engine/pack/promises/reader-default';
import type { ValidatorBackend } from '../engine/pack/pack-compiler';
import type { AjvError } from '../engine/types';

type Validate = ReturnType<ReturnType<typeof newAjv>['compile']>;

export const browserAjvBackend: ValidatorBackend = {
  forPack(packId) {
    const ajv = newAjv('assert');
    return {
      addTool(name, wire) {
        const key = toolKey(packId, name);
        ajv.addSchema(wire, key, undefined, false);
        // Compiled on the first call the tool checks, as the AJV backend does.
        let compiled: Validate | undefined;
        return (args: unknown): AjvError[] | null => {
          compiled ??= ajv.getSchema(key) as Validate;
          return compiled(args) ? null : ((compiled.errors ?? []) as AjvError[]);
        };
      },
    };
  },
};
