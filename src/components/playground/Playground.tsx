// The playground island: paste a tool call, see the exact body as you type, share it by link.
// Thin over the engine: check() gives every result; this file only wires state, editors and panels.
import { Component, lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import type { CompiledPack, CompiledTool, InputShape, Json } from '../../engine/types';
import { SHARE_WARN_BYTES } from '../../share-link';
import { codeHref, toolHref } from '../../docs/urls';
import { CodeEditor, loadMonaco, type CodeEditorHandle } from './CodeEditor';
import type { Diagnostic } from './diagnostics';
import { CUSTOM_SAMPLE, EXAMPLES, type Example } from './examples';
import { SHAPE_LABELS } from './labels';
import { BarePanel, BodyPanel, copyText, CorrectionsPanel, EffectsPanel, FaultsPanel, LogPanel, SuggestedPanel, Trace, Verdict } from './panels';
import { NoStateForCustomTools, StateInUse, StatePanel } from './StatePanel';
import { hashOf, stateFromHash, type Notice, type PlaygroundState } from './state';

// The strict-mode lint of your tools loads with the tab that shows it, not with the page.
const StrictLintPanel = lazy(() => import('./StrictLintPanel').then((m) => ({ default: m.StrictLintPanel })));

type Checker = typeof import('./checker');
type AjvTools = Awaited<ReturnType<Checker['loadAjvTools']>>;

let checkerPromise: Promise<Checker> | null = null;
/** The engine side, loaded once: the page's first JavaScript holds React and this file only. */
function loadChecker(): Promise<Checker> {
  checkerPromise ??= import('./checker').catch((err) => {
    checkerPromise = null;
    throw err;
  });
  return checkerPromise;
}

/** Quiet time after the last keystroke before the check runs: short enough to feel live. */
const DEBOUNCE_MS = 90;
/** Past this much text (call and definitions), the URL stops following every change: compressing it would stall typing. */
const LIVE_LINK_MAX_CHARS = 200_000;
/** Browsers refuse longer URLs outright (Chromium stops at 2 MB). */
const URL_MAX_BYTES = 2 * 1024 * 1024;

/** Longer inputs take longer to check: wait a little longer before checking them. */
function debounceFor(text: string): number {
  return DEBOUNCE_MS + Math.min(400, Math.floor(text.length / 5000));
}
const CALL_URI = 'inmemory://actionable/call.json';
const TOOLS_URI = 'inmemory://actionable/tools.json';
const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);
const MOD = IS_MAC ? '⌘' : 'Ctrl';

export interface PackEntry {
  id: string;
  title: string;
}

/** `packs` comes from the page, built from src/packs.ts, so no pack is bundled just to list it. */
export default function Playground({ packs }: { packs: PackEntry[] }) {
  return (
    <ErrorBoundary>
      <PlaygroundApp packList={packs} />
    </ErrorBoundary>
  );
}

class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }
  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="pg-crash" role="alert" data-testid="playground-crash">
        <h2>The playground stopped</h2>
        <p>Something on this page failed while showing the call. The call itself is safe in the address bar: reload to try again, or start over from the default example.</p>
        <p className="pg-crash-detail">What failed: {this.state.error.message || this.state.error.name}</p>
        <p>
          <button type="button" className="pg-button" onClick={() => location.reload()}>
            Reload
          </button>{' '}
          <button
            type="button"
            className="pg-button"
            onClick={() => {
              history.replaceState(null, '', location.pathname + location.search);
              location.reload();
            }}
          >
            Default example
          </button>
        </p>
      </div>
    );
  }
}

/** True when the page is dark: the theme toggle's data-theme on <html>, else the system preference. */
function isDark(): boolean {
  const root = document.documentElement;
  const set = root.dataset.theme ?? (root.classList.contains('dark') ? 'dark' : root.classList.contains('light') ? 'light' : undefined);
  if (set === 'dark' || set === 'light') return set === 'dark';
  return matchMedia('(prefers-color-scheme: dark)').matches;
}

function useDarkTheme(): boolean {
  const [dark, setDark] = useState(isDark);
  useEffect(() => {
    const update = () => setDark(isDark());
    const media = matchMedia('(prefers-color-scheme: dark)');
    media.addEventListener('change', update);
    window.addEventListener('actionable:theme', update);
    const observer = new MutationObserver(update);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'class'] });
    return () => {
      media.removeEventListener('change', update);
      window.removeEventListener('actionable:theme', update);
      observer.disconnect();
    };
  }, []);
  return dark;
}

function isPythonStyle(text: string): boolean {
  return /^\s*[A-Za-z_][A-Za-z0-9_.-]*\s*\(/.test(text);
}

function PlaygroundApp({ packList }: { packList: PackEntry[] }) {
  const packIds = useMemo(() => packList.map((p) => p.id), [packList]);
  const initial = useMemo(() => stateFromHash(location.hash, packIds), [packIds]);
  const [mode, setMode] = useState(initial.state.mode);
  const [packId, setPackId] = useState(initial.state.pack);
  const [tool, setTool] = useState(initial.state.tool);
  const [call, setCall] = useState(initial.state.call);
  const [toolsText, setToolsText] = useState(initial.state.tools);
  // The edited pack state as typed; undefined while it is the pack's own.
  const [packState, setPackState] = useState(initial.state.packState);
  // A link that carries a state opens on the State tab, with a notice that it is not the pack's own.
  const [view, setView] = useState<'call' | 'state'>(initial.state.mode === 'pack' && initial.state.packState !== undefined ? 'state' : 'call');
  const [stateFromLink, setStateFromLink] = useState(initial.state.packState !== undefined);
  // Bumped when the state is replaced from outside the editor (a link, an example, another pack): the editor reopens on it.
  const [stateEpoch, setStateEpoch] = useState(0);
  const [notice, setNotice] = useState<Notice | null>(initial.notice ?? null);
  const [run, setRun] = useState(0);
  const [monacoReady, setMonacoReady] = useState(false);
  const [status, setStatus] = useState('');
  const [shareWarning, setShareWarning] = useState<{ url: string; bytes: number } | null>(null);
  const [manualLink, setManualLink] = useState<string | null>(null);
  const dark = useDarkTheme();
  const [checker, setChecker] = useState<Checker | null>(null);
  const [loadedPacks, setLoadedPacks] = useState<ReadonlyMap<string, CompiledPack>>(new Map());
  const [loadFailure, setLoadFailure] = useState<string | null>(null);
  // AJV's compiler: for a user's own tools and the bare AJV error only, loaded after the first body.
  const [ajvTools, setAjvTools] = useState<AjvTools | null>(null);

  const callEditor = useRef<CodeEditorHandle>(null);
  const toolsEditor = useRef<CodeEditorHandle>(null);
  const stateEditor = useRef<CodeEditorHandle>(null);
  const liveState = useRef(packState);
  const stateTimer = useRef<number | undefined>(undefined);
  const liveCall = useRef(call);
  const liveTools = useRef(toolsText);
  const callTimer = useRef<number | undefined>(undefined);
  const toolsTimer = useRef<number | undefined>(undefined);

  useEffect(() => {
    loadChecker().then(setChecker, () => setLoadFailure('The checker could not load. Reload the page to try again; the call is kept in the address bar.'));
  }, []);

  useEffect(() => {
    if (!checker || mode !== 'pack' || loadedPacks.has(packId)) return;
    let live = true;
    checker.loadPackById(packId).then(
      (p) => live && setLoadedPacks((m) => new Map(m).set(packId, p)),
      (err: unknown) => live && setLoadFailure(`The ${packId} pack could not load: ${err instanceof Error ? err.message : String(err)}`),
    );
    return () => {
      live = false;
    };
  }, [checker, mode, packId, loadedPacks]);

  // ---- derived: everything below comes from the engine --------------------------------------------------
  const custom = useMemo(() => (ajvTools && mode === 'custom' ? ajvTools.compileCustomTools(toolsText) : null), [ajvTools, mode, toolsText]);
  const pack = mode === 'custom' ? (custom?.ok ? custom.pack : null) : (loadedPacks.get(packId) ?? null);
  const toolOption = pack && tool && pack.tool(tool) ? tool : undefined;
  // The state the ordered checks read: the pack's own, or a usable edit (from the State tab or a link).
  const stateReading = useMemo(() => (checker && pack && mode === 'pack' ? checker.readState(pack, packState) : null), [checker, pack, mode, packState]);
  // A check that would read a registry's names (a country, a zone…) waits for them: without them its body
  // would differ from the one a server gives. They load once, in a few milliseconds, on first need.
  const [namesTick, setNamesTick] = useState(0);
  const namesNeeded = useMemo(() => (checker && pack && mode === 'pack' ? checker.namesNeeded(pack, call, toolOption) : []), [checker, pack, mode, call, toolOption, namesTick]);
  const namesKey = namesNeeded.join(' ');
  useEffect(() => {
    if (!checker || !namesKey) return;
    let live = true;
    checker.loadNames(namesKey.split(' ')).then(
      () => live && setNamesTick((n) => n + 1),
      () => live && setLoadFailure('A list of names the checker needs could not load. Reload the page to try again; the call is kept in the address bar.'),
    );
    return () => {
      live = false;
    };
  }, [checker, namesKey]);
  const result = useMemo(
    () => (checker && pack && !namesKey ? checker.check(pack, call, { tool: toolOption, ...(stateReading ? checker.stateOption(stateReading) : {}) }) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [checker, pack, call, toolOption, stateReading, run, namesKey],
  );
  const trace = useMemo(() => (checker && result && result.checks.length > 0 ? checker.traceSteps(result) : null), [checker, result]);
  const stateMarkers = useMemo(() => (checker && stateReading ? checker.stateDiagnostics(stateReading) : []), [checker, stateReading]);
  const ownState = useMemo(() => (checker && pack && mode === 'pack' ? checker.ownStateText(pack) : ''), [checker, pack, mode]);
  /** What a link carries as `state`: only an edit that differs from the pack's own (kept as is until the pack has loaded). */
  const sharedState = (text: string | undefined) => (checker && pack && mode === 'pack' ? checker.linkStateText(pack, text) : text);
  const diagnostics = useMemo(() => (checker && result ? checker.diagnosticsFor(call, result) : []), [checker, result, call]);
  const bare = useMemo(() => (ajvTools && pack ? ajvTools.bareError(pack, call, toolOption) : null), [ajvTools, pack, call, toolOption]);
  // Your tools need AJV at once; a shipped pack's page asks for it once its first body is on screen.
  const needsAjv = checker !== null && !ajvTools && (mode === 'custom' || result !== null);
  useEffect(() => {
    if (!needsAjv || !checker) return;
    let live = true;
    checker.loadAjvTools().then(
      (tools) => live && setAjvTools(tools),
      () => live && setLoadFailure('The validator for your own tools could not load. Reload the page to try again; the call is kept in the address bar.'),
    );
    return () => {
      live = false;
    };
  }, [needsAjv, checker]);
  const suggestion = useMemo(() => (checker && result ? checker.suggestionFor(result, call) : null), [checker, result, call]);
  const calledName = useMemo(() => (checker ? checker.parseCall(call).name : null), [checker, call]);
  const bytes = checker && result?.body ? checker.serializeBody(result.body) : null;
  const language = isPythonStyle(call) ? 'plaintext' : 'json';

  // While the text is mid-edit (not readable), completions keep the last shape and tool that were.
  const lastShape = useRef<InputShape>('plain');
  const lastTool = useRef<CompiledTool | null>(null);
  if (result && result.shape !== 'unknown') lastShape.current = result.shape;
  const activeTool = (pack && result?.tool ? pack.tool(result.tool) : undefined) ?? (pack && toolOption ? pack.tool(toolOption) : undefined);
  if (activeTool) lastTool.current = activeTool;
  else if (pack && lastTool.current && pack.tool(lastTool.current.name) !== lastTool.current) lastTool.current = null;

  const toolDiagnostics = useMemo<Diagnostic[]>(
    () =>
      custom && !custom.ok
        ? custom.problems
            .filter((p) => p.range)
            .map((p) => ({ ...p.range!, severity: 'error', field: p.where, code: 'definition', message: `${p.where}: ${p.message}`, kind: 'value', escapes: 0, python: false }))
        : [],
    [custom],
  );

  useEffect(() => {
    if (!monacoReady) return;
    loadMonaco().then((m) => m.setCompletionContext({ tools: pack?.tools ?? [], tool: lastTool.current, shape: lastShape.current, modelUri: CALL_URI }));
  }, [monacoReady, pack, activeTool, result?.shape]);

  // ---- state changes ---------------------------------------------------------------------------------------
  /** Runs the check on a text now. The measure spans check, render and editor markers: the main-thread work of one update. */
  const commitCall = useCallback((text: string, force = false) => {
    window.clearTimeout(callTimer.current);
    performance.mark('pg:update:start');
    flushSync(() => {
      setCall(text);
      if (force) setRun((r) => r + 1);
    });
    performance.measure('pg:update', { start: 'pg:update:start', detail: { chars: text.length } });
  }, []);

  const onCallChange = useCallback(
    (text: string) => {
      liveCall.current = text;
      window.clearTimeout(callTimer.current);
      callTimer.current = window.setTimeout(() => commitCall(text), debounceFor(text));
    },
    [commitCall],
  );

  const onToolsChange = useCallback((text: string) => {
    liveTools.current = text;
    window.clearTimeout(toolsTimer.current);
    toolsTimer.current = window.setTimeout(() => setToolsText(text), debounceFor(text) + DEBOUNCE_MS);
  }, []);

  const applyState = useCallback((s: PlaygroundState) => {
    window.clearTimeout(callTimer.current);
    window.clearTimeout(toolsTimer.current);
    window.clearTimeout(stateTimer.current);
    setMode(s.mode);
    setPackId(s.pack);
    setTool(s.tool);
    setPackState(s.packState);
    liveState.current = s.packState;
    setStateEpoch((n) => n + 1);
    setCall(s.call);
    setToolsText(s.tools);
    liveCall.current = s.call;
    liveTools.current = s.tools;
    callEditor.current?.setValue(s.call);
    toolsEditor.current?.setValue(s.tools);
  }, []);

  const current = (): PlaygroundState => ({ mode, pack: packId, tool, call: liveCall.current, tools: liveTools.current, packState: sharedState(liveState.current) });

  const onStateChange = useCallback((text: string) => {
    liveState.current = text;
    window.clearTimeout(stateTimer.current);
    stateTimer.current = window.setTimeout(() => setPackState(text), debounceFor(text) + DEBOUNCE_MS);
  }, []);

  /** Back to the pack's own state. In the editor it is one edit, so Ctrl+Z brings the edit back. */
  const resetState = () => {
    window.clearTimeout(stateTimer.current);
    liveState.current = undefined;
    setPackState(undefined);
    setStateFromLink(false);
    if (stateEditor.current) stateEditor.current.setValue(ownState);
    else setStateEpoch((n) => n + 1);
    setStatus('State reset');
  };

  const runNow = () => {
    window.clearTimeout(toolsTimer.current);
    window.clearTimeout(stateTimer.current);
    setToolsText(liveTools.current);
    setPackState(liveState.current);
    commitCall(liveCall.current, true);
    setStatus('Checked');
  };

  const copyLink = (url: string) => {
    setShareWarning(null);
    copyText(url).then((ok) => {
      setStatus(ok ? 'Link copied' : 'Could not copy: the link is shown below to copy by hand');
      setManualLink(ok ? null : url);
    });
  };

  const share = () => {
    const hash = hashOf(current());
    const url = location.origin + location.pathname + location.search + hash;
    const size = new TextEncoder().encode(url).length;
    if (size > URL_MAX_BYTES) {
      setStatus('Too large for a link');
      setNotice({ kind: 'error', text: `A link to this state would be ${(size / 1024 / 1024).toFixed(1)} MB, more than browsers open. Share the call as a file instead, or trim it.` });
      return;
    }
    history.replaceState(history.state, '', hash);
    if (size > SHARE_WARN_BYTES) setShareWarning({ url, bytes: size });
    else copyLink(url);
  };

  const loadExample = (ex: Example) => {
    // An example is a whole case: its pack, its call and the pack's own state.
    applyState({ mode: 'pack', pack: ex.pack, tool: '', call: ex.call, tools: liveTools.current });
    setNotice(null);
    setStateFromLink(false);
    setStatus('Example loaded');
    // The menu that had focus is gone; the editor is where the next keystroke belongs.
    callEditor.current?.focus();
  };

  const switchMode = (next: 'pack' | 'custom') => {
    setView('call');
    if (next === mode) return;
    if (next === 'custom' && liveTools.current.trim() === '') {
      applyState({ mode: 'custom', pack: packId, tool: '', call: CUSTOM_SAMPLE.call, tools: CUSTOM_SAMPLE.tools, packState });
    } else {
      setMode(next);
      setTool('');
    }
  };

  const applyCandidate = (d: Diagnostic, candidate: Json) => {
    if (checker) callEditor.current?.replaceRange(d.start, d.end, checker.replacementText(d, candidate));
  };

  const putCall = (c: { name: string; arguments: Json }) => {
    const text = JSON.stringify(c, null, 2);
    callEditor.current?.setValue(text);
    liveCall.current = text;
    commitCall(text);
  };

  /** A pack's own example. One from examples.checks is about the state, so it brings the pack's state (with its caller, if it names one). */
  const putPackExample = (ex: PackExample) => {
    putCall(JSON.parse(ex.call));
    if (!ex.checks || !pack) return;
    const text = ex.caller !== undefined ? JSON.stringify({ ...(pack.state ?? {}), caller: ex.caller }, null, 2) : undefined;
    window.clearTimeout(stateTimer.current);
    liveState.current = text;
    setPackState(text);
    setStateFromLink(false);
    setStateEpoch((n) => n + 1);
  };

  // Keyboard: capture phase, so the shortcuts work inside Monaco too and do not reach the browser.
  const keys = useRef({ runNow, share });
  keys.current = { runNow, share };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      if (e.key === 'Enter') {
        e.preventDefault();
        e.stopPropagation();
        keys.current.runNow();
      } else if ((e.key === 's' || e.key === 'S') && !e.shiftKey) {
        e.preventDefault();
        e.stopPropagation();
        keys.current.share();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);

  // The URL follows the state, so reload and the address bar always hold this exact call.
  const tooLargeForLiveLink = call.length + (mode === 'custom' ? toolsText.length : 0) > LIVE_LINK_MAX_CHARS;
  useEffect(() => {
    if (tooLargeForLiveLink) return;
    const t = window.setTimeout(() => {
      const hash = hashOf({ mode, pack: packId, tool, call, tools: toolsText, packState: sharedState(packState) });
      if (location.hash !== hash) history.replaceState(history.state, '', hash);
    }, 120);
    return () => window.clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode, packId, tool, call, toolsText, packState, tooLargeForLiveLink, checker, pack]);

  // A link pasted into the address bar of an open playground loads without a reload.
  useEffect(() => {
    const onHash = () => {
      const { state, notice } = stateFromHash(location.hash, packIds);
      applyState(state);
      setNotice(notice ?? null);
      setStateFromLink(state.packState !== undefined);
      setView(state.mode === 'pack' && state.packState !== undefined ? 'state' : 'call');
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [applyState, packIds]);

  useEffect(() => {
    if (!status) return;
    const t = window.setTimeout(() => setStatus(''), 2400);
    return () => window.clearTimeout(t);
  }, [status]);

  // ---- view ---------------------------------------------------------------------------------------------------
  const shape = result?.shape ?? 'unknown';
  const toolNote = (() => {
    if (!pack) return null;
    if (result?.tool) {
      const from = result.shape === 'bare-arguments' ? 'chosen in the picker' : 'named in the call';
      const href = mode === 'pack' ? toolHref(pack.id, result.tool) : null;
      return (
        <>
          <span className="pg-meta-label">Tool</span>{' '}
          {href ? (
            <a href={href} data-testid="tool-name">
              {result.tool}
            </a>
          ) : (
            <b data-testid="tool-name">{result.tool}</b>
          )}{' '}
          <span className="pg-meta-note">{from}</span>
          {toolOption && calledName && calledName !== toolOption && <span className="pg-meta-note"> · the call’s name wins over the picker, which applies to bare arguments</span>}
        </>
      );
    }
    if (result?.shape === 'bare-arguments') {
      return (
        <>
          <span className="pg-meta-label">Tool</span> <span className="pg-meta-note pg-bad-text">bare arguments name no tool: pick one in the Tool list above</span>
        </>
      );
    }
    if (calledName) {
      return (
        <>
          <span className="pg-meta-label">Tool</span> <b data-testid="tool-name">{calledName}</b> <span className="pg-meta-note pg-bad-text">not in {mode === 'custom' ? 'your tools' : `the ${pack.title} pack`}</span>
        </>
      );
    }
    return (
      <>
        <span className="pg-meta-label">Tool</span> <span className="pg-meta-note">none yet</span>
      </>
    );
  })();

  const packExamples = useMemo(() => {
    if (mode !== 'pack' || !pack) return [];
    const t = lastTool.current ?? pack.tools[0];
    const ex = t.source.examples ?? {};
    const call = (args: Json) => JSON.stringify({ name: t.name, arguments: args }, null, 2);
    return [
      ...(ex.invalid ?? []).map((e, i): PackExample => ({ id: `${t.name}-invalid-${i}`, title: e.about, call: call(e.arguments), tool: t.name })),
      ...(ex.valid ?? []).slice(0, 2).map((a, i): PackExample => ({ id: `${t.name}-valid-${i}`, title: `A valid call${i ? ` (${i + 1})` : ''}`, call: call(a), tool: t.name })),
      ...(ex.checks ?? []).map((e, i): PackExample => ({ id: `${t.name}-checks-${i}`, title: e.about, call: call(e.arguments), tool: t.name, checks: true, ...(e.caller !== undefined ? { caller: e.caller } : {}) })),
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode, pack, activeTool]);

  return (
    <div className="pg" data-testid="playground" data-ready={monacoReady ? 'monaco' : 'basic'}>
      {notice && (
        <div className={`pg-notice pg-notice-${notice.kind}`} role="alert" data-testid="notice">
          <p>{notice.text}</p>
          <button type="button" className="pg-button pg-button-small" onClick={() => setNotice(null)}>
            Dismiss
          </button>
        </div>
      )}

      {mode === 'pack' && stateFromLink && (stateReading?.use === 'edited' || stateReading?.use === 'broken') && (
        <div className={`pg-notice ${stateReading?.use === 'broken' ? 'pg-notice-error' : 'pg-notice-info'}`} data-testid="state-notice">
          <p>
            {stateReading?.use === 'broken'
              ? 'This link carries a pack state with problems, so the call is checked against the pack’s own state. The State tab shows where they are.'
              : 'This link carries a pack state of its own: the call is checked against it, not the pack’s own. The State tab shows it.'}
          </p>
          <div className="pg-notice-actions">
            {view !== 'state' && (
              <button type="button" className="pg-button pg-button-small" onClick={() => setView('state')}>
                Show the state
              </button>
            )}
            <button type="button" className="pg-button pg-button-small" onClick={resetState}>
              Use the pack’s own state
            </button>
          </div>
        </div>
      )}

      <div className="pg-toolbar">
        <div className="pg-tabs" role="tablist" aria-label="What to check against">
          <button type="button" role="tab" id="pg-tab-pack" aria-selected={view === 'call' && mode === 'pack'} aria-controls="pg-source" data-testid="tab-pack" onClick={() => switchMode('pack')}>
            Pack tools
          </button>
          <button type="button" role="tab" id="pg-tab-custom" aria-selected={view === 'call' && mode === 'custom'} aria-controls="pg-source" data-testid="tab-custom" onClick={() => switchMode('custom')}>
            Your tools
          </button>
          <button type="button" role="tab" id="pg-tab-state" aria-selected={view === 'state'} aria-controls="pg-source" data-testid="tab-state" onClick={() => setView('state')}>
            State
            {mode === 'pack' && (stateReading?.use === 'edited' || stateReading?.use === 'broken') && (
              <span className={`pg-tab-badge pg-tab-badge-${stateReading.use}`} data-testid="state-badge">
                {stateReading.use === 'edited' ? 'edited' : 'problem'}
              </span>
            )}
          </button>
        </div>
        {mode === 'pack' && (
          <label className="pg-field-label">
            <span>Pack</span>
            <select
              data-testid="pack-select"
              value={packId}
              onChange={(e) => {
                setPackId(e.target.value);
                setTool('');
                // Another pack, another state: an edit of this one's records means nothing there.
                window.clearTimeout(stateTimer.current);
                liveState.current = undefined;
                setPackState(undefined);
                setStateFromLink(false);
                setStateEpoch((n) => n + 1);
              }}
            >
              {packList.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="pg-field-label">
          <span>Tool</span>
          <select data-testid="tool-select" value={toolOption ?? ''} onChange={(e) => setTool(e.target.value)} disabled={!pack}>
            <option value="">From the call{result?.tool && !toolOption ? `: ${result.tool}` : ''}</option>
            {(pack?.tools ?? []).map((t) => (
              <option key={t.name} value={t.name}>
                {t.name}
              </option>
            ))}
          </select>
        </label>
        <ExamplesMenu onPick={loadExample} packExamples={packExamples} onPickPackExample={putPackExample} toolName={lastTool.current?.name} />
        <span className="pg-toolbar-gap" />
        <span className="pg-status" role="status" aria-live="polite" data-testid="status">
          {status}
        </span>
        <button type="button" className="pg-button pg-button-primary" data-testid="share-button" onClick={share} title={`Copy a link to this exact state (${MOD}+S)`}>
          Copy link
        </button>
        <HelpPopover />
      </div>

      {shareWarning && (
        <div className="pg-notice pg-notice-warn" role="alertdialog" aria-labelledby="pg-share-warn" data-testid="share-warning">
          <p id="pg-share-warn">
            This link is {(shareWarning.bytes / 1024).toFixed(1)} KB. Some chat tools, mail clients and browsers cut links longer than 8 KB, and a cut link will not open. Trim
            the call or the tool definitions to make it shorter.
          </p>
          <div className="pg-notice-actions">
            <button type="button" className="pg-button pg-button-small" onClick={() => copyLink(shareWarning.url)} data-testid="share-anyway">
              Copy anyway
            </button>
            <button type="button" className="pg-button pg-button-small" onClick={() => setShareWarning(null)}>
              Cancel
            </button>
          </div>
        </div>
      )}
      {manualLink && (
        <div className="pg-notice pg-notice-info">
          <label className="pg-manual-link">
            Link: <input readOnly value={manualLink} onFocus={(e) => e.currentTarget.select()} />
          </label>
          <button type="button" className="pg-button pg-button-small" onClick={() => setManualLink(null)}>
            Close
          </button>
        </div>
      )}

      <div className="pg-grid">
        <div className="pg-col pg-col-input" id="pg-source" role="tabpanel" aria-labelledby={view === 'state' ? 'pg-tab-state' : mode === 'pack' ? 'pg-tab-pack' : 'pg-tab-custom'}>
          {view === 'state' &&
            (mode === 'custom' ? (
              <NoStateForCustomTools
                onUsePack={() => {
                  switchMode('pack');
                  setView('state');
                }}
              />
            ) : (
              <StatePanel
                key={`${packId}:${stateEpoch}`}
                ref={stateEditor}
                packTitle={packList.find((p) => p.id === packId)?.title ?? packId}
                text={liveState.current ?? ownState}
                reading={stateReading}
                edited={packState !== undefined}
                diagnostics={stateMarkers}
                dark={dark}
                loadRich={checker !== null}
                onChange={onStateChange}
                onReset={resetState}
                onReveal={(offset) => stateEditor.current?.reveal(offset)}
                liveText={() => packState ?? ownState}
              />
            ))}
          {mode === 'custom' && view === 'call' && (
            <section className="pg-panel pg-panel-defs" aria-labelledby="pg-defs-h">
              <header className="pg-panel-head">
                <h2 id="pg-defs-h">Tool definitions</h2>
                <DefinitionsMenu
                  checker={checker}
                  packList={packList}
                  onLoad={(text) => {
                    toolsEditor.current?.setValue(text);
                    liveTools.current = text;
                    setToolsText(text);
                  }}
                />
              </header>
              <p className="pg-panel-sub">OpenAI, Anthropic or MCP tool definitions: an array, or an object with a tools array. They become a pack with the same checks, without glosses.</p>
              <CodeEditor
                ref={toolsEditor}
                testId="tools-editor"
                className="pg-editor-defs"
                initialValue={toolsText}
                onChange={onToolsChange}
                language="json"
                diagnostics={toolDiagnostics}
                modelUri={TOOLS_URI}
                ariaLabel="Tool definitions (JSON)"
                dark={dark}
                loadRich={checker !== null}
              />
              {custom && !custom.ok && (
                <div className="pg-problems" data-testid="tools-problems" role="alert">
                  <p>
                    <strong>{custom.summary}</strong>
                  </p>
                  <ul>
                    {custom.problems.map((p, i) => (
                      <li key={i}>
                        <code>{p.where}</code> {p.message}
                        {p.range && !p.where.startsWith('line ') && <span className="pg-meta-note"> ({lineCol(toolsText, p.range.start)})</span>}
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              {custom?.ok && (
                <p className="pg-defs-ok" data-testid="tools-ok">
                  {custom.pack.tools.length === 1 ? 'One tool' : `${custom.pack.tools.length} tools`}: {custom.pack.tools.map((t) => t.name).join(', ')}
                </p>
              )}
              {custom?.ok && (
                <Suspense fallback={null}>
                  <StrictLintPanel pack={custom.pack} />
                </Suspense>
              )}
            </section>
          )}

          <section className={`pg-panel pg-panel-call ${view === 'state' ? 'pg-panel-call-short' : ''}`} aria-labelledby="pg-call-h">
            <header className="pg-panel-head">
              <h2 id="pg-call-h">Tool call</h2>
              <span className="pg-meta">
                <span className="pg-meta-label">Read as</span>{' '}
                <b data-testid="shape" data-shape={shape}>
                  {SHAPE_LABELS[shape]}
                </b>
              </span>
            </header>
            <p className="pg-panel-sub pg-meta">{toolNote}</p>
            <CodeEditor
              ref={callEditor}
              testId="editor"
              className="pg-editor-call"
              initialValue={call}
              onChange={onCallChange}
              language={language}
              diagnostics={diagnostics}
              modelUri={CALL_URI}
              ariaLabel="Tool call: JSON in any vendor's envelope, or a Python-style call"
              placeholder='Paste a tool call: {"name": …, "arguments": {…}}, an OpenAI, Anthropic or MCP envelope, or update_ticket(status="open")'
              dark={dark}
              loadRich={checker !== null || loadFailure !== null}
              onMonacoReady={() => setMonacoReady(true)}
            />
            {tooLargeForLiveLink && (
              <p className="pg-hint pg-bad-text" data-testid="large-input">
                This call is {Math.round(call.length / 1024)} KB: the address bar no longer follows each change. Copy link still makes a link of it, if it fits in one.
              </p>
            )}
            <p className="pg-hint">
              Checks as you type. <kbd>{MOD}</kbd>+<kbd>Enter</kbd> checks now; <kbd>{MOD}</kbd>+<kbd>S</kbd> copies the link. Hover a squiggle for the fault; <kbd>Ctrl</kbd>+<kbd>Space</kbd>{' '}
              completes names and values.
            </p>
          </section>

          {result && <LogPanel result={result} />}
        </div>

        <div className="pg-col pg-col-output" aria-label="Result">
          {!result ? (
            <section className="pg-panel" data-testid="waiting">
              <h2>Result</h2>
              <p className="pg-empty">
                {loadFailure ??
                  (!checker || (mode === 'custom' && !ajvTools)
                    ? 'Loading the checker…'
                    : mode === 'custom'
                      ? 'The call is checked as soon as the tool definitions compile. Their problems are listed beside them.'
                      : `Loading the ${packList.find((p) => p.id === packId)?.title ?? packId} pack…`)}
              </p>
            </section>
          ) : (
            <>
              <Verdict result={result} tool={activeTool}>
                {trace && (
                  <Trace steps={trace}>
                    {stateReading && <StateInUse reading={stateReading} where="result" onEdit={view === 'state' ? undefined : () => setView('state')} />}
                  </Trace>
                )}
              </Verdict>
              {result.ok && result.effects.length > 0 && <EffectsPanel effects={result.effects} />}
              <div className="pg-compare-wrap">
                <div className={`pg-compare ${result.ok ? 'pg-compare-accepted' : ''}`}>
                  {bytes !== null ? (
                    <BodyPanel bytes={bytes} body={result.body as Json} />
                  ) : (
                    <section className="pg-panel" aria-labelledby="pg-body-h">
                      <header className="pg-panel-head">
                        <h2 id="pg-body-h">Error body</h2>
                      </header>
                      <p className="pg-empty">None: the call is accepted, so the model gets the tool’s result, not an error.</p>
                    </section>
                  )}
                  {bare && <BarePanel bare={bare} />}
                </div>
              </div>
              {!result.ok && <FaultsPanel result={result} diagnostics={diagnostics} codeHref={(code) => codeHref(code, mode === 'pack' ? packId : undefined)} onApply={applyCandidate} />}
              {suggestion && <SuggestedPanel suggestion={suggestion} onUse={putCall} />}
              <CorrectionsPanel result={result} />
            </>
          )}
        </div>
      </div>
    </div>
  );
}

function lineCol(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return `line ${line}, column ${column}`;
}

function useDismiss(open: boolean, close: () => void, root: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) close();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, close, root]);
}

interface PackExample {
  id: string;
  title: string;
  call: string;
  tool: string;
  /** From examples.checks: a case about the state, so it loads with the pack's state. */
  checks?: boolean;
  /** The caller the example replaces the state's with. */
  caller?: Json;
}

function ExamplesMenu(props: {
  onPick: (ex: Example) => void;
  packExamples: PackExample[];
  onPickPackExample: (ex: PackExample) => void;
  toolName?: string;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, root);
  const pick = (ex: Example) => {
    setOpen(false);
    props.onPick(ex);
  };
  return (
    <div className="pg-menu" ref={root}>
      <button type="button" className="pg-button" aria-expanded={open} aria-controls="pg-examples" data-testid="examples-button" onClick={() => setOpen((o) => !o)}>
        Examples <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div className="pg-menu-panel" id="pg-examples" data-testid="examples-menu">
          <p className="pg-menu-title">Cases from the design notes</p>
          <ExampleList examples={EXAMPLES.filter((ex) => ex.group !== 'checks')} onPick={pick} />
          <p className="pg-menu-title">Refused by the ordered checks, against the pack’s state</p>
          <ExampleList examples={EXAMPLES.filter((ex) => ex.group === 'checks')} onPick={pick} />
          {props.packExamples.length > 0 && (
            <>
              <p className="pg-menu-title">From the pack: {props.toolName ?? props.packExamples[0].tool}</p>
              <ul>
                {props.packExamples.map((ex) => (
                  <li key={ex.id}>
                    <button
                      type="button"
                      data-pack-example={ex.id}
                      onClick={() => {
                        setOpen(false);
                        props.onPickPackExample(ex);
                      }}
                    >
                      <span className="pg-menu-item-title">{ex.title}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </div>
  );
}

function ExampleList({ examples, onPick }: { examples: Example[]; onPick: (ex: Example) => void }) {
  return (
    <ul>
      {examples.map((ex) => (
        <li key={ex.id}>
          <button type="button" data-example={ex.id} onClick={() => onPick(ex)}>
            <span className="pg-menu-item-title">{ex.title}</span>
            <span className="pg-menu-item-note">{ex.note}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function DefinitionsMenu({ onLoad, checker, packList }: { onLoad: (text: string) => void; checker: Checker | null; packList: PackEntry[] }) {
  return (
    <label className="pg-field-label pg-defs-menu">
      <span>Start from</span>
      <select
        value=""
        data-testid="definitions-select"
        onChange={(e) => {
          const v = e.target.value;
          if (!v) return;
          if (v === 'sample') onLoad(CUSTOM_SAMPLE.tools);
          else if (checker) {
            const [packId, form] = v.split(':');
            checker.loadPackById(packId).then((p) => onLoad(JSON.stringify(checker.exportPack(p, form as 'openai' | 'anthropic' | 'mcp'), null, 2)));
          }
        }}
      >
        <option value="">Choose…</option>
        <option value="sample">A small example (OpenAI)</option>
        {packList.map((p) =>
          (['openai', 'anthropic', 'mcp'] as const).map((form) => (
            <option key={`${p.id}:${form}`} value={`${p.id}:${form}`}>
              {p.title}, {form === 'openai' ? 'OpenAI' : form === 'anthropic' ? 'Anthropic' : 'MCP'} shape
            </option>
          )),
        )}
      </select>
    </label>
  );
}

function HelpPopover() {
  return (
    <>
      <button type="button" className="pg-button pg-button-icon" popoverTarget="pg-help" aria-label="Keyboard shortcuts and help" data-testid="help-button" title="Keyboard shortcuts">
        ?
      </button>
      <div id="pg-help" popover="auto" className="pg-popover" data-testid="help-popover">
        <h2>Keyboard</h2>
        <dl className="pg-keys">
          <dt>
            <kbd>{MOD}</kbd>+<kbd>Enter</kbd>
          </dt>
          <dd>Check the call now</dd>
          <dt>
            <kbd>{MOD}</kbd>+<kbd>S</kbd>
          </dt>
          <dd>Copy a link to this exact state</dd>
          <dt>
            <kbd>Ctrl</kbd>+<kbd>Space</kbd>
          </dt>
          <dd>Complete argument names and enum values (with their glosses)</dd>
          <dt>
            <kbd>{MOD}</kbd>+<kbd>.</kbd>
          </dt>
          <dd>Apply a did_you_mean at the cursor</dd>
          <dt>
            <kbd>F8</kbd>
          </dt>
          <dd>Go to the next fault</dd>
        </dl>
        <p>Links keep the whole state in the part after #, which never reaches a server.</p>
      </div>
    </>
  );
}
