// The playground island: paste a tool call, see the exact body as you type, share it by link, replay a
// whole transcript. Thin over the engine: check() and replay() give every result. This file wires three
// things together: the session (session.ts: its state and transitions, one reducer; the address bar and
// the storage follow it, use-link.ts), the engine as it loads (use-engine.ts; the check itself, use-check.ts),
// and one component per panel. The first body is already on the page (first-body-early.ts): the result
// column keeps it until this island's own check replaces it.
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import { codeHref } from '../../docs/urls';
// JSON as models write it is repaired in the island, as in the package; the first body leaves such a call here.
import '../../sandbox/json-repair';
import type { Json } from '../../engine/types';
import { CallPanel } from './panels/CallPanel';
import type { CodeEditorHandle } from './editor/CodeEditor';
import type { Diagnostic } from './editor/diagnostics';
import { ErrorBoundary } from './ErrorBoundary';
import { ExamplesMenu, type PackExample } from './examples/ExamplesMenu';
import { takeFirstBody } from './loading/first-body-dom';
import { CUSTOM_SAMPLE, type Example, type ReplayExample } from './examples/first-example';
import { startEngine } from './loading/head-start';
import { HelpPopover } from './toolbar/HelpPopover';
import { Notices } from './toolbar/Notices';
import { ResultColumn } from './panels/ResultColumn';
import { initialSession, reduce, shareable } from './session/session';
import { downloadSessionFile } from './session/session-file';
import { SessionMenu } from './toolbar/SessionMenu';
import { ShareNotices } from './toolbar/ShareNotices';
import { NoStateForCustomTools } from './panels/StateInUse';
import { defaultState, missingToolNotice } from './session/state';
import { browserStorage, clearPending, clearSession, historyKey, readSessionFile } from './session/storage';
import { Toolbar } from './toolbar/Toolbar';
import { ToolNote } from './panels/ToolNote';
import { useCheck } from './hooks/use-check';
import { useCompletions, useLastReadable } from './hooks/use-completions';
import { useCustomTools } from './hooks/use-custom-tools';
import { useDarkTheme } from './hooks/use-dark-theme';
import { useEdits } from './hooks/use-edits';
import { useEngine, useLoadedPacks, usePartLoads } from './hooks/use-engine';
import { crashedOnSession, tooLargeForLiveLink, useAddressBar, useKeptSession, useLinked, useShare } from './hooks/use-link';
import { usePackExamples, usePackOptions, useStartFrom, useToolOptions } from './hooks/use-pickers';
import { useRecentCalls } from './hooks/use-recent-calls';
import { useReplay } from './hooks/use-replay';
import { useShortcuts } from './hooks/use-shortcuts';
import { useStatus } from './hooks/use-status';
import { loadMonaco } from './editor/monaco-loader';
import { loadDefinitionsPanel, loadReplayPanel, loadStatePanel, loadStrictLintPanel } from './loading/chunks';

// Panels of other views load when first shown: the first body's JavaScript holds the call and the body only.
const ReplayPanel = lazy(() => loadReplayPanel().then((m) => ({ default: m.ReplayPanel })));
const StatePanel = lazy(() => loadStatePanel().then((m) => ({ default: m.StatePanel })));
const DefinitionsPanel = lazy(() => loadDefinitionsPanel().then((m) => ({ default: m.DefinitionsPanel })));
// The strict-mode lint of your tools loads with the tab that shows it (DefinitionsPanel), not with the page;
// declared here, not in that tab's chunk, which would have to import the chunks' table that loads it.
const StrictLintPanel = lazy(() => loadStrictLintPanel().then((m) => ({ default: m.StrictLintPanel })));
const panelLoading = (
  <p className="pg-empty" role="status">
    Loading this view…
  </p>
);

// The engine and the first pack start downloading as this module is evaluated, if the page's own script
// (playground.astro) has not started them already: the first body needs both, and React's first render neither.
if (typeof window !== 'undefined') startEngine();

export interface PackEntry {
  id: string;
  title: string;
  /** Who publishes the API, and how many tools the pack has: the pack picker shows and searches them. */
  vendor?: string;
  tools?: number;
}

/** `packs` comes from the page, built from src/packs.ts, so no pack is bundled just to list it. */
export default function Playground({ packs }: { packs: PackEntry[] }) {
  return (
    <ErrorBoundary onCrash={crashedOnSession}>
      <PlaygroundApp packList={packs} />
    </ErrorBoundary>
  );
}

function PlaygroundApp({ packList }: { packList: PackEntry[] }) {
  const packIds = useMemo(() => packList.map((p) => p.id), [packList]);
  const storage = useMemo(browserStorage, []);
  const [s, dispatch] = useReducer(reduce, null, () => initialSession(location.hash, packIds, storage));
  // The session as last rendered, for what finishes after an await (Start from's export).
  const live = useRef(s);
  live.current = s;
  const dark = useDarkTheme();
  const [status, setStatus] = useStatus();
  // UI of this page, not of the session: whether Monaco has replaced the plain editors, whether a result has
  // been shown yet, and the body entry hovered (its span is marked in the call).
  const [monacoReady, setMonacoReady] = useState(false);
  const [firstResult, setFirstResult] = useState(false);
  const [activeEntry, setActiveEntry] = useState<number | null>(null);
  // The body the fallback shows (first-body-dom.ts), read before this first render replaces it: kept in its
  // place until this island's own check runs, so the body neither blinks nor moves at the hand-over.
  const [firstBody] = useState(takeFirstBody);
  const callEditor = useRef<CodeEditorHandle>(null);
  const toolsEditor = useRef<CodeEditorHandle>(null);
  const stateEditor = useRef<CodeEditorHandle>(null);
  const packTitle = (id: string) => packList.find((p) => p.id === id)?.title ?? id;

  // ---- the engine: the checker at once, the rest after the first body (or at once for a replay, your tools)
  const { checker, extra, ajvTools, loadFailure, fail } = useEngine({ extra: firstResult || s.view === 'replay', ajv: firstResult || s.mode === 'custom' });
  const { ready, partLoaded } = usePartLoads(checker);
  const loadedPacks = useLoadedPacks(checker, s.mode === 'pack' ? s.pack : null, fail);
  const { custom, isDocument, documentInfo, toolDiagnostics, stopped: toolsStopped, settled: toolsSettled } = useCustomTools(ajvTools, s.mode === 'custom', s.tools, fail);
  const pack = s.mode === 'custom' ? (custom?.ok === true ? custom.pack : null) : (loadedPacks.get(s.pack) ?? null);
  const toolOption = pack && s.tool && pack.tool(s.tool) ? s.tool : undefined;

  // ---- the check, and the replay ------------------------------------------------------------------------
  const check = useCheck({ checker, ready, partLoaded, extra, ajvTools, fail }, { pack, mode: s.mode, call: s.call, packState: s.packState, tool: toolOption, run: s.run });
  const { result, stateReading, diagnostics } = check;
  const checkOptions = useMemo(() => ({ tool: toolOption, ...check.stateOpt }), [toolOption, check.stateOpt]);
  const replay = useReplay({ ready, extra, pack: s.view === 'replay' ? pack : null, text: s.replay, check: checkOptions, partLoaded, fail });

  // The first result on screen: Monaco, AJV and the tokenizer may load now, and not before.
  useLayoutEffect(() => {
    if (result && !firstResult) {
      performance.mark('pg:first-result');
      setFirstResult(true);
    }
  }, [result, firstResult]);
  const richReady = firstResult || loadFailure !== null || (checker !== null && s.mode === 'custom' && custom !== null && custom.ok !== true);
  const monaco = richReady ? loadMonaco : null;
  const { activeTool, lastTool, lastShape } = useLastReadable(result, pack, ready, toolOption);
  useCompletions(monacoReady, pack, ready, lastTool, lastShape);
  useEffect(() => setActiveEntry(null), [result]);

  // The span of the call a hovered or focused body entry is about.
  const highlight = useMemo(() => {
    const d = activeEntry === null ? undefined : diagnostics.find((x) => x.entry === activeEntry && x.kind !== 'conflict');
    return d ? { start: d.start, end: d.end } : null;
  }, [activeEntry, diagnostics]);

  // ---- edits: typing in an editor, and every other change (act) ------------------------------------------
  const { onChange, act } = useEdits(dispatch);

  // ---- the edges: the link, the storage, the recent calls, a session file ----------------------------------
  const stateText = useCallback((text: string | undefined) => (checker && pack && s.mode === 'pack' ? checker.linkStateText(pack, text) : text), [checker, pack, s.mode]);
  const linked = useLinked(s, stateText);
  useAddressBar(linked, s, storage, packIds, act);
  // The page has shown what this session gives (a result, or the definitions' problems): it may be kept.
  const settled =
    s.view === 'replay'
      ? replay.shown !== null || !s.replay.trim()
      : s.mode === 'custom'
        ? toolsSettled && toolsStopped === null && check.stopped === null && (result !== null || custom?.ok !== true)
        : result !== null;
  useKeptSession(linked, s, settled, storage);
  useRecentCalls(result, historyKey(s), s.call, s.view === 'replay', dispatch);
  const link = useShare(linked, setStatus, act);

  const exportSession = () => {
    downloadSessionFile(linked, s.recent);
    setStatus('Session saved');
  };
  const importSession = (text: string, name: string) => {
    const read = readSessionFile(text, packIds);
    if (!read.ok) return act({ type: 'notice', notice: { kind: 'error', text: [{ value: name }, `: ${read.reason}`] } });
    act({ type: 'load', state: read.loaded.state, from: 'file', notice: read.loaded.notice, history: read.history });
    setStatus('Session opened');
  };
  const resetAll = () => {
    clearSession(storage);
    act({ type: 'load', state: defaultState(), from: 'reset' });
    setStatus('Back to the default example');
  };

  // ---- what the buttons and menus do ----------------------------------------------------------------------
  const resetState = () => {
    act({ type: 'reset-state' });
    setStatus('State reset');
  };
  const runNow = () => {
    act({ type: 'run' });
    setStatus('Checked');
  };
  useShortcuts({ runNow, share: link.share });
  const loadExample = (ex: Example) => {
    // An example is a whole case: its pack, its call and the pack's own state.
    act({ type: 'load', state: { mode: 'pack', pack: ex.pack, tool: '', call: ex.call, tools: s.tools, replay: s.replay }, from: 'example' });
    setStatus('Example loaded');
    // The menu that had focus is gone; the editor is where the next keystroke belongs.
    callEditor.current?.focus();
  };
  const loadReplayExample = (ex: ReplayExample) => act({ type: 'replay', text: ex.text, pack: ex.pack });
  const applyCandidate = (d: Diagnostic, candidate: Json) => {
    if (extra) callEditor.current?.replaceRange(d.start, d.end, extra.replacementText(d, candidate));
  };
  /** A pack's own example. One from examples.checks is about the state, so it brings the pack's state (with its caller, if it names one). */
  const putPackExample = (ex: PackExample) => {
    const call = JSON.stringify(JSON.parse(ex.call), null, 2);
    if (!ex.checks || !pack) return act({ type: 'put-call', call });
    const text = ex.caller !== undefined ? JSON.stringify({ ...(pack.state ?? {}), caller: ex.caller }, null, 2) : null;
    act({ type: 'put-call', call, packState: text });
  };
  const packOptions = usePackOptions(packList);
  const toolOptions = useToolOptions(pack, ready);
  const packExamples = usePackExamples(s.mode === 'pack' ? pack : null, lastTool, ready);
  const startFrom = useStartFrom(packList, checker, (tools) => act({ type: 'load', state: { ...shareable(live.current), mode: 'custom', tools }, from: 'example' }), fail);

  // ---- view ---------------------------------------------------------------------------------------------------
  const stateBadge = s.mode === 'pack' && (stateReading?.use === 'edited' || stateReading?.use === 'broken') ? stateReading.use : null;
  const toolNotice = s.mode === 'pack' || custom?.ok === true ? missingToolNotice(s.tool, pack ? pack.tools.map((t) => t.name) : null, s.mode === 'pack' ? `the ${packTitle(s.pack)} pack` : 'your tools') : null;
  const firstBodyHtml = firstBody && s.mode === 'pack' && s.view === 'call' && firstBody.pack === s.pack && firstBody.tool === s.tool && firstBody.call === s.call ? firstBody.html : null;
  const waiting =
    loadFailure ??
    toolsStopped ??
    check.stopped ??
    (check.budgetHeld && checker && pack ? 'Checking this large call…' : null) ??
    (!checker || (s.mode === 'custom' && !ajvTools)
      ? 'Loading the checker…'
      : s.mode === 'custom'
        ? isDocument
          ? 'The call is checked as soon as the document is imported.'
          : 'The call is checked as soon as the tool definitions compile. Their problems are listed beside them.'
        : check.waitFor
          ? check.waitFor.kind === 'tools'
            ? 'Loading the tool this call names…'
            : 'Loading the names this call’s suggestions read…'
          : `Loading the ${packTitle(s.pack)} pack…`);

  return (
    <div className="pg" data-testid="playground" data-ready={monacoReady ? 'monaco' : 'basic'} data-first-result={firstResult ? 'yes' : 'no'}>
      <Notices
        unfinished={s.unfinished !== null}
        onRestore={() => s.unfinished && act({ type: 'load', state: s.unfinished, from: 'restore' })}
        onDropUnfinished={() => {
          clearPending(storage);
          act({ type: 'drop-unfinished' });
        }}
        notice={s.notice}
        onDismiss={() => act({ type: 'notice', notice: null })}
        toolNotice={toolNotice}
        onDropTool={() => act({ type: 'pick-tool', tool: '' })}
        linkState={s.mode === 'pack' && s.stateFromLink && (stateReading?.use === 'edited' || stateReading?.use === 'broken') ? stateReading.use : null}
        stateShown={s.view === 'state'}
        onShowState={() => act({ type: 'view', view: 'state' })}
        onResetState={resetState}
      />

      <Toolbar
        mode={s.mode}
        view={s.view}
        stateBadge={stateBadge}
        packs={packOptions}
        pack={s.pack}
        tools={toolOptions}
        tool={toolOption ?? (pack ? '' : s.tool)}
        calledTool={result?.tool && !toolOption ? result.tool : null}
        toolsReady={pack !== null}
        status={status}
        onMode={(mode) => act({ type: 'mode', mode })}
        onView={(view) => act({ type: 'view', view })}
        onPack={(id) => act({ type: 'pick-pack', pack: id })}
        onTool={(name) => act({ type: 'pick-tool', tool: name })}
        onShare={link.share}
        menus={
          <>
            <ExamplesMenu onPick={loadExample} packExamples={packExamples} onPickPackExample={putPackExample} toolName={lastTool?.name} />
            <SessionMenu
              recent={s.recent[historyKey(s)] ?? []}
              packTitle={s.mode === 'custom' ? 'your tools' : packTitle(s.pack)}
              onPickRecent={(call) => act({ type: 'put-call', call })}
              onExport={exportSession}
              onImport={importSession}
              onReset={resetAll}
            />
          </>
        }
        help={<HelpPopover />}
      />

      <ShareNotices
        warning={link.warning}
        onCopyAnyway={link.copyLink}
        onSaveFile={() => {
          link.closeWarning();
          exportSession();
        }}
        onCancel={link.closeWarning}
        manualLink={link.manualLink}
        onCloseManual={link.closeManualLink}
      />

      {s.view === 'replay' ? (
        <div className="pg-replay-wrap" id="pg-source" role="tabpanel" aria-labelledby="pg-tab-replay">
          <Suspense fallback={panelLoading}>
          <ReplayPanel
            value={s.replay}
            epoch={s.epoch.replay}
            report={replay.shown}
            counted={replay.shown !== replay.replayed}
            waiting={replay.missing ? 'Loading the tools this transcript calls…' : !s.replay.trim() ? 'Paste a transcript, or pick an example.' : waiting}
            packTitle={s.mode === 'custom' ? 'your tools' : `the ${packTitle(s.pack)} pack`}
            dark={dark}
            loadMonaco={monaco}
            onChange={onChange.replay}
            onMonacoReady={() => setMonacoReady(true)}
            onExample={loadReplayExample}
            onOpenCall={(call) => act({ type: 'put-call', call })}
          />
          </Suspense>
        </div>
      ) : (
        <div className="pg-grid">
          <div className="pg-col pg-col-input" id="pg-source" role="tabpanel" aria-labelledby={s.view === 'state' ? 'pg-tab-state' : s.mode === 'pack' ? 'pg-tab-pack' : 'pg-tab-custom'}>
            {s.view === 'state' &&
              (s.mode === 'custom' ? (
                <NoStateForCustomTools
                  onUsePack={() => {
                    act({ type: 'mode', mode: 'pack' });
                    act({ type: 'view', view: 'state' });
                  }}
                />
              ) : (
                <Suspense fallback={panelLoading}>
                <StatePanel
                  key={s.pack}
                  ref={stateEditor}
                  packTitle={packTitle(s.pack)}
                  value={s.packState ?? check.ownState}
                  epoch={s.epoch.state}
                  reading={stateReading}
                  edited={s.packState !== undefined}
                  diagnostics={check.stateMarkers}
                  dark={dark}
                  loadMonaco={monaco}
                  onChange={onChange.packState}
                  onReset={resetState}
                  onReveal={(offset) => stateEditor.current?.reveal(offset)}
                />
                </Suspense>
              ))}
            {s.mode === 'custom' && s.view === 'call' && (
              <Suspense fallback={panelLoading}>
              <DefinitionsPanel
                ref={toolsEditor}
                value={s.tools}
                epoch={s.epoch.tools}
                custom={custom}
                document={documentInfo}
                diagnostics={toolDiagnostics}
                dark={dark}
                loadMonaco={monaco}
                onChange={onChange.tools}
                startFrom={startFrom.options}
                onStartFrom={(v) => startFrom.pick(v, CUSTOM_SAMPLE.tools)}
                StrictLint={StrictLintPanel}
              />
              </Suspense>
            )}
            <CallPanel
              ref={callEditor}
              value={s.call}
              epoch={s.epoch.call}
              shape={result?.shape ?? null}
              toolNote={pack && <ToolNote pack={pack} linked={s.mode === 'pack'} result={result} picked={toolOption} calledName={check.calledName} packName={s.mode === 'custom' ? 'your tools' : `the ${pack.title} pack`} />}
              diagnostics={diagnostics}
              highlight={highlight}
              dark={dark}
              loadMonaco={monaco}
              short={s.view === 'state'}
              tooLargeForLiveLink={tooLargeForLiveLink(s)}
              onChange={onChange.call}
              onMonacoReady={() => {
                performance.mark('pg:editor-ready');
                setMonacoReady(true);
              }}
            />
          </div>

          <div className="pg-col pg-col-output" aria-label="Result">
            <ResultColumn
              check={check}
              firstBodyHtml={firstBodyHtml}
              waiting={waiting}
              pack={pack}
              tool={activeTool}
              grading={s.view === 'call' ? { call: s.call, reply: s.reply, epoch: s.epoch.reply, onChange: onChange.reply } : null}
              onEditState={s.view === 'state' ? undefined : () => act({ type: 'view', view: 'state' })}
              activeEntry={activeEntry}
              onActiveEntry={setActiveEntry}
              onReveal={(offset) => callEditor.current?.reveal(offset)}
              onUseCall={(call) => act({ type: 'put-call', call })}
              onApply={applyCandidate}
              codeHref={(code) => codeHref(code, s.mode === 'pack' ? s.pack : undefined)}
            />
          </div>
        </div>
      )}
    </div>
  );
}
