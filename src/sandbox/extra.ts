// The sandbox's second part (createSandbox().extra()): what the first body does not need, loaded after it
// (or at once for a replay). The exports with their strict variants and the strict lint (lint.ts;
// src/engine/strict/ alone is the size of the checker), the replay of a transcript, and the rule behind
// each entry of a body (faults.ts). Kept out of checker.ts so the JavaScript before the first body stays small
// (tests/e2e/playground-size.test.ts).
import { traceSteps, type TraceStep } from '../engine/checks-docs';
import { exportPack, type ExportForm } from '../engine/pack/exports';
import { replay, type ReplayOptions, type ReplayOutcome } from '../engine/replay';
import { readTranscript } from '../engine/parse/transcript';
import type { CheckResult, CompiledPack } from '../engine/types';
import { isLazyPack, loadAllTools, loadValidators, validatorsNeeded } from '../imported/lazy-pack';
import { entrySources, type EntrySource } from './faults';

export * from './lint';
export * from './positions';
export { entrySources, readTranscript, replay, type ReplayOptions, type ReplayOutcome };

/** The stages a result went through, and the rule behind each entry of its body (createSandbox().explain). */
export function explainResult(result: CheckResult): { trace: TraceStep[]; sources: EntrySource[] } {
  return { trace: result.checks.length ? traceSteps(result) : [], sources: entrySources(result) };
}

/** The pack in a vendor's format, every tool loaded first (an imported pack's every part). */
export async function exportWhole(pack: CompiledPack, form: ExportForm): Promise<unknown> {
  await loadAllTools(pack);
  return exportPack(pack, form);
}

/** replay() once the tools the transcript's calls name are loaded. */
export async function replayReady(pack: CompiledPack, transcript: unknown, options: ReplayOptions = {}): Promise<ReplayOutcome> {
  const read = readTranscript(transcript);
  if (read.ok && isLazyPack(pack)) await loadValidators(pack, [...new Set(read.calls.flatMap((c) => validatorsNeeded(pack, c.input, options.check?.tool)))]);
  return replay(pack, transcript, options);
}
