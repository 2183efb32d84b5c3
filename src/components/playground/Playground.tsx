// The playground island: paste a tool call, see the exact body as you type, share it by link, replay a
// whole transcript. Thin over the engine: check() and replay() give every result. The session's state and
// its transitions live in session.ts (the address bar and localStorage at its edges: state.ts, storage.ts);
// this file wires them to the engine, the editors and one component per panel.
import { Component, lazy, Suspense, useCallback, useDeferredValue, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import type { CompiledPack, CompiledTool, InputShape, Json } from '../../engine/types';
import { SHARE_WARN_BYTES } from '../../share-link';
import { looksLikeJson } from '../../document-text';
import { codeHref, toolHref } from '../../docs/urls';
import { BodyPanel } from './BodyPanel';
import { CallPanel, CALL_URI } from './CallPanel';
import { type CodeEditorHandle, loadMonaco } from './CodeEditor';
import { copyText } from './common';
import { CorrectionsPanel } from './CorrectionsPanel';
import type { CustomPack, YamlReader } from './custom-tools';
import type { DocumentImport } from './DefinitionsPanel';
import type { Diagnostic } from './diagnostics';
import { EffectsPanel } from './EffectsPanel';
import { CUSTOM_SAMPLE, type Example, type ReplayExample } from './first-example';
import { ExamplesMenu, type PackExample } from './ExamplesMenu';
import { takeFirstBody } from './first-body-dom';
import { FaultsPanel } from './FaultsPanel';
import { loadChecker, startEngine } from './head-start';
import { HelpPopover } from './HelpPopover';
import { LogPanel } from './LogPanel';
import { CallsPanel } from './CallsPanel';
import { initialSession, reduce, shareable, type Action, type Edited } from './session';
import { SessionMenu } from './SessionMenu';
import { NoStateForCustomTools, StateInUse } from './StateInUse';
import { defaultState, hashOf, missingToolNotice, stateFromHash } from './state';
import { browserStorage, clearSession, historyKey, loadHistory, readSessionFile, remember, saveHistory, saveSession, sessionFile, type History } from './storage';
import { countTokens } from './tokens';
import { Toolbar } from './Toolbar';
import { Trace } from './Trace';
import { Verdict } from './Verdict';

// Panels of other views load when first shown: the first body's JavaScript holds the call and the body only.
const ReplayPanel = lazy(() => import('./ReplayPanel').then((m) => ({ default: m.ReplayPanel })));
const StatePanel = lazy(() => import('./StatePanel').then((m) => ({ default: m.StatePanel })));
const DefinitionsPanel = lazy(() => import('./DefinitionsPanel').then((m) => ({ default: m.DefinitionsPanel })));
// The suggested call and the bare AJV error follow the body a moment later anyway (useDeferredValue, AJV).
const SuggestedPanel = lazy(() => import('./SuggestedPanel').then((m) => ({ default: m.SuggestedPanel })));
const BarePanel = lazy(() => import('./BarePanel').then((m) => ({ default: m.BarePanel })));
// Grading a pasted reply needs grade() and the caller it runs: loaded with this panel, after the first body.
const GradePanel = lazy(() => import('./GradePanel').then((m) => ({ default: m.GradePanel })));
const panelLoading = (
  <p className="pg-empty" role="status">
    Loading this view…
  </p>
);

type Checker = typeof import('./checker');
type AjvTools = Awaited<ReturnType<Checker['loadAjvTools']>>;
const loadYamlReader = (): Promise<YamlReader> => import('../../yaml-document').then((m) => m.parseYamlText);
type Extra = Awaited<ReturnType<Checker['loadExtra']>>;
type ReplayOutcome = ReturnType<Extra['replay']>;

// The engine and the first pack start downloading as this module is evaluated, if the page's own script
// (playground.astro) has not started them already: the first body needs both, and React's first render neither.
if (typeof window !== 'undefined') startEngine();

/** Up to this much text, every keystroke is checked at once: no debounce, the body follows the key. */
const INSTANT_MAX_CHARS = 40_000;
/** Past this much text (call and definitions), the URL stops following every change: compressing it would stall typing. */
const LIVE_LINK_MAX_CHARS = 200_000;
/** Browsers refuse longer URLs outright (Chromium stops at 2 MB). */
const URL_MAX_BYTES = 2 * 1024 * 1024;
/** A call is kept in the recent list once it has stood this long unedited. */
const HISTORY_SETTLE_MS = 1200;

/** Longer inputs take longer to check: past INSTANT_MAX_CHARS, wait for a pause, longer for longer texts. */
function debounceFor(text: string): number {
  return text.length <= INSTANT_MAX_CHARS ? 0 : Math.min(500, 80 + Math.floor(text.length / 5000));
}

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
              clearSession(browserStorage());
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

/** The last value a loader gave, or null; a failure is reported once. */
function useLoaded<T>(load: (() => Promise<T>) | null, deps: unknown[], onFail: (err: unknown) => void): T | null {
  const [value, setValue] = useState<T | null>(null);
  useEffect(() => {
    if (!load) return;
    let live = true;
    load().then(
      (v) => live && setValue(() => v),
      (err: unknown) => live && onFail(err),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's deps say when to load again
  }, deps);
  return value;
}

function PlaygroundApp({ packList }: { packList: PackEntry[] }) {
  const packIds = useMemo(() => packList.map((p) => p.id), [packList]);
  const storage = useMemo(browserStorage, []);
  const [s, dispatch] = useReducer(reduce, null, () => initialSession(location.hash, packIds, storage));
  const live = useRef(s);
  live.current = s;
  const dark = useDarkTheme();
  const [loadFailure, setLoadFailure] = useState<string | null>(null);
  const [monacoReady, setMonacoReady] = useState(false);
  const [firstResult, setFirstResult] = useState(false);
  const [status, setStatus] = useState('');
  const [shareWarning, setShareWarning] = useState<{ url: string; bytes: number } | null>(null);
  const [manualLink, setManualLink] = useState<string | null>(null);
  const [recentCalls, setRecentCalls] = useState<History>(() => loadHistory(storage));
  const [activeEntry, setActiveEntry] = useState<number | null>(null);
  const [loadedPacks, setLoadedPacks] = useState<ReadonlyMap<string, CompiledPack>>(new Map());
  // The body the fallback shows (first-body-dom.ts), read before this first render replaces it: kept in its
  // place until this island's own check runs, so the body neither blinks nor moves at the hand-over.
  const [firstBody] = useState(takeFirstBody);

  const callEditor = useRef<CodeEditorHandle>(null);
  const toolsEditor = useRef<CodeEditorHandle>(null);
  const stateEditor = useRef<CodeEditorHandle>(null);
  const timers = useRef<Partial<Record<Edited, number>>>({});

  const checker = useLoaded(loadChecker, [], () => setLoadFailure('The checker could not load. Reload the page to try again; the call is kept in the address bar.'));
  // The markers, the replay and the exports: after the first body, or at once when a replay is what is shown.
  const extra = useLoaded<Extra>(checker && (firstResult || s.view === 'replay') ? checker.loadExtra : null, [checker, firstResult || s.view === 'replay'], () =>
    setLoadFailure('Part of the checker could not load. Reload the page to try again; the call is kept in the address bar.'),
  );
  const packTitle = (id: string) => packList.find((p) => p.id === id)?.title ?? id;

  useEffect(() => {
    if (!checker || s.mode !== 'pack' || loadedPacks.has(s.pack)) return;
    let on = true;
    const id = s.pack;
    checker.loadPackById(id).then(
      (p) => on && setLoadedPacks((m) => new Map(m).set(id, p)),
      (err: unknown) => on && setLoadFailure(`The ${id} pack could not load: ${err instanceof Error ? err.message : String(err)}`),
    );
    return () => {
      on = false;
    };
  }, [checker, s.mode, s.pack, loadedPacks]);

  // ---- Your tools: definitions, or an API document imported in a worker -----------------------------------
  // AJV's compiler: for a user's own tools and the bare AJV error only, loaded after the first body.
  const [ajvWanted, setAjvWanted] = useState(false);
  const ajvTools = useLoaded<AjvTools>(checker && (ajvWanted || s.mode === 'custom') ? checker.loadAjvTools : null, [checker, ajvWanted || s.mode === 'custom'], () =>
    setLoadFailure('The validator for your own tools could not load. Reload the page to try again; the call is kept in the address bar.'),
  );
  // The YAML reader: only once pasted text does not open as JSON (an OpenAPI document in YAML, say).
  const yamlWanted = s.mode === 'custom' && !looksLikeJson(s.tools);
  const yamlReader = useLoaded<YamlReader>(yamlWanted ? loadYamlReader : null, [yamlWanted], () =>
    setLoadFailure('The YAML reader could not load. Reload the page to try again, or paste the definitions as JSON.'),
  );
  const compiled = useMemo(
    () => (ajvTools && s.mode === 'custom' && (!yamlWanted || yamlReader) ? ajvTools.compileCustomTools(s.tools, yamlReader ?? undefined) : null),
    [ajvTools, s.mode, s.tools, yamlWanted, yamlReader],
  );
  const [doc, setDoc] = useState<{ text: string; info: DocumentImport; result: CustomPack | null } | null>(null);
  useEffect(() => {
    if (!ajvTools || compiled?.ok !== 'document') return;
    const text = s.tools;
    let on = true;
    const format = compiled.format;
    setDoc({ text, info: { format, progress: null }, result: null });
    import('./spec-import')
      .then((m) => m.importDocument(text, (done, total) => on && setDoc((d) => (d && d.text === text ? { ...d, info: { ...d.info, progress: [done, total] } } : d))))
      .then(async (imported) => {
        const result = await ajvTools.compileImportedPack(imported.pack);
        if (on) setDoc({ text, info: { format, progress: null, skipped: imported.skipped }, result });
      })
      .catch((err: unknown) => {
        if (on) setDoc({ text, info: { format, progress: null }, result: { ok: false, summary: `The ${format} document could not be imported.`, problems: [{ where: 'the document', message: err instanceof Error ? err.message : String(err) }] } });
      });
    return () => {
      on = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- compiled changes whenever the text does; the import reads both
  }, [ajvTools, compiled]);
  const isDocument = compiled?.ok === 'document';
  const custom: CustomPack | null = isDocument ? (doc?.text === s.tools ? doc.result : null) : compiled;

  // ---- the check: everything below comes from the engine --------------------------------------------------
  const pack = s.mode === 'custom' ? (custom?.ok === true ? custom.pack : null) : (loadedPacks.get(s.pack) ?? null);
  const toolOption = pack && s.tool && pack.tool(s.tool) ? s.tool : undefined;
  // The state the ordered checks read: the pack's own, or a usable edit (from the State tab or a link).
  const stateReading = useMemo(() => (checker && pack && s.mode === 'pack' ? checker.readState(pack, s.packState) : null), [checker, pack, s.mode, s.packState]);
  // A check waits for what its body depends on, so that it is the body a server gives: the part of an
  // imported pack that holds the tool the call names, then the registry names (a country, a zone…) its
  // suggestions read. Each loads once, in a few milliseconds, on first need.
  const [loadTick, setLoadTick] = useState(0);
  // A message holding several calls is checked call by call (formats.ts readCalls): each call's own text.
  const several = useMemo(() => {
    const calls = checker ? checker.readCalls(s.call) : [];
    return calls.length > 1 ? calls : null;
  }, [checker, s.call]);
  const waitFor = useMemo(
    () => {
      if (!checker || !pack) return null;
      const inputs = several ? several.map((c) => c.input) : [s.call];
      const parts = [...new Set(inputs.flatMap((input) => checker.validatorsNeeded(pack, input, toolOption)))];
      if (parts.length) return { kind: 'tools' as const, keys: parts };
      const names = s.mode === 'pack' ? [...new Set(inputs.flatMap((input) => checker.namesNeeded(pack, input, toolOption)))] : [];
      return names.length ? { kind: 'names' as const, keys: names } : null;
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loadTick only says a part has loaded: ask again
    [checker, pack, s.mode, s.call, several, toolOption, loadTick],
  );
  const namesKey = waitFor ? `${waitFor.kind}:${waitFor.keys.join(' ')}` : '';
  useEffect(() => {
    if (!checker || !pack || !waitFor) return;
    let on = true;
    (waitFor.kind === 'tools' ? checker.loadValidators(pack, waitFor.keys) : checker.loadNames(waitFor.keys)).then(
      () => on && setLoadTick((n) => n + 1),
      () =>
        on &&
        setLoadFailure(`${waitFor.kind === 'tools' ? 'The tool this call names' : 'A list of names the checker needs'} could not load. Reload the page to try again; the call is kept in the address bar.`),
    );
    return () => {
      on = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- namesKey is what waitFor asks for; a new object for the same names must not load again
  }, [checker, pack, namesKey]);
  const stateOpt = useMemo(() => (checker && stateReading ? checker.stateOption(stateReading) : {}), [checker, stateReading]);
  const result = useMemo(
    () => (checker && pack && !namesKey ? checker.check(pack, s.call, { tool: toolOption, ...stateOpt }) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- s.run (Check now) and loadTick (a part loaded) ask for the check again
    [checker, pack, s.call, toolOption, stateOpt, s.run, namesKey, loadTick],
  );
  const perCall = useMemo(
    () =>
      checker && pack && several && !namesKey
        ? several.map((c) => {
            const r = checker.check(pack, c.input, { tool: toolOption, ...stateOpt });
            return { span: c.span, result: r, bytes: r.body ? checker.serializeBody(r.body) : null };
          })
        : null,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- s.run (Check now) and loadTick (a part loaded) ask for the checks again
    [checker, pack, several, toolOption, stateOpt, s.run, namesKey, loadTick],
  );
  const trace = useMemo(() => (checker && result && result.checks.length > 0 ? checker.traceSteps(result) : null), [checker, result]);
  const stateMarkers = useMemo(() => (checker && stateReading ? checker.stateDiagnostics(stateReading) : []), [checker, stateReading]);
  const ownState = useMemo(() => (checker && pack && s.mode === 'pack' ? checker.ownStateText(pack) : ''), [checker, pack, s.mode]);
  const diagnostics = useMemo(() => (extra && result ? extra.diagnosticsFor(s.call, result) : []), [extra, result, s.call]);
  const sources = useMemo(() => (extra && result ? extra.entrySources(result) : []), [extra, result]);
  const bytes = useMemo(() => (checker && result?.body ? checker.serializeBody(result.body) : null), [checker, result]);
  // The body is the urgent part of a keystroke; the diff and the typical validator follow a moment later.
  const checked = useMemo(() => (result ? { result, call: s.call, pack, tool: toolOption } : null), [result]); // eslint-disable-line react-hooks/exhaustive-deps -- only a new result is new work for the diff: the call, pack and tool it was made from go with it
  const later = useDeferredValue(checked);
  const suggestion = useMemo(() => (checker && later ? checker.suggestionFor(later.result, later.call) : null), [checker, later]);
  const bare = useMemo(() => (ajvTools && later?.pack ? ajvTools.bareError(later.pack, later.call, later.tool) : null), [ajvTools, later]);
  const original = useMemo(() => {
    try {
      return later ? (JSON.parse(later.call) as unknown) : undefined;
    } catch {
      return undefined;
    }
  }, [later]);
  const calledName = useMemo(() => (checker ? checker.parseCall(s.call).name : null), [checker, s.call]);

  // The first result on screen: Monaco, AJV and the tokenizer may load now, and not before.
  useLayoutEffect(() => {
    if (result && !firstResult) {
      performance.mark('pg:first-result');
      setFirstResult(true);
    }
  }, [result, firstResult]);
  useEffect(() => {
    if (firstResult) setAjvWanted(true);
  }, [firstResult]);
  const richReady = firstResult || loadFailure !== null || (checker !== null && s.mode === 'custom' && custom !== null && custom.ok !== true);

  // While the text is mid-edit (not readable), completions keep the last shape and tool that were.
  const lastShape = useRef<InputShape>('plain');
  const lastTool = useRef<CompiledTool | null>(null);
  if (result && result.shape !== 'unknown') lastShape.current = result.shape;
  // A tool of an imported pack that is not loaded yet is a stand-in that knows its name only.
  const loaded = (name: string | null | undefined) => (pack && name && checker?.isToolLoaded(pack, name) ? pack.tool(name) : undefined);
  const activeTool = loaded(result?.tool) ?? loaded(toolOption);
  if (activeTool) lastTool.current = activeTool;
  else if (pack && lastTool.current && pack.tool(lastTool.current.name) !== lastTool.current) lastTool.current = null;

  useEffect(() => {
    if (!monacoReady) return;
    const tools = pack && checker ? pack.tools.filter((t) => checker.isToolLoaded(pack, t.name)) : [];
    loadMonaco().then((m) => m.setCompletionContext({ tools, tool: lastTool.current, shape: lastShape.current, modelUri: CALL_URI }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the refs hold the last readable tool and shape; these say when they may have changed
  }, [monacoReady, pack, activeTool, result?.shape, loadTick]);

  const toolDiagnostics = useMemo<Diagnostic[]>(
    () =>
      custom && (custom.ok === false || (custom.ok === true && custom.refused))
        ? (custom.ok === false ? custom.problems : custom.refused!)
            .filter((p) => p.range)
            .map((p) => ({ ...p.range!, severity: 'error', field: p.where, code: 'definition', message: `${p.where}: ${p.message}`, kind: 'value', escapes: 0, python: false }))
        : [],
    [custom],
  );

  // The span of the call a hovered or focused body entry is about.
  const highlight = useMemo(() => {
    if (activeEntry === null) return null;
    const d = diagnostics.find((x) => x.entry === activeEntry && x.kind !== 'conflict');
    return d ? { start: d.start, end: d.end } : null;
  }, [activeEntry, diagnostics]);
  useEffect(() => setActiveEntry(null), [result]);

  // ---- the replay -------------------------------------------------------------------------------------------
  const replayPack = s.view === 'replay' ? pack : null;
  // An imported pack opens a few tools at a time: the tools the transcript calls load first, so that every
  // call gets the body a server gives.
  const replayMissing = useMemo(
    () => {
      if (!checker || !extra || !replayPack || !s.replay || !checker.isLazyPack(replayPack)) return '';
      const transcript = extra.readTranscript(s.replay);
      if (!transcript.ok) return '';
      return [...new Set(transcript.calls.flatMap((c) => checker.validatorsNeeded(replayPack, c.input, toolOption)))].join(' ');
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loadTick only says a part has loaded: ask again
    [checker, extra, replayPack, s.replay, toolOption, loadTick],
  );
  useEffect(() => {
    if (!checker || !replayPack || !replayMissing) return;
    let on = true;
    checker.loadValidators(replayPack, replayMissing.split(' ')).then(
      () => on && setLoadTick((n) => n + 1),
      () => on && setLoadFailure('A tool this transcript calls could not load. Reload the page to try again; the transcript is kept in the address bar.'),
    );
    return () => {
      on = false;
    };
  }, [checker, replayPack, replayMissing]);
  const replayed = useMemo<ReplayOutcome | null>(
    () => (extra && replayPack && s.replay && !replayMissing ? extra.replay(replayPack, s.replay, { check: { tool: toolOption, ...stateOpt } }) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loadTick only says a part has loaded: ask again
    [extra, replayPack, s.replay, toolOption, stateOpt, replayMissing, loadTick],
  );
  // Token figures come from the tokenizer's worker: the texts the replay counts are collected, counted there,
  // and the replay runs again reading the counts.
  const [counted, setCounted] = useState<{ from: ReplayOutcome; outcome: ReplayOutcome } | null>(null);
  useEffect(() => {
    if (!extra || !replayPack || !replayed?.ok) return;
    let on = true;
    const texts = new Set<string>();
    const opts = { check: { tool: toolOption, ...stateOpt } };
    extra.replay(replayPack, s.replay, { ...opts, countTokens: (t) => (texts.add(t), 0) });
    const list = [...texts];
    countTokens(list).then(
      (counts) => {
        if (!on) return;
        const by = new Map(list.map((t, i) => [t, counts[i]]));
        setCounted({ from: replayed, outcome: extra.replay(replayPack, s.replay, { ...opts, countTokens: (t) => by.get(t) ?? 0 }) });
      },
      () => undefined,
    );
    return () => {
      on = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the rest is what replayed was made from: counted again only for a new replay
  }, [replayed]);
  const replayShown = counted && counted.from === replayed ? counted.outcome : replayed;

  // ---- edits: no debounce for small texts, so the body follows each key ------------------------------------
  const edit = useCallback((field: Edited, text: string) => {
    window.clearTimeout(timers.current[field]);
    const wait = debounceFor(text) + (field === 'tools' || field === 'replay' ? (text.length > 2000 ? 150 : 0) : 0);
    const apply = () => {
      performance.mark('pg:update:start');
      flushSync(() => dispatch({ type: 'edit', field, text }));
      performance.measure('pg:update', { start: 'pg:update:start', detail: { chars: text.length, field } });
    };
    if (wait === 0) apply();
    else timers.current[field] = window.setTimeout(apply, wait);
  }, []);
  const onCallChange = useCallback((t: string) => edit('call', t), [edit]);
  const onToolsChange = useCallback((t: string) => edit('tools', t), [edit]);
  const onStateChange = useCallback((t: string) => edit('packState', t), [edit]);
  const onReplayChange = useCallback((t: string) => edit('replay', t), [edit]);
  const onReplyChange = useCallback((t: string) => edit('reply', t), [edit]);

  const act = useCallback((a: Action) => {
    for (const t of Object.values(timers.current)) window.clearTimeout(t);
    dispatch(a);
  }, []);

  const resetState = () => {
    act({ type: 'reset-state' });
    setStatus('State reset');
  };

  const runNow = () => {
    act({ type: 'run' });
    setStatus('Checked');
  };

  const copyLink = (url: string) => {
    setShareWarning(null);
    copyText(url).then((ok) => {
      setStatus(ok ? 'Link copied' : 'Could not copy: the link is shown below to copy by hand');
      setManualLink(ok ? null : url);
    });
  };

  /** What a link carries as `state`: only an edit that differs from the pack's own (kept as is until the pack has loaded). */
  const linkState = (text: string | undefined) => (checker && pack && s.mode === 'pack' ? checker.linkStateText(pack, text) : text);
  const linkable = () => ({ ...shareable(live.current), packState: linkState(live.current.packState) });

  const share = () => {
    const hash = hashOf(linkable());
    const url = location.origin + location.pathname + location.search + hash;
    const size = new TextEncoder().encode(url).length;
    if (size > URL_MAX_BYTES) {
      setStatus('Too large for a link');
      act({ type: 'notice', notice: { kind: 'error', text: `A link to this state would be ${(size / 1024 / 1024).toFixed(1)} MB, more than browsers open. Save the session to a file instead (Session, Save to a file), or trim it.` } });
      return;
    }
    history.replaceState(history.state, '', hash);
    if (size > SHARE_WARN_BYTES) setShareWarning({ url, bytes: size });
    else copyLink(url);
  };

  const exportSession = () => {
    const file = sessionFile(linkable(), recentCalls);
    const blob = new Blob([JSON.stringify(file, null, 2) + '\n'], { type: 'application/json' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `actionable-session-${historyKey(live.current)}.json`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    setStatus('Session saved');
  };

  const importSession = (text: string, name: string) => {
    const read = readSessionFile(text, packIds);
    if (!read.ok) {
      act({ type: 'notice', notice: { kind: 'error', text: `${name}: ${read.reason}` } });
      return;
    }
    act({ type: 'load', state: read.loaded.state, from: 'file', notice: read.loaded.notice });
    if (read.history.length) {
      const key = historyKey(read.loaded.state);
      setRecentCalls((h) => read.history.reduceRight((acc, call) => remember(acc, key, call), h));
    }
    setStatus('Session opened');
  };

  const resetAll = () => {
    clearSession(storage);
    act({ type: 'load', state: defaultState(), from: 'reset' });
    setStatus('Back to the default example');
  };

  const loadExample = (ex: Example) => {
    // An example is a whole case: its pack, its call and the pack's own state.
    act({ type: 'load', state: { mode: 'pack', pack: ex.pack, tool: '', call: ex.call, tools: live.current.tools, replay: live.current.replay }, from: 'example' });
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

  // ---- the edges: the address bar and the storage follow the session ---------------------------------------
  const tooLargeForLiveLink = s.call.length + (s.mode === 'custom' ? s.tools.length : 0) + s.replay.length + s.reply.length > LIVE_LINK_MAX_CHARS;
  useEffect(() => {
    // A link that could not be read stays in the address bar, to be looked at, until something is edited.
    if (tooLargeForLiveLink || s.holdAddress) return;
    const t = window.setTimeout(() => {
      const hash = hashOf(linkable());
      if (location.hash !== hash) history.replaceState(history.state, '', hash);
    }, 120);
    return () => window.clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- linkable() reads the session through a ref; these are what it is made from
  }, [s.mode, s.pack, s.tool, s.call, s.tools, s.packState, s.replay, s.reply, s.holdAddress, tooLargeForLiveLink, checker, pack]);

  useEffect(() => {
    if (s.holdAddress) return;
    const t = window.setTimeout(() => saveSession(storage, linkable()), 300);
    return () => window.clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- linkable() reads the session through a ref; these are what it is made from
  }, [s.mode, s.pack, s.tool, s.call, s.tools, s.packState, s.replay, s.reply, s.holdAddress, storage, checker, pack]);

  // A call that has stood a moment, and reads as a call, joins the recent list of its pack.
  useEffect(() => {
    if (!result || result.shape === 'unknown' || s.view === 'replay') return;
    const key = historyKey(s);
    const call = s.call;
    const t = window.setTimeout(() => setRecentCalls((h) => remember(h, key, call)), HISTORY_SETTLE_MS);
    return () => window.clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a call joins the list once its result has stood a moment, not on every render
  }, [result]);
  const savedHistory = useRef(recentCalls);
  useEffect(() => {
    if (savedHistory.current === recentCalls) return;
    savedHistory.current = recentCalls;
    saveHistory(storage, recentCalls);
  }, [recentCalls, storage]);

  // A link pasted into the address bar of an open playground loads without a reload.
  useEffect(() => {
    const onHash = (e: HashChangeEvent) => {
      // The event's own URL: by the time it is handled, a pending write of the previous state may have
      // replaced location.hash (a same-page navigation queues the event as a task).
      const { state, notice, damaged } = stateFromHash(new URL(e.newURL).hash, packIds);
      act({ type: 'load', state, from: 'link', notice, damaged });
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [act, packIds]);

  useEffect(() => {
    if (!status) return;
    const t = window.setTimeout(() => setStatus(''), 2400);
    return () => window.clearTimeout(t);
  }, [status]);

  // ---- view ---------------------------------------------------------------------------------------------------
  const shape = result?.shape ?? 'unknown';
  const toolNotice = s.mode === 'pack' || custom?.ok === true ? missingToolNotice(s.tool, pack ? pack.tools.map((t) => t.name) : null, s.mode === 'pack' ? `the ${packTitle(s.pack)} pack` : 'your tools') : null;
  const toolNote = (() => {
    if (!pack) return null;
    if (result?.tool) {
      const from = result.shape === 'bare-arguments' ? 'chosen in the picker' : 'named in the call';
      const href = s.mode === 'pack' ? toolHref(pack.id, result.tool) : null;
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
          <span className="pg-meta-label">Tool</span> <b data-testid="tool-name">{calledName}</b>{' '}
          <span className="pg-meta-note pg-bad-text">not in {s.mode === 'custom' ? 'your tools' : `the ${pack.title} pack`}</span>
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
    if (s.mode !== 'pack' || !pack || !checker) return [];
    const fallback = checker.defaultToolName(pack);
    const t = lastTool.current ?? (fallback !== undefined ? pack.tool(fallback) : undefined);
    if (!t || !checker.isToolLoaded(pack, t.name)) return [];
    const ex = t.source.examples ?? {};
    const call = (args: Json) => JSON.stringify({ name: t.name, arguments: args }, null, 2);
    return [
      ...(ex.invalid ?? []).map((e, i): PackExample => ({ id: `${t.name}-invalid-${i}`, title: e.about, call: call(e.arguments), tool: t.name })),
      ...(ex.valid ?? []).slice(0, 2).map((a, i): PackExample => ({ id: `${t.name}-valid-${i}`, title: `A valid call${i ? ` (${i + 1})` : ''}`, call: call(a), tool: t.name })),
      ...(ex.checks ?? []).map((e, i): PackExample => ({ id: `${t.name}-checks-${i}`, title: e.about, call: call(e.arguments), tool: t.name, checks: true, ...(e.caller !== undefined ? { caller: e.caller } : {}) })),
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the tool is lastTool's (a ref) that activeTool updates; loadTick says its examples have loaded
  }, [s.mode, pack, activeTool, checker, loadTick]);

  const packOptions = useMemo(
    () => packList.map((p) => ({ value: p.id, label: p.title, detail: [p.vendor, p.tools !== undefined ? `${p.tools.toLocaleString('en')} ${p.tools === 1 ? 'tool' : 'tools'}` : undefined].filter(Boolean).join(' · ') || undefined })),
    [packList],
  );
  // An imported tool not loaded yet shows its resource (issues, repos…) until its summary is known.
  const toolOptions = useMemo(
    () => (pack?.tools ?? []).map((t) => ({ value: t.name, label: t.name, detail: checker?.isToolLoaded(pack!, t.name) ? t.summary : (t as { resource?: string }).resource })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loadTick says a tool has loaded, so its summary is known
    [pack, checker, loadTick],
  );
  const startFrom = useMemo(
    () => [
      { value: 'sample', label: 'A small example (OpenAI)' },
      ...packList.flatMap((p) =>
        (['openai', 'anthropic', 'mcp'] as const).map((form) => ({ value: `${p.id}:${form}`, label: `${p.title}, ${form === 'openai' ? 'OpenAI' : form === 'anthropic' ? 'Anthropic' : 'MCP'} shape` })),
      ),
    ],
    [packList],
  );
  const onStartFrom = (v: string) => {
    const put = (text: string) => act({ type: 'load', state: { ...shareable(live.current), mode: 'custom', tools: text }, from: 'example' });
    if (v === 'sample') put(CUSTOM_SAMPLE.tools);
    else if (checker) {
      const [id, form] = v.split(':');
      checker
        .loadPackById(id)
        .then(async (p) => {
          // An imported pack opens a few tools at a time; its export is of every tool.
          const [, more] = await Promise.all([checker.loadAllTools(p), checker.loadExtra()]);
          put(JSON.stringify(more.exportPack(p, form as 'openai' | 'anthropic' | 'mcp'), null, 2));
        })
        .catch((err: unknown) => setLoadFailure(`The ${id} pack could not load: ${err instanceof Error ? err.message : String(err)}`));
    }
  };

  const recent = recentCalls[historyKey(s)] ?? [];
  const stateBadge = s.mode === 'pack' && (stateReading?.use === 'edited' || stateReading?.use === 'broken') ? stateReading.use : null;
  const waiting =
    loadFailure ??
    (!checker || (s.mode === 'custom' && !ajvTools)
      ? 'Loading the checker…'
      : s.mode === 'custom'
        ? isDocument
          ? 'The call is checked as soon as the document is imported.'
          : 'The call is checked as soon as the tool definitions compile. Their problems are listed beside them.'
        : waitFor
          ? waitFor.kind === 'tools'
            ? 'Loading the tool this call names…'
            : 'Loading the names this call’s suggestions read…'
          : `Loading the ${packTitle(s.pack)} pack…`);

  return (
    <div className="pg" data-testid="playground" data-ready={monacoReady ? 'monaco' : 'basic'} data-first-result={firstResult ? 'yes' : 'no'}>
      {s.notice && (
        <div className={`pg-notice pg-notice-${s.notice.kind}`} role="alert" data-testid="notice">
          <p>{s.notice.text}</p>
          <button type="button" className="pg-button pg-button-small" onClick={() => act({ type: 'notice', notice: null })}>
            Dismiss
          </button>
        </div>
      )}
      {toolNotice && (
        <div className="pg-notice pg-notice-error" role="alert" data-testid="tool-notice">
          <p>{toolNotice.text}</p>
          <button type="button" className="pg-button pg-button-small" onClick={() => act({ type: 'pick-tool', tool: '' })}>
            Read the call without it
          </button>
        </div>
      )}

      {s.mode === 'pack' && s.stateFromLink && (stateReading?.use === 'edited' || stateReading?.use === 'broken') && (
        <div className={`pg-notice ${stateReading?.use === 'broken' ? 'pg-notice-error' : 'pg-notice-info'}`} data-testid="state-notice">
          <p>
            {stateReading?.use === 'broken'
              ? 'This link carries a pack state with problems, so the call is checked against the pack’s own state. The State tab shows where they are.'
              : 'This link carries a pack state of its own: the call is checked against it, not the pack’s own. The State tab shows it.'}
          </p>
          <div className="pg-notice-actions">
            {s.view !== 'state' && (
              <button type="button" className="pg-button pg-button-small" onClick={() => act({ type: 'view', view: 'state' })}>
                Show the state
              </button>
            )}
            <button type="button" className="pg-button pg-button-small" onClick={resetState}>
              Use the pack’s own state
            </button>
          </div>
        </div>
      )}

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
        onShare={share}
        menus={
          <>
            <ExamplesMenu onPick={loadExample} packExamples={packExamples} onPickPackExample={putPackExample} toolName={lastTool.current?.name} />
            <SessionMenu
              recent={recent}
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

      {shareWarning && (
        <div className="pg-notice pg-notice-warn" role="alertdialog" aria-labelledby="pg-share-warn" data-testid="share-warning">
          <p id="pg-share-warn">
            This link is {(shareWarning.bytes / 1024).toFixed(1)} KB. Some chat tools, mail clients and browsers cut links longer than 8 KB, and a cut link will not open. Trim
            the call or the tool definitions, or save the session to a file and share that.
          </p>
          <div className="pg-notice-actions">
            <button type="button" className="pg-button pg-button-small" onClick={() => copyLink(shareWarning.url)} data-testid="share-anyway">
              Copy anyway
            </button>
            <button
              type="button"
              className="pg-button pg-button-small"
              onClick={() => {
                setShareWarning(null);
                exportSession();
              }}
            >
              Save to a file
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

      {s.view === 'replay' ? (
        <div className="pg-replay-wrap" id="pg-source" role="tabpanel" aria-labelledby="pg-tab-replay">
          <Suspense fallback={panelLoading}>
          <ReplayPanel
            value={s.replay}
            epoch={s.epoch.replay}
            report={replayShown}
            counted={replayShown !== replayed}
            waiting={replayMissing ? 'Loading the tools this transcript calls…' : !s.replay.trim() ? 'Paste a transcript, or pick an example.' : waiting}
            packTitle={s.mode === 'custom' ? 'your tools' : `the ${packTitle(s.pack)} pack`}
            dark={dark}
            loadRich={richReady}
            onChange={onReplayChange}
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
                  value={s.packState ?? ownState}
                  epoch={s.epoch.state}
                  reading={stateReading}
                  edited={s.packState !== undefined}
                  diagnostics={stateMarkers}
                  dark={dark}
                  loadRich={richReady}
                  onChange={onStateChange}
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
                document={isDocument ? (doc?.text === s.tools ? doc.info : { format: compiled.format, progress: null }) : null}
                diagnostics={toolDiagnostics}
                dark={dark}
                loadRich={richReady}
                onChange={onToolsChange}
                startFrom={startFrom}
                onStartFrom={onStartFrom}
              />
              </Suspense>
            )}
            <CallPanel
              ref={callEditor}
              value={s.call}
              epoch={s.epoch.call}
              shape={shape}
              toolNote={toolNote}
              diagnostics={diagnostics}
              highlight={highlight}
              dark={dark}
              loadRich={richReady}
              short={s.view === 'state'}
              tooLargeForLiveLink={tooLargeForLiveLink}
              onChange={onCallChange}
              onMonacoReady={() => {
                performance.mark('pg:editor-ready');
                setMonacoReady(true);
              }}
            />
          </div>

          <div className="pg-col pg-col-output" aria-label="Result">
            {perCall ? (
              <CallsPanel calls={perCall} onReveal={(offset) => callEditor.current?.reveal(offset)} />
            ) : !result && firstBody && s.mode === 'pack' && s.view === 'call' && firstBody.pack === s.pack && firstBody.tool === s.tool && firstBody.call === s.call ? (
              <div className="pg-first-out" dangerouslySetInnerHTML={{ __html: firstBody.html }} />
            ) : !result ? (
              <section className="pg-panel" data-testid="waiting">
                <h2>Result</h2>
                <p className="pg-empty">{waiting}</p>
              </section>
            ) : (
              <>
                <Verdict result={result} tool={activeTool}>
                  {trace && (
                    <Trace steps={trace}>
                      {stateReading && <StateInUse reading={stateReading} where="result" onEdit={s.view === 'state' ? undefined : () => act({ type: 'view', view: 'state' })} />}
                    </Trace>
                  )}
                </Verdict>
                {bytes !== null ? (
                  <BodyPanel
                    bytes={bytes}
                    body={result.body as Json}
                    sources={sources}
                    active={activeEntry}
                    onActive={setActiveEntry}
                    onReveal={(i) => {
                      const d = diagnostics.find((x) => x.entry === i && x.kind !== 'conflict');
                      if (d) callEditor.current?.reveal(d.start);
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
                {s.view === 'call' && pack && (
                  <Suspense fallback={null}>
                    <GradePanel pack={pack} call={s.call} reply={s.reply} epoch={s.epoch.reply} onChange={onReplyChange} />
                  </Suspense>
                )}
                {result.ok && result.effects.length > 0 && <EffectsPanel effects={result.effects} />}
                {suggestion && (
                  <Suspense fallback={null}>
                    <SuggestedPanel suggestion={suggestion} onUse={(call) => act({ type: 'put-call', call })} shape={later?.result.shape ?? shape} original={original} />
                  </Suspense>
                )}
                {!result.ok && <FaultsPanel result={result} diagnostics={diagnostics} codeHref={(code) => codeHref(code, s.mode === 'pack' ? s.pack : undefined)} onApply={applyCandidate} />}
                {bare && (
                  <Suspense fallback={null}>
                    <BarePanel bare={bare} />
                  </Suspense>
                )}
                <CorrectionsPanel result={result} />
                <LogPanel result={result} />
              </>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
