// The result column: the verdict and its trace, the error body, then the panels about it (the grade of a
// server's own reply, the effects, the suggested call, the faults, the bare AJV error, the corrections, the
// log line). Before the first check it keeps the first body the page showed (first-body-dom.ts), else says
// what it is waiting for.
import { lazy, Suspense } from 'react';
import type { CompiledPack, CompiledTool, Json } from '../../../engine/types';
import { BodyPanel } from './BodyPanel';
import { CallsPanel } from './CallsPanel';
import { CorrectionsPanel } from './CorrectionsPanel';
import type { Diagnostic } from '../editor/diagnostics';
import { EffectsPanel } from './EffectsPanel';
import { FaultsPanel } from './FaultsPanel';
import { LogPanel } from './LogPanel';
import { StateInUse } from './StateInUse';
import { Trace } from './Trace';
import type { useCheck } from '../hooks/use-check';
import { Verdict } from './Verdict';
import { loadBarePanel, loadGrader, loadSuggestedPanel } from '../loading/chunks';

// The suggested call and the bare AJV error follow the body a moment later anyway (useDeferredValue, AJV).
const SuggestedPanel = lazy(() => loadSuggestedPanel().then((m) => ({ default: m.SuggestedPanel })));
const BarePanel = lazy(() => loadBarePanel().then((m) => ({ default: m.BarePanel })));
// Grading a pasted reply needs grade() and the caller it runs: loaded with this panel, after the first body.
const GradePanel = lazy(() => loadGrader().then((m) => ({ default: m.GradePanel })));

interface Props {
  check: ReturnType<typeof useCheck>;
  /** The first body's markup, kept until the first check replaces it; null once it does not match. */
  firstBodyHtml: string | null;
  /** What the column says while there is no result. */
  waiting: string;
  pack: CompiledPack | null;
  tool: CompiledTool | undefined;
  /** The grade panel is on the call view only. */
  grading: { call: string; reply: string; epoch: number; onChange: (text: string) => void } | null;
  /** Opens the State tab from the trace; undefined when it is open. */
  onEditState: (() => void) | undefined;
  activeEntry: number | null;
  onActiveEntry: (entry: number | null) => void;
  /** Puts the call editor's cursor at an offset. */
  onReveal: (offset: number) => void;
  onUseCall: (call: string) => void;
  onApply: (d: Diagnostic, candidate: Json) => void;
  codeHref: (code: string) => string;
}

export function ResultColumn({ check, firstBodyHtml, waiting, pack, tool, grading, onEditState, activeEntry, onActiveEntry, onReveal, onUseCall, onApply, codeHref }: Props) {
  const { perCall, result, trace, stateReading, bytes, sources, diagnostics, suggestion, laterShape, original, bare } = check;
  if (perCall) return <CallsPanel calls={perCall} onReveal={onReveal} />;
  if (!result && firstBodyHtml !== null) return <div className="pg-first-out" dangerouslySetInnerHTML={{ __html: firstBodyHtml }} />;
  if (!result) {
    return (
      <section className="pg-panel" data-testid="waiting">
        <h2>Result</h2>
        <p className="pg-empty">{waiting}</p>
      </section>
    );
  }
  return (
    <>
      <Verdict result={result} tool={tool}>
        {trace && <Trace steps={trace}>{stateReading && <StateInUse reading={stateReading} where="result" onEdit={onEditState} />}</Trace>}
      </Verdict>
      {bytes !== null ? (
        <BodyPanel
          bytes={bytes}
          body={result.body as Json}
          sources={sources}
          active={activeEntry}
          onActive={onActiveEntry}
          onReveal={(i) => {
            const d = diagnostics.find((x) => x.entry === i && x.kind !== 'conflict');
            if (d) onReveal(d.start);
          }}
        />
      ) : (
        <section className="pg-panel pg-panel-body pg-panel-body-none" aria-labelledby="pg-body-h">
          <header className="pg-panel-head">
            <h2 id="pg-body-h">Error body</h2>
          </header>
          <p className="pg-empty">None: the call is accepted, so the model gets the tool’s result, not an error.</p>
        </section>
      )}
      {grading && pack && (
        <Suspense fallback={null}>
          <GradePanel pack={pack} tool={tool} call={grading.call} reply={grading.reply} epoch={grading.epoch} onChange={grading.onChange} />
        </Suspense>
      )}
      {result.ok && result.effects.length > 0 && <EffectsPanel effects={result.effects} />}
      {suggestion && (
        <Suspense fallback={null}>
          <SuggestedPanel suggestion={suggestion} onUse={onUseCall} shape={laterShape ?? result.shape} original={original} />
        </Suspense>
      )}
      {!result.ok && <FaultsPanel result={result} diagnostics={diagnostics} codeHref={codeHref} onApply={onApply} />}
      {bare && (
        <Suspense fallback={null}>
          <BarePanel bare={bare} />
        </Suspense>
      )}
      <CorrectionsPanel result={result} />
      <LogPanel result={result} />
    </>
  );
}
