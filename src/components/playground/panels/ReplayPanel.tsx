// The Replay tab: a whole transcript (or a list of calls), one row per tool call, each with the result the
// agent actually got, the body this engine gives, and whether the next call to the tool fixed the fault;
// loops marked, and the turns and tokens spent recovering set against one actionable round. The engine
// does the replay (src/engine/replay.ts); this panel only shows its report.
import { forwardRef } from 'react';
import { serializeBody } from '../../../sandbox/body';
import type { ReplayCall, ReplayReport } from '../../../engine/replay';

import { CodeEditor, type CodeEditorHandle } from '../editor/CodeEditor';
import type { MonacoModule } from '../editor/monaco-loader';
import { inEnvelope } from '../views/envelopes';
import { REPLAY_EXAMPLES, type ReplayExample } from '../examples/examples';

const REPLAY_URI = 'inmemory://actionable/replay.txt';

interface Props {
  value: string;
  epoch: number;
  /** The engine's report; a message when the text holds no call; null while the checker or the pack loads. */
  report: { ok: true; report: ReplayReport } | { ok: false; message: string } | null;
  /** True once the token counts are in the report (they come from the tokenizer's worker, after the rows). */
  counted: boolean;
  /** What the report waits for, while it is null. */
  waiting: string;
  packTitle: string;
  dark: boolean;
  /** Monaco's loader, once Monaco may load (CodeEditor's). */
  loadMonaco: (() => Promise<MonacoModule>) | null;
  onChange(text: string): void;
  onMonacoReady(): void;
  onExample(ex: ReplayExample): void;
  /** Opens one call in the Pack tools editor, as the transcript wrote it. */
  onOpenCall(text: string): void;
}

/** A call as a transcript prints it: name(key=value, …), or its own text when it cannot be read. */
export function callLine(c: Pick<ReplayCall, 'name' | 'arguments'>, input?: unknown): string {
  if (c.name !== null && c.arguments !== null) return inEnvelope({ name: c.name, arguments: c.arguments }, 'python');
  return typeof input === 'string' ? input : JSON.stringify(input ?? null);
}

const tokensWord = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'token' : 'tokens'}`;
const turnsWord = (n: number) => `${n} ${n === 1 ? 'turn' : 'turns'}`;

function Verdict({ c, report }: { c: ReplayCall; report: ReplayReport }) {
  if (c.check.ok) return <span className="pg-replay-ok">accepted</span>;
  if (c.fixed_by_next === null) return <span className="pg-meta-note">no later call to {c.check.tool ?? c.name ?? 'this tool'}</span>;
  const next = report.calls[c.next_same_tool!];
  return c.fixed_by_next ? (
    <span className="pg-replay-ok">fixed by turn {next.turn}</span>
  ) : (
    <span className="pg-bad-text">not fixed: turn {next.turn} is refused too</span>
  );
}

export const ReplayPanel = forwardRef<CodeEditorHandle, Props>(function ReplayPanel(props, ref) {
  const { report } = props;
  const r = report?.ok ? report.report : null;
  return (
    <section className="pg-panel pg-panel-replay" aria-labelledby="pg-replay-h" data-testid="replay">
      <header className="pg-panel-head">
        <h2 id="pg-replay-h">Replay a transcript</h2>
        <label className="pg-field-label pg-defs-menu">
          <span>Example</span>
          <select
            value=""
            data-testid="replay-examples"
            onChange={(e) => {
              const ex = REPLAY_EXAMPLES.find((x) => x.id === e.target.value);
              if (ex) props.onExample(ex);
            }}
          >
            <option value="">Choose…</option>
            {REPLAY_EXAMPLES.map((ex) => (
              <option key={ex.id} value={ex.id}>
                {ex.title}
              </option>
            ))}
          </select>
        </label>
      </header>
      <p className="pg-panel-sub">
        An agent’s transcript (OpenAI Chat messages, Anthropic messages, Responses items, Gemini contents), a list or JSON lines of calls, or turns printed as{' '}
        <code>[turn 4] update_ticket(…)</code> with <code>-&gt; result</code> lines. Checked against {props.packTitle}.
      </p>
      <CodeEditor
        ref={ref}
        testId="replay-editor"
        className="pg-editor-replay"
        value={props.value}
        epoch={props.epoch}
        onChange={props.onChange}
        language={/^\s*[[{]/.test(props.value) ? 'json' : 'plaintext'}
        diagnostics={[]}
        modelUri={REPLAY_URI}
        ariaLabel="Transcript or list of tool calls"
        dark={props.dark}
        loadMonaco={props.loadMonaco}
        onMonacoReady={props.onMonacoReady}
        minLines={5}
        maxViewport={0.4}
      />
      {!report ? (
        <p className="pg-empty">{props.waiting}</p>
      ) : !report.ok ? (
        <p className="pg-problems" role="alert" data-testid="replay-problem">
          The text {report.message}.
        </p>
      ) : (
        <>
          <ReplaySummary report={r!} counted={props.counted} />
          <ol className="pg-replay-rows" data-testid="replay-rows">
            {r!.calls.map((c) => (
              <ReplayRow key={c.index} c={c} report={r!} onOpen={props.onOpenCall} />
            ))}
          </ol>
        </>
      )}
    </section>
  );
});

function ReplaySummary({ report, counted }: { report: ReplayReport; counted: boolean }) {
  const recovery = report.episodes.reduce((n, e) => n + e.recovery_turns, 0);
  const refused = report.calls.filter((c) => !c.check.ok).length;
  const tokens = report.wasted_tokens;
  return (
    <div className="pg-replay-summary" data-testid="replay-summary" data-wasted-turns={report.wasted_turns} data-wasted-tokens={tokens ?? ''}>
      <p>
        <strong>
          {report.calls.length} {report.calls.length === 1 ? 'call' : 'calls'} in {turnsWord(report.turns)}
        </strong>
        {report.loops.length > 0 && (
          <>
            ; {report.loops.length === 1 ? 'one loop' : `${report.loops.length} loops`}:{' '}
            {report.loops.map((l, i) => (
              <span key={i} data-testid="replay-loop">
                {i > 0 && ', '}
                <code>{l.code}</code> on <code>{l.field || l.tool}</code> {l.calls.length} times in a row
              </span>
            ))}
          </>
        )}
        .
      </p>
      {report.episodes.length === 0 ? (
        <p>
          {refused === 0
            ? 'No call was refused, so no turn went on recovering.'
            : `${refused === 1 ? 'One call was' : `${refused} calls were`} refused without naming a tool, so no recovery of a tool starts there.`}
        </p>
      ) : (
        <p data-testid="replay-waste">
          Recovering took {turnsWord(recovery)}
          {report.wasted_turns > 0 ? (
            <>
              , <strong>{report.wasted_turns} of them wasted</strong> (turn {report.wasted_turn_numbers.join(', ')}: {report.wasted_calls} {report.wasted_calls === 1 ? 'call' : 'calls'}
              {tokens !== null ? <span data-testid="replay-wasted-tokens">, {tokensWord(tokens)} with their results</span> : counted ? '' : ', counting tokens…'})
            </>
          ) : null}
          . With this engine’s body at the first refusal, the next call is the fix:{' '}
          <strong>
            {report.actionable.turns === 1 ? 'one round' : `${report.actionable.turns} rounds`}
            {report.actionable.turns < recovery ? ` instead of ${recovery}` : ', as it took'}
          </strong>
          {report.actionable.body_tokens !== null ? `, for ${tokensWord(report.actionable.body_tokens)} of body` : ''}.
        </p>
      )}
    </div>
  );
}

function ReplayRow({ c, report, onOpen }: { c: ReplayCall; report: ReplayReport; onOpen(text: string): void }) {
  const line = callLine(c);
  const body = c.check.body ? serializeBody(c.check.body) : null;
  const episodeStart = c.episode !== null && report.episodes[c.episode].first_call === c.index;
  return (
    <li className={`pg-replay-row ${c.wasted ? 'pg-replay-wasted' : ''} ${c.check.ok ? 'pg-replay-accepted' : 'pg-replay-refused'}`} data-testid="replay-row" data-turn={c.turn} data-ok={c.check.ok} data-loop={c.loop} data-wasted={c.wasted}>
      <div className="pg-replay-head">
        <span className="pg-replay-turn">Turn {c.turn}</span>
        {c.loop && <span className="pg-tag pg-tag-bad">loop</span>}
        {c.wasted && <span className="pg-tag pg-tag-note">wasted</span>}
        {episodeStart && <span className="pg-tag">recovery starts here</span>}
        <span className="pg-replay-next" data-testid="replay-next">
          <Verdict c={c} report={report} />
        </span>
        <button type="button" className="pg-linklike pg-replay-open" onClick={() => onOpen(line)}>
          Open in the editor
        </button>
      </div>
      <dl className="pg-replay-cells">
        <div>
          <dt>Call</dt>
          <dd>
            <code className="pg-replay-code" data-testid="replay-call">
              {line}
            </code>
          </dd>
        </div>
        <div>
          <dt>What the agent got</dt>
          <dd>
            {c.result ? (
              <code className={`pg-replay-code ${c.result.is_error ? 'pg-bad-text' : ''}`} data-testid="replay-got">
                {c.result.text}
              </code>
            ) : (
              <span className="pg-meta-note">not in the transcript</span>
            )}
            {c.tokens && c.result ? <span className="pg-count"> · {tokensWord(c.tokens.result)}</span> : null}
          </dd>
        </div>
        <div>
          <dt>This engine’s body</dt>
          <dd>
            {body !== null ? (
              <code className="pg-replay-code" data-testid="replay-body">
                {body}
              </code>
            ) : (
              <span className="pg-replay-ok" data-testid="replay-body">
                accepted{c.check.corrections.length ? `, after absorbing ${c.check.corrections.length}` : ''}
              </span>
            )}
            {c.tokens?.body != null ? <span className="pg-count"> · {tokensWord(c.tokens.body)}</span> : null}
          </dd>
        </div>
      </dl>
    </li>
  );
}

