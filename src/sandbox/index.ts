/**
 * The sandbox: the one door through which the browser reaches the engine (issue 20), in the manner of the
 * TypeScript playground's sandbox. The playground (src/components/) imports nothing else of src/engine/ but
 * types (tests/sandbox.test.ts holds it to that). src/sandbox/docs.ts is the docs components' part, read at
 * build time.
 *
 * This entry is light: it imports no engine code and loads its parts on first use, each a chunk of its own,
 * so the page's first JavaScript never waits for AJV's compiler or a registry it does not need. The loaders
 * are given (SandboxParts): src/sandbox/parts.ts has the plain ones; the playground gives its own chunks,
 * each a part with the playground's helpers beside it (page-sandbox.ts), so the bundle has one chunk per part:
 *
 * - `checker()`, src/sandbox/checker.ts: check(), the body's bytes, the stage trace, reading calls and
 *   state, opening packs. The first body needs this and nothing more.
 * - `extra()`, src/sandbox/extra.ts: exports (with their strict variants), the replay of a transcript, the
 *   strict lint, the rule behind each entry of a body.
 * - `ajv()`, src/sandbox/ajv.ts: AJV's compiler, for pasted tool definitions and imported API documents.
 * - `grader()`, src/sandbox/grade.ts: the grader of a server's own error reply.
 *
 * Some modules are imported directly, never through a loader: src/sandbox/formats.ts (reading and writing
 * the call formats, already on the first body's path), src/sandbox/faults.ts (a body's entries and the rule
 * behind each, from the log's fields; types only from the engine), and for a panel that needs only them,
 * src/sandbox/lint.ts (exports, strict lint) and src/sandbox/body.ts (a body's bytes): importing a whole
 * part there would make the bundler cut the checker's modules into more, smaller chunks. The docs pages'
 * scripts import src/sandbox/envelopes.ts alone (the Anthropic and MCP exports made from the OpenAI one).
 *
 * ```ts
 * const sandbox = createSandbox({ packs, validators, shells, partsUrl }, plainParts);   // loaders by path (SandboxFiles)
 * const stripe = await sandbox.loadPack('stripe');                         // curated, or imported by id
 * const result = await sandbox.check(stripe, '{"name":"create_refund","arguments":{"amount":15.00}}');
 * const { trace, sources } = await sandbox.explain(result);               // the stages, the rule behind each entry
 * const mine = await sandbox.loadTools([{ type: 'function', function: { name: 'ring_bell', parameters: {…} } }]);
 * const openai = await sandbox.exportPack(stripe, 'openai');
 * const report = await sandbox.replay(stripe, transcriptText);
 * const findings = await sandbox.lint(stripe.tools[0], 'openai-strict');
 * const marks = await sandbox.grade(stripe, call, serverReply);
 * ```
 *
 * Each method loads the part it needs (once; a failed load is retried on the next call). A caller that
 * renders synchronously (the playground, on every keystroke) awaits the part once and calls it directly:
 * `const c = await sandbox.checker(); c.check(pack, call)`. A pack is loaded once per sandbox.
 */
import type { TraceStep } from '../engine/checks-docs';
import type { CheckOptions, CheckResult, CompiledPack, CompiledTool, Json } from '../engine/types';
import type { EntrySource } from './faults';
import type { SandboxFiles } from './files';

export type { SandboxFiles } from './files';
export { fileFor } from './files';

export type CheckerPart = typeof import('./checker');
export type ExtraPart = typeof import('./extra');
export type AjvPart = typeof import('./ajv');
export type GraderPart = typeof import('./grade');

/** The loaders of the sandbox's parts; each may give more than its part (the playground's chunks do). */
export interface SandboxParts {
  checker: () => Promise<CheckerPart>;
  extra: () => Promise<ExtraPart>;
  ajv: () => Promise<AjvPart>;
  grader: () => Promise<GraderPart>;
}

export type ExportForm = import('./extra').ExportForm;
export type StrictTarget = import('./extra').StrictTarget;
export type StrictFinding = import('./extra').StrictFinding;
export type ReplayOptions = import('./extra').ReplayOptions;
export type ReplayOutcome = import('./extra').ReplayOutcome;
export type CompiledTools = import('./ajv').CompiledTools;
export type Grade = import('./grade').Grade;
export type GradeOptions = import('./grade').GradeOptions;

export interface Sandbox<P extends SandboxParts = SandboxParts> {
  /** The checker part (check, serializeBody, traceSteps, parseCall, readCalls, prepareCall, the lazy packs' loaders…). */
  checker: P['checker'];
  /** Exports, replay, strict lint. */
  extra: P['extra'];
  /** AJV's compiler: pasted tool definitions, imported documents. */
  ajv: P['ajv'];
  /** The grader. */
  grader: P['grader'];

  /** A pack by id: a curated pack (helpdesk, stripe, google-calendar) or an imported one (github-v3…); loaded once. */
  loadPack(id: string): Promise<CompiledPack>;
  /** Pasted tool definitions (OpenAI, Anthropic or MCP, as a value) as a pack; problems come back as data, each with its JSON pointer. */
  loadTools(definitions: Json): Promise<CompiledTools>;
  /** A pack file the importer made of an API document (OpenAPI, Swagger, Discovery), with every pack-file check. */
  loadPackSource(source: unknown, origin: string): Promise<CompiledTools>;
  /** Checks one call (any format the engine reads), after loading what its tool needs (an imported pack's part, a registry's names). */
  check(pack: CompiledPack, call: unknown, options?: CheckOptions): Promise<CheckResult>;
  /** Why a result is what it is: the stages it went through, and the rule behind each entry of its body (from the log's fields). */
  explain(result: CheckResult): Promise<{ trace: TraceStep[]; sources: EntrySource[] }>;
  /** The pack's tools in a vendor's format (openai, anthropic, mcp, wire, or a strict form), every tool loaded first. */
  exportPack(pack: CompiledPack, form: ExportForm): Promise<unknown>;
  /** Replays a transcript (text or value) against the pack: each call checked, the bodies and rounds counted. */
  replay(pack: CompiledPack, transcript: unknown, options?: ReplayOptions): Promise<ReplayOutcome>;
  /** What a strict mode (OpenAI, Anthropic, Gemini) would refuse, ignore or rewrite in a tool's schema. */
  lint(tool: CompiledTool, target: StrictTarget): Promise<StrictFinding[]>;
  /** Grades a server's own error reply to a call against the engine's body for it. */
  grade(pack: CompiledPack, call: unknown, serverReply: unknown, options?: GradeOptions): Promise<Grade>;
}

/** A loader that runs once, and again after a failure (a dropped connection must not stick). */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | null = null;
  return () =>
    (p ??= load().catch((err: unknown) => {
      p = null;
      throw err;
    }));
}

/** A sandbox over the given pack files, loading its parts with the given loaders (each once); packs load once per sandbox. */
export function createSandbox<P extends SandboxParts>(files: SandboxFiles, parts: P): Sandbox<P> {
  const loadChecker = once(parts.checker) as P['checker'];
  const loadExtra = once(parts.extra) as P['extra'];
  const loadAjv = once(parts.ajv) as P['ajv'];
  const loadGrader = once(parts.grader) as P['grader'];
  const packs = new Map<string, Promise<CompiledPack>>();
  const loadPack = (id: string): Promise<CompiledPack> => {
    let p = packs.get(id);
    if (!p) {
      p = loadChecker().then((c) => c.openPack(files, id));
      p.catch(() => packs.delete(id));
      packs.set(id, p);
    }
    return p;
  };
  return {
    checker: loadChecker,
    extra: loadExtra,
    ajv: loadAjv,
    grader: loadGrader,
    loadPack,
    loadTools: (definitions) => loadAjv().then((a) => a.compileToolDefinitions(definitions)),
    loadPackSource: (source, origin) => loadAjv().then((a) => a.compilePackSource(source, origin)),
    check: (pack, call, options) => loadChecker().then((c) => c.checkReady(pack, call, options)),
    explain: (result) => loadExtra().then((x) => x.explainResult(result)),
    exportPack: (pack, form) => loadExtra().then((x) => x.exportWhole(pack, form)),
    replay: (pack, transcript, options) => loadExtra().then((x) => x.replayReady(pack, transcript, options)),
    lint: (tool, target) => loadExtra().then((x) => x.lintTool(tool, target)),
    grade: async (pack, call, serverReply, options) => {
      await (await loadChecker()).prepareCall(pack, call);
      return (await loadGrader()).grade(pack, call, serverReply, options);
    },
  };
}
