// The "Your tools" tab's lint, for tool authors: each promise the pasted descriptions make that the schemas
// do not enforce, with the JSON Patch that would (promise-lint.ts, rows from read-rules-view.ts); then what
// each vendor's strict mode refuses, ignores or needs rewritten in the definitions, as written, and where
// each rule lives then (engine/strict/). We cannot see the user's server, so a dropped rule lives nowhere
// until they say their server runs check().
import { useMemo, useState } from 'react';
import { countFindings, exportPack, findingField, lintRequest, lintTool, STRICT_TARGET_LABELS, STRICT_TARGETS, type StrictAction, type StrictFinding, type StrictLives } from '../../../sandbox/lint';
import type { CompiledPack } from '../../../engine/types';
import { CopyButton } from './common';
import { PromiseList } from './PromiseList';
import { readRuleRows } from '../views/read-rules-view';

const ACTION: Record<StrictAction, string> = { refuses: 'refused', ignores: 'ignored', rewrite: 'rewritten' };
const LIVES: Record<StrictLives, string> = { checks: 'lives in check()', gloss: 'words only', nowhere: 'enforced nowhere' };

export function StrictLintPanel({ pack }: { pack: CompiledPack }) {
  const [serverRunsCheck, setServerRunsCheck] = useState(false);
  const promises = useMemo(() => readRuleRows(pack), [pack]);
  const targets = useMemo(
    () =>
      STRICT_TARGETS.map((target) => {
        const options = { asWritten: true, serverRunsCheck };
        const rows: { tool: string | null; finding: StrictFinding }[] = [
          ...pack.tools.flatMap((t) => lintTool(t, target, options).map((finding) => ({ tool: t.name, finding }))),
          ...lintRequest(pack.tools, target, options).map((finding) => ({ tool: null, finding })),
        ];
        return { target, rows, counts: countFindings(rows.map((r) => r.finding)), exported: JSON.stringify(exportPack(pack, target), null, 2) };
      }),
    [pack, serverRunsCheck],
  );
  const nowhere = targets.reduce((n, t) => n + t.counts.nowhere, 0);
  return (
    <details className="pg-strict" data-testid="strict-lint">
      <summary>
        Lint: <span data-testid="lint-promise-count">{promises.length === 0 ? 'no promise left out of the schemas' : `${promises.length} ${promises.length === 1 ? 'promise' : 'promises'} not in the schemas`}</span>; strict mode:{' '}
        <span data-testid="strict-nowhere">{nowhere === 0 ? 'no rule lost' : `${nowhere} ${nowhere === 1 ? 'rule' : 'rules'} enforced nowhere`}</span>
      </summary>
      <section data-testid="lint-promises" aria-label="Promises the schemas do not enforce">
        <p>
          <strong>Promises</strong>:{' '}
          {promises.length === 0
            ? 'no rule read from the descriptions is missing from the schemas.'
            : `the descriptions state ${promises.length === 1 ? 'a rule' : `${promises.length} rules`} that the schemas do not enforce. check() enforces ${promises.length === 1 ? 'it' : 'them'}; for every other reader of the schemas, add:`}
        </p>
        {promises.length > 0 && <PromiseList rows={promises} testId="lint-promise" />}
      </section>
      <p className="pg-panel-sub">
        <strong>Strict mode</strong>: what OpenAI strict mode, Anthropic strict tool use and Gemini refuse, ignore or need rewritten in these definitions, and where each rule
        lives once the vendor drops it.
      </p>
      <label className="pg-panel-sub">
        <input type="checkbox" checked={serverRunsCheck} onChange={(e) => setServerRunsCheck(e.target.checked)} data-testid="strict-server-runs-check" /> My server runs{' '}
        <code>check()</code> on every call with these definitions
      </label>
      {targets.map((t) => (
        <section key={t.target} data-testid={`strict-${t.target}`} aria-label={STRICT_TARGET_LABELS[t.target]}>
          <p>
            <strong>{STRICT_TARGET_LABELS[t.target]}</strong>:{' '}
            {t.rows.length === 0
              ? 'takes these definitions as they are.'
              : `${t.counts.refuses} refused, ${t.counts.ignores} ignored, ${t.counts.rewrite} rewritten; ${t.counts.nowhere} enforced nowhere.`}{' '}
            <CopyButton text={t.exported} label="Copy strict export" testId={`strict-copy-${t.target}`} />
          </p>
          {t.rows.length > 0 && (
            <ul style={{ margin: '0 0 0.75rem', paddingLeft: '1.2rem', overflowWrap: 'anywhere' }}>
              {t.rows.map(({ tool, finding }, i) => (
                <li key={i} data-lives={finding.lives}>
                  <code>{tool ?? 'all tools'}</code>
                  {findingField(finding.path) ? (
                    <>
                      {' '}
                      <code>{findingField(finding.path)}</code>
                    </>
                  ) : null}{' '}
                  <code>{finding.construct}</code>: {ACTION[finding.action]}, <strong>{LIVES[finding.lives]}</strong>. {finding.message}
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </details>
  );
}
