// The Replay tab: a whole transcript checked call by call (the sandbox's extra part, replay()). Its token
// figures come from the tokenizer's worker (tokens.ts), which loads apart: the replay is shown at once, then
// again with the counts once they come.
import { useEffect, useMemo, useState } from 'react';
import type { CheckOptions, CompiledPack } from '../../../engine/types';
import { countTokens } from '../workers/tokens';
import type { Checker, Extra } from './use-engine';
import { useLoadFor } from './use-loaded';

export type ReplayOutcome = ReturnType<Extra['replay']>;

interface Input {
  /** The checker stamped with the parts loaded so far (use-engine.ts usePartLoads). */
  ready: (Checker & { loads: number }) | null;
  extra: Extra | null;
  /** The pack the transcript is checked against: null while the Replay tab is not shown. */
  pack: CompiledPack | null;
  text: string;
  check: CheckOptions;
  partLoaded: () => void;
  fail: (message: string) => void;
}

export function useReplay({ ready, extra, pack, text, check, partLoaded, fail }: Input) {
  // An imported pack opens a few tools at a time: the tools the transcript calls load first, so that every
  // call gets the body a server gives.
  const missing = useMemo(() => {
    if (!ready || !extra || !pack || !text || !ready.isLazyPack(pack)) return '';
    const transcript = extra.readTranscript(text);
    if (!transcript.ok) return '';
    return [...new Set(transcript.calls.flatMap((c) => ready.validatorsNeeded(pack, c.input, check.tool)))].join(' ');
  }, [ready, extra, pack, text, check.tool]);
  useLoadFor(
    ready && pack,
    missing,
    () => ready!.loadValidators(pack!, missing.split(' ')),
    partLoaded,
    () => fail('A tool this transcript calls could not load. Reload the page to try again; the transcript is kept in the address bar.'),
  );

  const replayed = useMemo<ReplayOutcome | null>(() => (ready && extra && pack && text && !missing ? extra.replay(pack, text, { check }) : null), [ready, extra, pack, text, check, missing]);

  // The texts the replay counts are collected, counted in the worker, and the replay runs again reading the counts.
  const [counted, setCounted] = useState<{ from: ReplayOutcome; outcome: ReplayOutcome } | null>(null);
  useEffect(() => {
    if (!extra || !pack || !replayed?.ok) return;
    let on = true;
    const texts = new Set<string>();
    extra.replay(pack, text, { check, countTokens: (t) => (texts.add(t), 0) });
    const list = [...texts];
    countTokens(list).then(
      (counts) => {
        if (!on) return;
        const by = new Map(list.map((t, i) => [t, counts[i]]));
        setCounted({ from: replayed, outcome: extra.replay(pack, text, { check, countTokens: (t) => by.get(t) ?? 0 }) });
      },
      () => undefined,
    );
    return () => {
      on = false;
    };
    // What replayed was made from is listed too: each is new only when replayed is.
  }, [replayed, extra, pack, text, check]);

  const shown = counted && counted.from === replayed ? counted.outcome : replayed;
  return { missing, replayed, shown };
}
