// The engine's layers, in the order a call passes through them. Each stage is a folder of src/engine/;
// a module of a stage imports only the stages before it and the floor, so the folders read top to bottom.
// tests/engine/boundaries.test.ts holds every import of the engine to this order.

/** The stages, in order: each may import the stages before it and the floor, never one after it. */
export const STAGES = ['parse', 'absorb', 'validate', 'explain', 'checks', 'body'] as const;

/**
 * The floor under every stage: what several stages need (name words, nearness, value sets, dates, the
 * condition language in shared/; a fault and its words in faults/; the registries' data), and the
 * modules every stage reads (types, paths, schema). The floor imports no stage.
 */
export const FLOOR = ['shared/', 'faults/', 'registries/', 'types.ts', 'paths.ts', 'schema.ts', 'field-index.ts', 'safe-pattern.ts', 'json-depth.ts', 'token-pieces.ts'] as const;

/**
 * Above the stages: the pipeline (check.ts) and what is built on it: several calls, replay, the docs of the
 * ordered checks, grading and its simulated caller, pack/, which compiles packs out of the stages, and
 * strict/, which lints and exports a pack's tools for the vendors' strict modes.
 * These import anything below them; no stage or floor module imports them.
 */
export const ABOVE = ['check.ts', 'run-checks.ts', 'check-calls.ts', 'checks-docs.ts', 'replay.ts', 'caller.ts', 'grade.ts', 'grade-prose.ts', 'grade-value.ts', 'pack/', 'strict/', 'stages.ts', 'index.ts'] as const;
