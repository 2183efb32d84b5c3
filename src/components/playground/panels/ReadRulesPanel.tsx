// Your tools: the promises your descriptions make that your schemas do not enforce. check() enforces them
// here already; each row offers the keywords that would put the rule in the schema, with the JSON Patch.
import type { CompiledPack } from '../../../engine/types';
import { PromiseList } from './PromiseList';
import { readRuleRows } from '../views/read-rules-view';

export function ReadRulesPanel({ pack }: { pack: CompiledPack }) {
  const rows = readRuleRows(pack);
  if (rows.length === 0) return null;
  return (
    <div className="pg-read-rules" data-testid="read-rules">
      <p>
        <strong>{rows.length === 1 ? 'One rule' : `${rows.length} rules`} read from the descriptions</strong>, which the schemas do not enforce. Calls are checked against{' '}
        {rows.length === 1 ? 'it' : 'them'} here; add the keywords to put {rows.length === 1 ? 'it' : 'them'} in the schema:
      </p>
      <PromiseList rows={rows} testId="read-rule" />
    </div>
  );
}
