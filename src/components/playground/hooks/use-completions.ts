// Monaco's completions for the call: the pack's loaded tools, the tool the call is for and its shape. While
// the text is mid-edit (not readable), they keep the last tool and shape that were.
import { useEffect, useRef } from 'react';
import type { CheckResult, CompiledPack, CompiledTool, InputShape } from '../../../engine/types';
import { CALL_URI } from '../panels/CallPanel';
import { loadMonaco } from '../editor/monaco-loader';
import type { Checker } from './use-engine';

type Ready = (Checker & { loads: number }) | null;

/** The tool the result is about (else the picked one), loaded; and the last of each that was readable. */
export function useLastReadable(result: CheckResult | null, pack: CompiledPack | null, ready: Ready, picked: string | undefined) {
  const lastShape = useRef<InputShape>('plain');
  const lastTool = useRef<CompiledTool | null>(null);
  if (result && result.shape !== 'unknown') lastShape.current = result.shape;
  // A tool of an imported pack that is not loaded yet is a stand-in that knows its name only.
  const loaded = (name: string | null | undefined) => (pack && name && ready?.isToolLoaded(pack, name) ? pack.tool(name) : undefined);
  const activeTool = loaded(result?.tool) ?? loaded(picked);
  if (activeTool) lastTool.current = activeTool;
  else if (pack && lastTool.current && pack.tool(lastTool.current.name) !== lastTool.current) lastTool.current = null;
  return { activeTool, lastTool: lastTool.current, lastShape: lastShape.current };
}

export function useCompletions(monacoReady: boolean, pack: CompiledPack | null, ready: Ready, tool: CompiledTool | null, shape: InputShape): void {
  useEffect(() => {
    if (!monacoReady) return;
    const tools = pack && ready ? pack.tools.filter((t) => ready.isToolLoaded(pack, t.name)) : [];
    loadMonaco().then((m) => m.setCompletionContext({ tools, tool, shape, modelUri: CALL_URI }));
  }, [monacoReady, pack, ready, tool, shape]);
}
