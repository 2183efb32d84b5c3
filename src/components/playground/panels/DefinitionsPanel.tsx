// Your tools: pasted definitions (OpenAI, Anthropic or MCP), or a whole API document (OpenAPI, Swagger,
// Google Discovery) that the importer turns into tools in a worker, with its progress shown.
import { forwardRef, Suspense, type ComponentType } from 'react';
import { CodeEditor, type CodeEditorHandle } from '../editor/CodeEditor';
import type { MonacoModule } from '../editor/monaco-loader';
import { lineCol } from './common';
import { looksLikeJson } from '../../../document-text';
import type { CompiledPack } from '../../../engine/types';
import type { CustomPack } from '../loading/custom-tools';
import type { Diagnostic } from '../editor/diagnostics';
import { ReadRulesPanel } from './ReadRulesPanel';

const TOOLS_URI = 'inmemory://actionable/tools.json';

export interface DocumentImport {
  /** The document's kind, in words (OpenAPI 3.0.3, Google Discovery…). */
  format: string;
  /** Operations read so far, and how many there are; null before the importer has counted them. */
  progress: [done: number, total: number] | null;
  /** Operations the importer left out (each with its reason in the CLI's report). */
  skipped?: number;
}

interface Props {
  value: string;
  epoch: number;
  /** The compiled definitions; null while they compile (or while a document is imported). */
  custom: CustomPack | null;
  /** Set while, or after, an API document was imported. */
  document: DocumentImport | null;
  diagnostics: Diagnostic[];
  dark: boolean;
  /** Monaco's loader, once Monaco may load (CodeEditor's). */
  loadMonaco: (() => Promise<MonacoModule>) | null;
  onChange(text: string): void;
  /** Which starting points the menu offers: a small sample, and each pack in each vendor's shape. */
  startFrom: { value: string; label: string }[];
  onStartFrom(value: string): void;
  /** The strict-mode lint of your tools, a chunk of its own (the page gives it: Playground.tsx). */
  StrictLint: ComponentType<{ pack: CompiledPack }>;
}

export const DefinitionsPanel = forwardRef<CodeEditorHandle, Props>(function DefinitionsPanel(props, ref) {
  const { custom, document: doc, StrictLint } = props;
  const importing = doc !== null && custom === null;
  return (
    <section className="pg-panel pg-panel-defs" aria-labelledby="pg-defs-h">
      <header className="pg-panel-head">
        <h2 id="pg-defs-h">Tool definitions</h2>
        <label className="pg-field-label pg-defs-menu">
          <span>Start from</span>
          <select value="" data-testid="definitions-select" onChange={(e) => e.target.value && props.onStartFrom(e.target.value)}>
            <option value="">Choose…</option>
            {props.startFrom.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
      </header>
      <p className="pg-panel-sub">
        OpenAI, Anthropic or MCP tool definitions (an array, or an object with a tools array), or an OpenAPI, Swagger or Google Discovery document, in JSON or YAML. They become a
        pack with the same checks, without glosses.
      </p>
      <CodeEditor
        ref={ref}
        testId="tools-editor"
        className="pg-editor-defs"
        value={props.value}
        epoch={props.epoch}
        onChange={props.onChange}
        language={looksLikeJson(props.value) ? 'json' : 'plaintext'}
        diagnostics={props.diagnostics}
        modelUri={TOOLS_URI}
        ariaLabel="Tool definitions or an API document (JSON or YAML)"
        dark={props.dark}
        loadMonaco={props.loadMonaco}
        minLines={6}
        maxViewport={0.45}
      />
      {importing && (
        <div className="pg-import" data-testid="import-progress" role="status">
          <p>
            Importing the {doc.format} document
            {doc.progress ? `: ${doc.progress[0].toLocaleString('en')} of ${doc.progress[1].toLocaleString('en')} operations` : '…'}
          </p>
          <progress max={doc.progress?.[1] ?? undefined} value={doc.progress?.[0] ?? undefined} aria-label="Operations imported" />
        </div>
      )}
      {custom && custom.ok === false && (
        <div className="pg-problems" data-testid="tools-problems" role="alert">
          <p>
            <strong>{custom.summary}</strong>
          </p>
          <ul>
            {custom.problems.map((p, i) => (
              <li key={i}>
                <code>{p.where}</code> {p.message}
                {p.range && !p.where.startsWith('line ') && <span className="pg-meta-note"> ({lineCol(props.value, p.range.start)})</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
      {custom?.ok === true && (
        <p className="pg-defs-ok" data-testid="tools-ok">
          {doc ? `From the ${doc.format} document${doc.skipped ? ` (${doc.skipped} operations left out)` : ''}: ` : ''}
          {custom.pack.tools.length === 1 ? 'One tool' : `${custom.pack.tools.length.toLocaleString('en')} tools`}: {listed(custom.pack.tools.map((t) => t.name))}
        </p>
      )}
      {custom?.ok === true && <ReadRulesPanel pack={custom.pack} />}
      {custom?.ok === true && custom.refused && (
        <div className="pg-problems" data-testid="tools-refused" role="alert">
          <p>
            <strong>
              {custom.refused.length === 1 ? 'One tool was' : `${custom.refused.length} tools were`} left out: its schema cannot be compiled, so a call to it is refused as an unknown tool.
            </strong>
          </p>
          <ul>
            {custom.refused.map((p, i) => (
              <li key={i}>
                <code>{p.where}</code> {p.message}
                {p.range && <span className="pg-meta-note"> ({lineCol(props.value, p.range.start)})</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
      {custom?.ok === true && (
        <Suspense fallback={null}>
          <StrictLint pack={custom.pack} />
        </Suspense>
      )}
    </section>
  );
});

/** Names, all of them when few, else the first ones and a count. */
function listed(names: string[]): string {
  return names.length <= 12 ? names.join(', ') : `${names.slice(0, 10).join(', ')} and ${(names.length - 10).toLocaleString('en')} more`;
}
