// The faulty calls a page shows, run through check() at build time. Nothing here writes a body by hand:
// the page shows what the engine returned for the exact call text it also hands to the playground.
import { check, checkExampleOptions, serializeBody, stateDiffers } from '../engine';
import type { CheckOptions, CheckResult, CompiledPack, CompiledTool, Json } from '../engine';
import { playgroundHref } from './urls';

export interface ExampleRun {
  /** Anchor on the tool page: example-1, example-2… (check-1, check-2… for ordered-check examples) */
  id: string;
  /** Which list of the pack's examples it comes from, and its place there. */
  kind: 'invalid' | 'check' | 'witness';
  index: number;
  pack: string;
  tool: string;
  about: string;
  /** The code the pack says this call gets (the engine's body is what the page shows). */
  expect: string;
  /** The call exactly as checked and as loaded into the playground. */
  call: string;
  /** The options it was checked with (an ordered-check example may bring its own caller). */
  options: CheckOptions;
  /** The caller the example runs as, when it is not the pack state's own. */
  caller?: Json;
  result: CheckResult;
  /** The body's top-level code. */
  code: string;
  /** The exact bytes handed to the model. */
  bytes: string;
  /** The same body indented for reading. */
  pretty: string;
  playground: string;
}

/** The call text for a tool and its arguments: the plain `{name, arguments}` envelope, indented. */
export function callText(tool: string, args: Json): string {
  return JSON.stringify({ name: tool, arguments: args }, null, 2);
}

export function runCall(pack: CompiledPack, tool: string, call: string, about: string, expect: string, id: string, kind: ExampleRun['kind'] = 'witness', index = 0, options: CheckOptions = {}): ExampleRun {
  const result = check(pack, call, options);
  const body = result.body;
  // A link carries a state only when it differs from the pack's own (an example with its own caller).
  const state = options.state !== undefined && stateDiffers(pack, options.state) ? JSON.stringify(options.state, null, 2) : undefined;
  return {
    id,
    kind,
    index,
    pack: pack.id,
    tool,
    about,
    expect,
    call,
    options,
    result,
    code: body ? String(body.error) : 'accepted',
    bytes: body ? serializeBody(body) : '',
    pretty: body ? JSON.stringify(body, null, 2) : '',
    playground: playgroundHref({ pack: pack.id, tool, call, ...(state ? { state } : {}) }),
  };
}

/**
 * Each pack's example runs, by list and tool, made on first use: a tool's examples appear on its page, its pack's,
 * the home page's count, the examples index and the error code pages, and every one would run them again.
 */
const runsOf = new WeakMap<CompiledPack, Map<string, ExampleRun[]>>();

function memoised(pack: CompiledPack, key: string, make: () => ExampleRun[]): ExampleRun[] {
  let runs = runsOf.get(pack);
  if (!runs) runsOf.set(pack, (runs = new Map()));
  let got = runs.get(key);
  if (!got) runs.set(key, (got = make()));
  return got;
}

export function toolExamples(pack: CompiledPack, tool: CompiledTool): ExampleRun[] {
  return memoised(pack, `invalid\u0000${tool.name}`, () =>
    (tool.source.examples?.invalid ?? []).map((ex, i) => runCall(pack, tool.name, callText(tool.name, ex.arguments), ex.about, ex.expect, `example-${i + 1}`, 'invalid', i)),
  );
}

/** The pack's examples for the ordered checks (existence, permission, rules), run against its state. */
export function toolCheckExamples(pack: CompiledPack, tool: CompiledTool): ExampleRun[] {
  return memoised(pack, `checks\u0000${tool.name}`, () =>
    (tool.source.examples?.checks ?? []).map((ex, i) => {
      const run = runCall(pack, tool.name, callText(tool.name, ex.arguments), ex.about, ex.expect, `check-${i + 1}`, 'check', i, checkExampleOptions(pack, ex));
      return ex.caller ? { ...run, caller: ex.caller } : run;
    }),
  );
}

/** Every rejected example of the pack: faulty calls, then calls stopped by an ordered check. */
export function packExamples(pack: CompiledPack): ExampleRun[] {
  return pack.tools.flatMap((t) => [...toolExamples(pack, t), ...toolCheckExamples(pack, t).filter((r) => r.result.body !== null)]);
}

/** Every code a body mentions: the top-level one and, for validation_failed, each entry's. */
export function codesInBody(body: CheckResult['body']): string[] {
  if (!body) return [];
  const out = [String(body.error)];
  if (Array.isArray(body.errors)) for (const e of body.errors) if (e && typeof e === 'object' && !Array.isArray(e) && typeof e.code === 'string') out.push(e.code);
  return out;
}
