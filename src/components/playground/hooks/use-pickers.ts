// What the toolbar's pickers and menus offer: the packs, the current pack's tools, the current tool's own
// examples, and the exports "Your tools" can start from.
import { useMemo } from 'react';
import type { CompiledPack, CompiledTool, Json } from '../../../engine/types';
import type { PackExample } from '../examples/ExamplesMenu';
import type { PackEntry } from '../Playground';
import { loadExtra, loadPackById } from '../loading/page-sandbox';
import type { Checker } from './use-engine';

type Ready = (Checker & { loads: number }) | null;

export function usePackOptions(packList: PackEntry[]) {
  return useMemo(
    () => packList.map((p) => ({ value: p.id, label: p.title, detail: [p.vendor, p.tools !== undefined ? `${p.tools.toLocaleString('en')} ${p.tools === 1 ? 'tool' : 'tools'}` : undefined].filter(Boolean).join(' · ') || undefined })),
    [packList],
  );
}

/** An imported tool not loaded yet shows its resource (issues, repos…) until its summary is known. */
export function useToolOptions(pack: CompiledPack | null, ready: Ready) {
  return useMemo(() => (pack?.tools ?? []).map((t) => ({ value: t.name, label: t.name, detail: ready?.isToolLoaded(pack!, t.name) ? t.summary : (t as { resource?: string }).resource })), [pack, ready]);
}

/** The examples of the tool last read (else the pack's default tool), once that tool has loaded. */
export function usePackExamples(pack: CompiledPack | null, tool: CompiledTool | null, ready: Ready): PackExample[] {
  return useMemo(() => {
    if (!pack || !ready) return [];
    const fallback = ready.defaultToolName(pack);
    const t = tool ?? (fallback !== undefined ? pack.tool(fallback) : undefined);
    if (!t || !ready.isToolLoaded(pack, t.name)) return [];
    const ex = t.source.examples ?? {};
    const call = (args: Json) => JSON.stringify({ name: t.name, arguments: args }, null, 2);
    return [
      ...(ex.invalid ?? []).map((e, i): PackExample => ({ id: `${t.name}-invalid-${i}`, title: e.about, call: call(e.arguments), tool: t.name })),
      ...(ex.valid ?? []).slice(0, 2).map((a, i): PackExample => ({ id: `${t.name}-valid-${i}`, title: `A valid call${i ? ` (${i + 1})` : ''}`, call: call(a), tool: t.name })),
      ...(ex.checks ?? []).map((e, i): PackExample => ({ id: `${t.name}-checks-${i}`, title: e.about, call: call(e.arguments), tool: t.name, checks: true, ...(e.caller !== undefined ? { caller: e.caller } : {}) })),
    ];
  }, [pack, tool, ready]);
}

/** "Start from": the small sample, or any pack exported in one of the three shapes. */
export function useStartFrom(packList: PackEntry[], checker: Checker | null, put: (tools: string) => void, fail: (message: string) => void) {
  const options = useMemo(
    () => [
      { value: 'sample', label: 'A small example (OpenAI)' },
      ...packList.flatMap((p) =>
        (['openai', 'anthropic', 'mcp'] as const).map((form) => ({ value: `${p.id}:${form}`, label: `${p.title}, ${form === 'openai' ? 'OpenAI' : form === 'anthropic' ? 'Anthropic' : 'MCP'} shape` })),
      ),
    ],
    [packList],
  );
  const pick = (v: string, sample: string) => {
    if (v === 'sample') return put(sample);
    if (!checker) return;
    const [id, form] = v.split(':');
    loadPackById(id)
      .then(async (p) => {
        // An imported pack opens a few tools at a time; its export is of every tool.
        const [, more] = await Promise.all([checker.loadAllTools(p), loadExtra()]);
        put(JSON.stringify(more.exportPack(p, form as 'openai' | 'anthropic' | 'mcp'), null, 2));
      })
      .catch((err: unknown) => fail(`The ${id} pack could not load: ${err instanceof Error ? err.message : String(err)}`));
  };
  return { options, pick };
}
