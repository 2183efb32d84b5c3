// "Your tools": pasted definitions compile as they are typed; an API document (OpenAPI, Discovery, Smithy…)
// is recognised by the compiler and imported in a worker (spec-import.ts), with its progress shown, since a
// large one takes seconds and must not stall typing. Either compiles on the page only once it has compiled in
// the budget's worker in time (budget.ts): definitions that would take the engine longer stop the worker, not the page.
import { useEffect, useMemo, useRef, useState } from 'react';
import { looksLikeJson } from '../../../document-text';
import { budgetMessage, cleared, useWithinBudget, withinBudget, type BudgetJob } from '../workers/budget';
import type { CustomPack, YamlReader } from '../loading/custom-tools';
import type { DocumentImport } from '../panels/DefinitionsPanel';
import type { Diagnostic } from '../editor/diagnostics';
import type { AjvTools } from './use-engine';
import { useLoaded } from './use-loaded';
import { loadSpecImport, loadYamlDocument } from '../loading/chunks';

const loadYamlReader = (): Promise<YamlReader> => loadYamlDocument().then((m) => m.parseYamlText);

interface Imported {
  text: string;
  info: DocumentImport;
  result: CustomPack | null;
}

/** The user's tools as a pack (null until compiled), and the document being imported when they are one. */
export function useCustomTools(ajvTools: AjvTools | null, on: boolean, tools: string, fail: (message: string) => void) {
  // The YAML reader: only once pasted text does not open as JSON (an OpenAPI document in YAML, say).
  const yamlWanted = on && !looksLikeJson(tools);
  const yamlReader = useLoaded(yamlWanted ? loadYamlReader : null, 'The YAML reader could not load. Reload the page to try again, or paste the definitions as JSON.', fail);
  const job = useMemo<BudgetJob | null>(() => (ajvTools && on ? { kind: 'tools', tools } : null), [ajvTools, on, tools]);
  const verdict = useWithinBudget('tools', job);
  const stopped = budgetMessage(verdict, 'Compiling these tool definitions', 'finish');
  const fresh = useMemo(
    () => (ajvTools && on && verdict && cleared(verdict) && (!yamlWanted || yamlReader) ? ajvTools.compileCustomTools(tools, yamlReader ?? undefined) : null),
    [ajvTools, on, tools, yamlWanted, yamlReader, verdict],
  );
  // While the worker compiles new text, the last compiled definitions stay, so typing does not blank the result.
  const last = useRef<CustomPack | null>(null);
  if (fresh || stopped) last.current = fresh;
  const compiled = on && job && !verdict ? (last.current?.ok === 'document' ? null : last.current) : fresh;

  const [doc, setDoc] = useState<Imported | null>(null);
  useEffect(() => {
    if (!ajvTools || compiled?.ok !== 'document') return;
    const text = tools;
    let on = true;
    const format = compiled.format;
    setDoc({ text, info: { format, progress: null }, result: null });
    loadSpecImport()
      .then((m) => m.importDocument(text, (done, total) => on && setDoc((d) => (d && d.text === text ? { ...d, info: { ...d.info, progress: [done, total] } } : d))))
      .then(async (imported) => {
        // The imported pack compiles here only once it has in the budget's worker in time.
        const v = await withinBudget('tools', { kind: 'imported', pack: imported.pack });
        const late = budgetMessage(v, `The ${format} document's tools`, 'compile');
        if (late) throw new Error(late);
        const result = await ajvTools.compileImportedPack(imported.pack);
        if (on) setDoc({ text, info: { format, progress: null, skipped: imported.skipped }, result });
      })
      .catch((err: unknown) => {
        if (on) setDoc({ text, info: { format, progress: null }, result: { ok: false, summary: `The ${format} document could not be imported.`, problems: [{ where: 'the document', message: err instanceof Error ? err.message : String(err) }] } });
      });
    return () => {
      on = false;
    };
    // compiled is new whenever the text is; the text is listed for what the import reads.
  }, [ajvTools, compiled, tools]);

  const isDocument = compiled?.ok === 'document';
  const fromDocument = isDocument ? (doc?.text === tools ? doc.result : null) : compiled;
  const custom = useMemo<CustomPack | null>(() => (stopped ? { ok: false, summary: stopped, problems: [] } : fromDocument), [stopped, fromDocument]);
  const documentInfo: DocumentImport | null = compiled?.ok === 'document' ? (doc?.text === tools ? doc.info : { format: compiled.format, progress: null }) : null;
  // The definitions' problems, marked where they are in the text.
  const toolDiagnostics = useMemo<Diagnostic[]>(
    () =>
      custom && (custom.ok === false || (custom.ok === true && custom.refused))
        ? (custom.ok === false ? custom.problems : custom.refused!)
            .filter((p) => p.range)
            .map((p) => ({ ...p.range!, severity: 'error', field: p.where, code: 'definition', message: `${p.where}: ${p.message}`, kind: 'value', escapes: 0, python: false }))
        : [],
    [custom],
  );
  // Settled: the definitions on screen are the ones typed, compiled or refused (what the kept session waits for).
  const settled = !on || stopped !== null || (verdict !== null && custom !== null);
  return { custom, isDocument, documentInfo, toolDiagnostics, stopped, settled };
}
