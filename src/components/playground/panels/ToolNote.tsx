// The line under the call editor that says which tool the call is read as, and where that came from.
import type { CheckResult, CompiledPack } from '../../../engine/types';
import { toolHref } from '../../../docs/urls';

interface Props {
  pack: CompiledPack;
  /** The pack's page exists for a shipped pack only, not for your own tools. */
  linked: boolean;
  result: CheckResult | null;
  picked: string | undefined;
  calledName: string | null;
  packName: string;
}

export function ToolNote({ pack, linked, result, picked, calledName, packName }: Props) {
  if (result?.tool) {
    const from = result.shape === 'bare-arguments' ? 'chosen in the picker' : 'named in the call';
    const href = linked ? toolHref(pack.id, result.tool) : null;
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
        {picked && calledName && calledName !== picked && <span className="pg-meta-note"> · the call’s name wins over the picker, which applies to bare arguments</span>}
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
        <span className="pg-meta-label">Tool</span> <b data-testid="tool-name">{calledName}</b> <span className="pg-meta-note pg-bad-text">not in {packName}</span>
      </>
    );
  }
  return (
    <>
      <span className="pg-meta-label">Tool</span> <span className="pg-meta-note">none yet</span>
    </>
  );
}
