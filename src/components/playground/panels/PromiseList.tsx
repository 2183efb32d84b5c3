// One row per promise a description makes that the schema does not enforce: the field, the words it was read
// from, the keywords that would enforce it and their JSON Patch. Your tools (ReadRulesPanel) and the lint
// panel (StrictLintPanel) both list them; the rows come from read-rules-view.ts.
import type { ReadRuleRow } from '../views/read-rules-view';
import { CopyButton } from './common';

export function PromiseList({ rows, testId }: { rows: ReadRuleRow[]; testId: string }) {
  return (
    <ul className="pg-promises">
      {rows.map((r, i) => (
        <li key={i} data-testid={testId}>
          <code>
            {r.tool}.{r.field}
          </code>{' '}
          “{r.words}”: add <code>{r.adds}</code>{' '}
          <details className="pg-read-rule-patch">
            <summary>JSON Patch</summary>
            <code>{r.patch}</code>
            <CopyButton text={r.patch} label="Copy patch" />
          </details>
        </li>
      ))}
    </ul>
  );
}
