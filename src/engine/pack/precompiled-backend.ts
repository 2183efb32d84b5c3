// Validators generated at build time (npm run precompile, src/generated/validators/): the playground's
// shipped packs use them, so the browser never loads AJV's compiler for them. The pack-file checks are
// left out: the same packs passed them with the AJV backend at build time and in the tests.
import type { ValidatorBackend } from './pack-compiler';
import type { AjvError } from '../types';

/** A generated validator: AJV's standalone code, same signature as a compiled one. */
export interface StandaloneValidate {
  (data: unknown): boolean;
  errors?: unknown[] | null;
}

/** A backend that hands each tool its generated validator, by tool name. */
export function precompiledBackend(validators: Readonly<Record<string, StandaloneValidate>>): ValidatorBackend {
  return {
    forPack: (packId) => ({
      addTool(name) {
        const fn = Object.hasOwn(validators, name) ? validators[name] : undefined;
        if (!fn) throw new Error(`no generated validator for the tool "${name}" of ${packId}: run npm run precompile`);
        return (args: unknown): AjvError[] | null => (fn(args) ? null : ((fn.errors ?? []) as AjvError[]));
      },
    }),
  };
}
