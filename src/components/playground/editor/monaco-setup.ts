// Everything Monaco: loaded with a dynamic import only, so the page's first JavaScript stays small.
// Lean entries: the editor API, a chosen set of editor features, and the JSON language only. Workers
// come from `?worker` imports, bundled with the site: nothing is fetched from a CDN.
import * as monaco from 'monaco-editor/editor';
import 'monaco-editor/features/bracketMatching/register';
import 'monaco-editor/features/clipboard/register';
import 'monaco-editor/features/codeAction/register';
import 'monaco-editor/features/codicon/register';
import 'monaco-editor/features/comment/register';
import 'monaco-editor/features/contextmenu/register';
import 'monaco-editor/features/cursorUndo/register';
import 'monaco-editor/features/find/register';
import 'monaco-editor/features/folding/register';
import 'monaco-editor/features/format/register';
import 'monaco-editor/features/gotoError/register';
import 'monaco-editor/features/hover/register';
import 'monaco-editor/features/indentation/register';
import 'monaco-editor/features/linesOperations/register';
import 'monaco-editor/features/multicursor/register';
import 'monaco-editor/features/placeholderText/register';
import 'monaco-editor/features/smartSelect/register';
import 'monaco-editor/features/snippet/register';
import 'monaco-editor/features/suggest/register';
// The completion list itself: features/suggest only adds its inline variant.
import 'monaco-editor/editor/contrib/suggest/browser/suggestController';
import 'monaco-editor/features/unicodeHighlighter/register';
import 'monaco-editor/features/wordHighlighter/register';
import 'monaco-editor/features/wordOperations/register';
// The JSON language's worker manager imports this module, which registers every editor contribution and
// its services. Left to the JSON language's lazy chunk, it registers them after the first editor has
// started Monaco's services, and each editor made later (the State tab's, the tool definitions') fails
// with "depends on UNKNOWN service". Imported here, it registers first; the bytes were loaded anyway.
import 'monaco-editor/internal/common/workers';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker';
import type { CompiledTool, InputShape, Json } from '../../../engine/types';
import { callSchema } from '../../../sandbox/formats';
import { replacementText, type Diagnostic } from './diagnostics';

(self as unknown as { MonacoEnvironment: monaco.Environment }).MonacoEnvironment = {
  getWorker(_id: string, label: string) {
    return label === 'json' ? new JsonWorker() : new EditorWorker();
  },
};

const OWNER = 'actionable';

/** `rgb(27, 33, 41)` -> `#1b2129`; Monaco themes take hex colours only. */
function hexOf(color: string | undefined): string | undefined {
  const m = color && /^rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(color);
  return m ? '#' + [m[1], m[2], m[3]].map((n) => Number(n).toString(16).padStart(2, '0')).join('') : undefined;
}

/** Follows the page: light or dark, on the background the page gives the editor's frame. */
export function setDarkTheme(dark: boolean, pageBackground?: string) {
  const bg = hexOf(pageBackground) ?? (dark ? '#1b2129' : '#ffffff');
  const name = dark ? 'actionable-dark' : 'actionable-light';
  monaco.editor.defineTheme(name, {
    base: dark ? 'vs-dark' : 'vs',
    inherit: true,
    rules: [],
    // Line numbers in the site's muted text colour: Monaco's own greys are too faint on these backgrounds.
    colors: {
      'editor.background': bg,
      'editorGutter.background': bg,
      'minimap.background': bg,
      'editorLineNumber.foreground': dark ? '#9ea7b3' : '#57606a',
      'editorLineNumber.activeForeground': dark ? '#e6edf3' : '#1f2328',
    },
  });
  monaco.editor.setTheme(name);
}

// ---- completions from the model-facing schema -------------------------------------------------------

interface SchemaContext {
  tools: CompiledTool[];
  tool: CompiledTool | null;
  shape: InputShape;
  modelUri: string;
}

let schemaContext: SchemaContext | null = null;
let schemaKey = '';

const ARGS_URI = (tool: string) => `inmemory://actionable/schema/arguments/${encodeURIComponent(tool)}.json`;
const CALL_SCHEMA_URI = 'inmemory://actionable/schema/call.json';

/** The envelope the user is writing, with the tool's model-facing schema where its arguments go. */
function envelopeSchema(ctx: SchemaContext): Record<string, unknown> {
  const names = ctx.tools.map((t) => t.name);
  const name = { type: 'string', enum: names, markdownEnumDescriptions: ctx.tools.map((t) => t.summary) };
  const args = ctx.tool ? { $ref: ARGS_URI(ctx.tool.name) } : { type: 'object' };
  // A call not readable yet is completed as a plain one.
  return callSchema(ctx.shape === 'unknown' ? 'plain' : ctx.shape, name, args);
}

/**
 * Points the JSON language at the current tool. setDiagnosticsOptions replaces the whole options object,
 * so every option is set here. Monaco's own validation is off: the engine's faults are the diagnostics.
 */
export function setCompletionContext(ctx: SchemaContext) {
  const key = `${ctx.tools.map((t) => t.name).join(',')}|${ctx.tool?.name}|${ctx.shape}|${ctx.modelUri}`;
  schemaContext = ctx;
  if (key === schemaKey) return;
  schemaKey = key;
  const schemas = ctx.tools.map((t) => ({ uri: ARGS_URI(t.name), schema: t.modelSchema }));
  schemas.push({ uri: CALL_SCHEMA_URI, fileMatch: [ctx.modelUri], schema: envelopeSchema(ctx) } as (typeof schemas)[number]);
  jsonDefaults.setDiagnosticsOptions({
    validate: false,
    allowComments: false,
    schemas,
    enableSchemaRequest: false,
    schemaRequest: 'ignore',
    schemaValidation: 'ignore',
    comments: 'ignore',
    trailingCommas: 'ignore',
  });
}

function fieldDoc(tool: CompiledTool, name: string): string {
  const f = tool.fields.get(name);
  if (!f) return '';
  const parts = [typeof f.schema.description === 'string' ? f.schema.description : '', f.gloss ?? ''].filter(Boolean);
  return parts.join('\n\n');
}

/** Python-style calls are plain text: argument names and enum values come from this provider. */
monaco.languages.registerCompletionItemProvider('plaintext', {
  triggerCharacters: ['(', ',', ' ', '=', '"', "'"],
  provideCompletionItems(model, position) {
    const tool = schemaContext?.tool;
    if (!tool) return { suggestions: [] };
    const before = model.getValueInRange({ startLineNumber: 1, startColumn: 1, endLineNumber: position.lineNumber, endColumn: position.column });
    const word = model.getWordUntilPosition(position);
    const range = { startLineNumber: position.lineNumber, endLineNumber: position.lineNumber, startColumn: word.startColumn, endColumn: word.endColumn };
    const value = /([A-Za-z_]\w*)\s*=\s*(["']?)([^"',()]*)$/.exec(before);
    if (value) {
      const f = tool.fields.get(value[1]);
      if (!f?.enumValues) return { suggestions: [] };
      const quote = value[2];
      return {
        suggestions: f.enumValues.slice(0, 300).map((v, i) => ({
          label: String(v),
          kind: monaco.languages.CompletionItemKind.EnumMember,
          insertText: typeof v === 'string' ? (quote ? v : JSON.stringify(v)) : String(v),
          documentation: f.gloss,
          sortText: String(i).padStart(4, '0'),
          range,
        })),
      };
    }
    if (/[(,]\s*[A-Za-z_]*$/.test(before)) {
      const present = new Set([...before.matchAll(/([A-Za-z_]\w*)\s*=/g)].map((m) => m[1]));
      const top = [...tool.fields.values()].filter((f) => !f.path.includes('.') && !f.path.includes('[') && !present.has(f.name));
      return {
        suggestions: top.map((f, i) => ({
          label: f.name,
          kind: monaco.languages.CompletionItemKind.Property,
          detail: f.required ? 'required' : 'optional',
          insertText: `${f.name}=`,
          documentation: { value: fieldDoc(tool, f.name) },
          sortText: `${f.required ? 0 : 1}${String(i).padStart(4, '0')}`,
          range,
          command: { id: 'editor.action.triggerSuggest', title: 'values' },
        })),
      };
    }
    return { suggestions: [] };
  },
});

// ---- quick fixes from did_you_mean ---------------------------------------------------------------------

const diagnosticsByModel = new Map<string, Diagnostic[]>();

const quickFixes: monaco.languages.CodeActionProvider = {
  provideCodeActions(model, range) {
    const diags = diagnosticsByModel.get(model.uri.toString()) ?? [];
    const actions: monaco.languages.CodeAction[] = [];
    for (const d of diags) {
      if (!d.didYouMean?.length) continue;
      const r = toRange(model, d);
      if (!monaco.Range.areIntersectingOrTouching(r, range)) continue;
      for (const candidate of d.didYouMean.slice(0, 5)) {
        actions.push({
          title: `Replace with ${JSON.stringify(candidate)} (did_you_mean)`,
          kind: 'quickfix',
          isPreferred: d.didYouMean.length === 1,
          edit: { edits: [{ resource: model.uri, versionId: model.getVersionId(), textEdit: { range: r, text: replacementText(d, candidate) } }] },
        });
      }
    }
    return { actions, dispose() {} };
  },
};
monaco.languages.registerCodeActionProvider('json', quickFixes);
monaco.languages.registerCodeActionProvider('plaintext', quickFixes);

function toRange(model: monaco.editor.ITextModel, d: { start: number; end: number }): monaco.Range {
  const s = model.getPositionAt(d.start);
  const e = model.getPositionAt(Math.max(d.end, d.start));
  return new monaco.Range(s.lineNumber, s.column, e.lineNumber, e.column);
}

// ---- the editor -------------------------------------------------------------------------------------------

export interface EditorController {
  getValue(): string;
  /** Replaces the whole text as one undoable edit. */
  setValue(text: string): void;
  setDiagnostics(diagnostics: Diagnostic[]): void;
  setLanguage(language: 'json' | 'plaintext'): void;
  replaceRange(start: number, end: number, text: string): void;
  /** Puts the cursor at an offset, scrolled into view (a problem listed beside the editor). */
  reveal(offset: number): void;
  /** Marks a span (a body entry's source, while its field is hovered or focused); null clears it. */
  highlight(range: { start: number; end: number } | null): void;
  focus(): void;
  dispose(): void;
}

export interface EditorOptions {
  value: string;
  modelUri: string;
  language: 'json' | 'plaintext';
  ariaLabel: string;
  placeholder?: string;
  onChange(text: string): void;
  /** The height the text needs, in pixels: the frame follows it. */
  onContentHeight?(height: number): void;
}

export function createEditor(container: HTMLElement, options: EditorOptions): EditorController {
  const uri = monaco.Uri.parse(options.modelUri);
  monaco.editor.getModel(uri)?.dispose();
  const model = monaco.editor.createModel(options.value, options.language, uri);
  const narrow = container.clientWidth < 420;
  const editor = monaco.editor.create(container, {
    model,
    automaticLayout: true,
    minimap: { enabled: false },
    fontSize: 13,
    lineNumbersMinChars: 3,
    // A phone's width goes to the text: no folding arrows, and the line numbers only where there is room.
    folding: !narrow,
    lineNumbers: narrow ? 'off' : 'on',
    scrollBeyondLastLine: false,
    wordWrap: 'on',
    wrappingIndent: 'indent',
    tabSize: 2,
    renderLineHighlight: 'line',
    fixedOverflowWidgets: true,
    ariaLabel: options.ariaLabel,
    placeholder: options.placeholder,
    quickSuggestions: { strings: true, other: true, comments: false },
    suggest: { showWords: false },
    lightbulb: { enabled: monaco.editor.ShowLightbulbIconMode.OnCode },
    unicodeHighlight: { ambiguousCharacters: true, invisibleCharacters: true },
    scrollbar: { alwaysConsumeMouseWheel: false },
    // The same inset as the plain view shown before Monaco, so the text does not move when it arrives.
    padding: { top: 8, bottom: 8 },
  });
  let applying = false;
  const sizeSub = editor.onDidContentSizeChange((e) => {
    if (e.contentHeightChanged) options.onContentHeight?.(e.contentHeight);
  });
  options.onContentHeight?.(editor.getContentHeight());
  const spans = editor.createDecorationsCollection();
  const sub = model.onDidChangeContent(() => {
    if (!applying) options.onChange(model.getValue());
  });
  const decorations = editor.createDecorationsCollection();

  return {
    getValue: () => model.getValue(),
    setValue(text) {
      if (text === model.getValue()) return;
      applying = true;
      try {
        editor.pushUndoStop();
        editor.executeEdits('actionable', [{ range: model.getFullModelRange(), text }]);
        editor.pushUndoStop();
        editor.setPosition({ lineNumber: 1, column: 1 });
        editor.revealLine(1);
      } finally {
        applying = false;
      }
    },
    setDiagnostics(diagnostics) {
      diagnosticsByModel.set(model.uri.toString(), diagnostics);
      monaco.editor.setModelMarkers(
        model,
        OWNER,
        diagnostics.map((d) => {
          const r = toRange(model, d);
          return {
            severity: d.severity === 'error' ? monaco.MarkerSeverity.Error : monaco.MarkerSeverity.Info,
            message: d.didYouMean?.length ? `${d.message}\ndid_you_mean: ${d.didYouMean.map((c) => JSON.stringify(c)).join(', ')}` : d.message,
            code: d.code,
            source: d.severity === 'error' ? 'Actionable body' : 'Actionable',
            startLineNumber: r.startLineNumber,
            startColumn: r.startColumn,
            endLineNumber: r.endLineNumber,
            endColumn: r.endColumn,
          };
        }),
      );
      // did_you_mean sits inline, right after the value it concerns.
      decorations.set(
        diagnostics
          .filter((d) => d.didYouMean?.length && d.severity === 'error')
          .map((d) => {
            const r = toRange(model, d);
            return {
              range: r,
              options: {
                showIfCollapsed: true,
                after: { content: ` did you mean ${d.didYouMean!.slice(0, 3).map((c) => JSON.stringify(c)).join(' or ')}?`, inlineClassName: 'pg-dym-inline', cursorStops: monaco.editor.InjectedTextCursorStops.None },
                stickiness: monaco.editor.TrackedRangeStickiness.NeverGrowsWhenTypingAtEdges,
              },
            };
          }),
      );
    },
    setLanguage(language) {
      if (model.getLanguageId() !== language) monaco.editor.setModelLanguage(model, language);
    },
    replaceRange(start, end, text) {
      editor.pushUndoStop();
      editor.executeEdits('actionable', [{ range: toRange(model, { start, end }), text }]);
      editor.pushUndoStop();
      editor.focus();
    },
    reveal(offset) {
      const at = model.getPositionAt(offset);
      editor.setPosition(at);
      editor.revealPositionInCenter(at);
      editor.focus();
    },
    highlight(range) {
      if (!range) {
        spans.clear();
        return;
      }
      const r = toRange(model, range);
      spans.set([{ range: r, options: { inlineClassName: 'pg-span-highlight', stickiness: monaco.editor.TrackedRangeStickiness.NeverGrowsWhenTypingAtEdges } }]);
      editor.revealRangeInCenterIfOutsideViewport(r);
    },
    focus: () => editor.focus(),
    dispose() {
      sub.dispose();
      sizeSub.dispose();
      diagnosticsByModel.delete(model.uri.toString());
      editor.dispose();
      model.dispose();
    },
  };
}

export type { Json };
