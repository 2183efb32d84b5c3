// "Grade a reply": the user's server reply for the call in the editor, graded by the engine's grade() point by
// point, with the rounds a model needs and the tokens it reads, against the engine's body (shown in its own
// panel). The panel is loaded lazily, in the sandbox's grader chunk (loading/grader.ts), after the first body. A reply is
// graded on the page only once it has been graded in the budget's worker in time (budget.ts): a reply the
// grader would work on for seconds stops the worker, not the page.
import { useEffect, useMemo, useState } from 'react';
import type { CompiledPack, CompiledTool } from '../../../engine/types';
import { budgetMessage, cleared, definitionsOf, useWithinBudget, type BudgetJob } from '../workers/budget';
import { grade, type Grade } from '../../../sandbox/grade';
import { countTokens } from '../workers/tokens';
import { siteHref } from '../../../docs/urls';

export interface GradePanelProps {
  pack: CompiledPack;
  /** The tool the call is about: the worker grades against its definition. */
  tool?: CompiledTool;
  call: string;
  reply: string;
  /** Bumped when the reply is replaced from outside (a link, a file): the textarea takes the new text. */
  epoch: number;
  onChange: (text: string) => void;
}

type Graded = { ok: true; grade: Grade } | { ok: false; reason: string };

function gradeOf(pack: CompiledPack, call: string, reply: string, countTokensOf?: (text: string) => number): Graded {
  try {
    return { ok: true, grade: grade(pack, call, reply, countTokensOf ? { countTokens: countTokensOf } : {}) };
  } catch (err) {
    // grade() refuses a call that names no tool or carries no arguments object: say so, do not crash.
    return { ok: false, reason: err instanceof Error ? err.message.replace(/^grade\(\): /, '') : String(err) };
  }
}

const roundsText = (n: number | null) => (n === null ? 'never' : `${n} ${n === 1 ? 'round' : 'rounds'}`);

export function GradePanel({ pack, tool, call, reply, epoch, onChange }: GradePanelProps) {
  const [text, setText] = useState(reply);
  // A reply from a link or a file replaces what is typed; typing never comes back through here.
  useEffect(() => setText(reply), [epoch]); // eslint-disable-line react-hooks/exhaustive-deps -- only a new epoch is a reply from outside

  const empty = text.trim() === '';
  const tools = useMemo(() => definitionsOf(tool), [tool]);
  const job = useMemo<BudgetJob | null>(() => (empty ? null : { kind: 'grade', tools, call, reply: text }), [empty, tools, call, text]);
  const verdict = useWithinBudget('grade', job);
  const stopped = budgetMessage(verdict, 'Grading this reply', 'finish');
  const go = verdict !== null && cleared(verdict);
  // The engine's own estimate first, at once; the o200k counts from the tokenizer's worker replace it.
  const estimated = useMemo(() => (empty || !go ? null : gradeOf(pack, call, text)), [pack, call, text, empty, go]);
  const [counted, setCounted] = useState<{ from: Graded; graded: Graded } | null>(null);
  useEffect(() => {
    if (!estimated?.ok) return;
    let live = true;
    const texts = new Set<string>();
    gradeOf(pack, call, text, (t) => (texts.add(t), 0));
    const list = [...texts];
    countTokens(list).then(
      (counts) => {
        if (!live) return;
        const by = new Map(list.map((t, i) => [t, counts[i]]));
        setCounted({ from: estimated, graded: gradeOf(pack, call, text, (t) => by.get(t) ?? 0) });
      },
      // Without the worker, the estimate stays, and says it is one.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [estimated]); // eslint-disable-line react-hooks/exhaustive-deps -- estimated is made from pack, call and text
  const o200k = counted !== null && counted.from === estimated;
  const shown = o200k ? counted.graded : estimated;

  return (
    <section className="pg-panel pg-panel-grade" aria-labelledby="pg-grade-h" data-testid="grade-panel">
      <header className="pg-panel-head">
        <h2 id="pg-grade-h">Grade a reply</h2>
      </header>
      <p className="pg-panel-sub">
        Paste the error your own server returns for this call (text, JSON, an MCP <code>isError</code> result or problem+json): it is graded against the error body above.
        To grade a whole MCP server&apos;s replies at once, <a href={siteHref('audit/')} data-testid="grade-audit-link">audit it</a>.
      </p>
      <textarea
        className="pg-grade-reply"
        data-testid="grade-reply"
        aria-label="Your server’s reply to this call"
        placeholder='{"error": "Invalid status"}'
        value={text}
        rows={4}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        onChange={(e) => {
          setText(e.target.value);
          onChange(e.target.value);
        }}
      />
      {empty ? (
        <p className="pg-empty" data-testid="grade-empty">
          Nothing to grade yet: paste what your server sends back when it refuses this call, as the model would read it.
        </p>
      ) : stopped ? (
        <p className="pg-empty pg-bad-text" role="status" data-testid="grade-stopped">
          {stopped}
        </p>
      ) : !shown ? (
        <p className="pg-empty" role="status" data-testid="grade-pending">
          Grading…
        </p>
      ) : !shown.ok ? (
        <p className="pg-empty" role="status" data-testid="grade-unavailable">
          This call cannot be graded: {shown.reason}
        </p>
      ) : (
        <GradeReport grade={shown.grade} counter={o200k ? 'o200k' : 'estimate'} />
      )}
    </section>
  );
}

function GradeReport({ grade: g, counter }: { grade: Grade; counter: 'o200k' | 'estimate' }) {
  const met = g.points.filter((p) => p.met).length;
  return (
    <div className="pg-grade" data-testid="grade-report">
      <dl className="pg-grade-figures">
        <div data-testid="grade-rounds" data-reply={g.rounds.reply ?? 'never'} data-body={g.rounds.body ?? 'never'}>
          <dt>Rounds to an accepted call</dt>
          <dd>
            your reply <b className={g.rounds.reply === null ? 'pg-bad-text' : undefined}>{roundsText(g.rounds.reply)}</b> · the body <b>{roundsText(g.rounds.body)}</b>
          </dd>
        </div>
        <div data-testid="grade-tokens" data-counter={counter} data-reply={g.tokens.reply} data-body={g.tokens.body}>
          <dt>Tokens ({counter === 'o200k' ? 'o200k' : 'estimate, until the o200k count is ready'})</dt>
          <dd>
            your reply <b>{g.tokens.reply}</b> · the body <b>{g.tokens.body}</b>
          </dd>
        </div>
        <div data-testid="grade-met">
          <dt>Points met</dt>
          <dd>
            <b>{met}</b> of {g.points.length}
          </dd>
        </div>
      </dl>
      <ul className="pg-grade-points">
        {g.points.map((p) => (
          <li key={p.id} data-point={p.id} data-met={p.met ? 'yes' : 'no'} className={p.met ? 'pg-grade-met' : 'pg-grade-unmet'}>
            <b className="pg-grade-id">{p.id}</b> <span className="pg-grade-mark">{p.met ? 'met' : 'not met'}</span> <span className="pg-grade-note">{p.note}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
