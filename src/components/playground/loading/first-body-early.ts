// The first body of a shared link or a kept session, before React and Monaco: the page's own script loads
// this beside the engine and the pack (head-start.ts), reads the session as the island will (initialSession),
// runs the engine on it (checker.ts's modules, the same chunk the island loads, so nothing is fetched twice) and writes the body into the fallback (first-body.ts). The
// default example's body is already there, written by the build. Anything the fallback does not show (your
// own tools, a replay, a link with a notice, a large or deep call, a failure) leaves it to the island, which
// checks a large or deep call under its time budget first (budget.ts).
import { callNeedsBudget } from '../workers/budget-gate';
import * as checker from './checker';
import { firstBodyHtml, firstCallHtml } from './first-body';
import { FIRST_BODY_ID } from './first-body-dom';
import { loadPackById } from './page-sandbox';
import { initialSession } from '../session/session-start';
import { browserStorage } from '../session/storage';

function giveUp(root: HTMLElement): void {
  root.dataset.firstBody = 'none';
}

export async function showFirstBody(): Promise<void> {
  const root = document.getElementById(FIRST_BODY_ID);
  if (!root) return;
  const packIds = (root.dataset.packIds ?? '').split(' ').filter(Boolean);
  let s;
  try {
    s = initialSession(location.hash, packIds, browserStorage());
  } catch {
    return giveUp(root);
  }
  // The build wrote the default example's body.
  if (s.origin === 'default') {
    root.dataset.firstBody = 'ready';
    return;
  }
  if (s.mode !== 'pack' || s.view !== 'call' || s.notice || callNeedsBudget(s.call)) return giveUp(root);
  try {
    const pack = await loadPackById(s.pack);
    if (s.tool && !pack.tool(s.tool)) return giveUp(root);
    const tool = s.tool || undefined;
    // The same waits as the island's: the part of an imported pack with the tool, then the names its suggestions read.
    const parts = checker.validatorsNeeded(pack, s.call, tool);
    if (parts.length) await checker.loadValidators(pack, parts);
    const names = checker.namesNeeded(pack, s.call, tool);
    if (names.length) await checker.loadNames(names);
    const result = checker.check(pack, s.call, { tool, ...checker.stateOption(checker.readState(pack, s.packState)) });
    // JSON as models write it is repaired by the island, which loads jsonrepair; the early script does not.
    if (!checker.jsonRepairInstalled() && result.log.faults.some((f) => f.code === 'invalid_json')) return giveUp(root);
    const bytes = result.body ? checker.serializeBody(result.body) : null;
    // The island may have taken the spot meanwhile; it works the body out itself.
    if (!root.isConnected) return;
    root.querySelector('[data-first-in]')!.innerHTML = firstCallHtml(s.call, result.shape, result.tool ?? tool);
    root.querySelector('[data-first-out]')!.innerHTML = firstBodyHtml(result, bytes);
    root.dataset.pack = s.pack;
    root.dataset.tool = s.tool;
    root.dataset.firstBody = 'ready';
    performance.mark('pg:first-body');
  } catch {
    giveUp(root);
  }
}
