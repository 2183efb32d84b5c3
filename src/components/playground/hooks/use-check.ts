// The check: every figure the page shows of a call comes from the engine here. The body is the urgent part
// of a keystroke; the suggested call and the bare AJV error follow a moment later (useDeferredValue). A large
// or deeply nested call is checked under the time budget in a worker first (budget.ts), and what the page
// works out besides the body (markers, trace, suggestion) never takes the page down: one that throws is left out.
import { useDeferredValue, useMemo } from 'react';
import type { CompiledPack } from '../../../engine/types';
import { budgetMessage, cleared, definitionsOf, useWithinBudget, type BudgetJob } from '../workers/budget';
import { callNeedsBudget } from '../workers/budget-gate';
import type { AjvTools, Checker, Extra } from './use-engine';
import { useLoadFor } from './use-loaded';

interface Engine {
  checker: Checker | null;
  /** The checker stamped with the parts loaded so far (use-engine.ts usePartLoads). */
  ready: (Checker & { loads: number }) | null;
  partLoaded: () => void;
  extra: Extra | null;
  ajvTools: AjvTools | null;
  fail: (message: string) => void;
}

interface Input {
  pack: CompiledPack | null;
  mode: 'pack' | 'custom';
  call: string;
  packState: string | undefined;
  /** The picked tool, when the pack has it: the tool bare arguments are for. */
  tool: string | undefined;
  /** Bumped by Check now. */
  run: number;
}

/** `work()`, or `fallback` when it throws: a figure beside the body is left out rather than crash the page. */
function orElse<T>(work: () => T, fallback: T): T {
  try {
    return work();
  } catch {
    return fallback;
  }
}

/** The tool a call names, read from its first characters only: `"name": "x"` or `x(`. */
function nameGuess(call: string): string | null {
  const head = call.slice(0, 2048);
  return /"name"\s*:\s*"([^"\\]{1,200})"/.exec(head)?.[1] ?? /^\s*([A-Za-z_][\w.-]{0,199})\s*\(/.exec(head)?.[1] ?? null;
}

export function useCheck({ checker, ready, partLoaded, extra, ajvTools, fail }: Engine, { pack, mode, call, packState, tool, run }: Input) {
  // The state the ordered checks read: the pack's own, or a usable edit (from the State tab or a link).
  const stateReading = useMemo(() => (checker && pack && mode === 'pack' ? checker.readState(pack, packState) : null), [checker, pack, mode, packState]);
  const stateOpt = useMemo(() => (checker && stateReading ? checker.stateOption(stateReading) : {}), [checker, stateReading]);
  const stateMarkers = useMemo(() => (checker && stateReading ? checker.stateDiagnostics(stateReading) : []), [checker, stateReading]);
  const ownState = useMemo(() => (checker && pack && mode === 'pack' ? checker.ownStateText(pack) : ''), [checker, pack, mode]);

  // A large or deep call: checked in the budget's worker first, against the tool it names.
  const budgetJob = useMemo<BudgetJob | null>(() => {
    if (!ready || !pack || !callNeedsBudget(call)) return null;
    // The name is guessed from the call's first characters: reading the whole call is what may take long.
    const name = nameGuess(call);
    const named = orElse(() => (name ? pack.tool(name) : undefined) ?? (tool ? pack.tool(tool) : undefined), undefined);
    return { kind: 'check', tools: definitionsOf(named), call };
  }, [ready, pack, call, tool]);
  const verdict = useWithinBudget('check', budgetJob);
  const budgetHeld = budgetJob !== null && !(verdict && cleared(verdict));
  const stopped = budgetMessage(verdict, 'Checking this call', 'finish');

  // A message holding several calls is checked call by call (formats.ts readCalls): each call's own text.
  const several = useMemo(() => {
    const calls = checker && !budgetHeld ? orElse(() => checker.readCalls(call), []) : [];
    return calls.length > 1 ? calls : null;
  }, [checker, call, budgetHeld]);

  // A check waits for what its body depends on, so that it is the body a server gives: the part of an
  // imported pack that holds the tool the call names, then the registry names (a country, a zone…) its
  // suggestions read. Each loads once, in a few milliseconds, on first need.
  const waitFor = useMemo(() => {
    if (!ready || !pack || budgetHeld) return null;
    const inputs = several ? several.map((c) => c.input) : [call];
    const parts = [...new Set(inputs.flatMap((input) => ready.validatorsNeeded(pack, input, tool)))];
    if (parts.length) return { kind: 'tools' as const, keys: parts };
    const names = mode === 'pack' ? [...new Set(inputs.flatMap((input) => ready.namesNeeded(pack, input, tool)))] : [];
    return names.length ? { kind: 'names' as const, keys: names } : null;
  }, [ready, pack, mode, call, several, tool, budgetHeld]);
  const namesKey = waitFor ? `${waitFor.kind}:${waitFor.keys.join(' ')}` : '';
  useLoadFor(
    checker && pack,
    namesKey,
    () => (waitFor!.kind === 'tools' ? checker!.loadValidators(pack!, waitFor!.keys) : checker!.loadNames(waitFor!.keys)),
    partLoaded,
    () => fail(`${waitFor?.kind === 'tools' ? 'The tool this call names' : 'A list of names the checker needs'} could not load. Reload the page to try again; the call is kept in the address bar.`),
  );

  // The result with what it was made from, and each call's own when the message holds several.
  const checked = useMemo(
    () => {
      if (!ready || !pack || namesKey || budgetHeld) return null;
      const options = { tool, ...stateOpt };
      const perCall = several?.map((c) => {
        const r = ready.check(pack, c.input, options);
        return { span: c.span, result: r, bytes: r.body ? ready.serializeBody(r.body) : null };
      });
      return { result: ready.check(pack, call, options), perCall: perCall ?? null, call, pack, tool };
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- run (Check now) asks for the same check again
    [ready, pack, call, several, tool, stateOpt, namesKey, run, budgetHeld],
  );
  const result = checked?.result ?? null;
  const trace = useMemo(() => (checker && result && result.checks.length > 0 ? orElse(() => checker.traceSteps(result), null) : null), [checker, result]);
  const diagnostics = useMemo(() => (extra && checked ? orElse(() => extra.diagnosticsFor(checked.call, checked.result), []) : []), [extra, checked]);
  const sources = useMemo(() => (extra && result ? orElse(() => extra.entrySources(result), []) : []), [extra, result]);
  const bytes = useMemo(() => (checker && result?.body ? checker.serializeBody(result.body) : null), [checker, result]);

  const later = useDeferredValue(checked);
  const suggestion = useMemo(() => (checker && later ? orElse(() => checker.suggestionFor(later.result, later.call), null) : null), [checker, later]);
  const bare = useMemo(() => (ajvTools && later?.pack ? orElse(() => ajvTools.bareError(later.pack, later.call, later.tool), null) : null), [ajvTools, later]);
  const original = useMemo(() => {
    try {
      return later ? (JSON.parse(later.call) as unknown) : undefined;
    } catch {
      return undefined;
    }
  }, [later]);
  const calledName = useMemo(() => (checker && !budgetHeld ? orElse(() => checker.parseCall(call).name, null) : null), [checker, call, budgetHeld]);

  return {
    stateReading,
    stateOpt,
    stateMarkers,
    ownState,
    waitFor,
    result,
    perCall: checked?.perCall ?? null,
    trace,
    diagnostics,
    sources,
    bytes,
    suggestion,
    laterShape: later?.result.shape,
    bare,
    original,
    calledName,
    /** The budget stopped this call's check: what the result column says instead of a body. */
    stopped,
    /** Waiting for the budget's worker. */
    budgetHeld,
  };
}
