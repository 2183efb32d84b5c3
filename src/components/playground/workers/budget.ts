// The page's side of the time budget (budget.worker.ts): input the user gives (your tools, a reply to grade, a
// large call) runs in a worker first, and the page runs it itself only once it has finished there in time. Past
// the budget the worker is stopped, and the page says what was not checked instead of freezing. One worker per
// lane, started on first use; a lane runs one job at a time and keeps only the newest waiting one, so typing
// does not queue a job per keystroke.
import { useEffect, useState } from 'react';
import type { CompiledTool } from '../../../engine/types';
import BudgetWorker from './budget.worker?worker';
import { BUDGET_MS, BUDGET_TOTAL_MS } from './budget-gate';

export { BUDGET_MS, BUDGET_TOTAL_MS } from './budget-gate';

/** How long a worker may take to load before the page runs the work itself, as it did without one. */
const LOAD_MS = 10_000;

export type BudgetJob =
  | { kind: 'tools'; tools: string }
  | { kind: 'imported'; pack: unknown }
  | { kind: 'grade'; tools: string; call: string; reply: string }
  | { kind: 'check'; tools: string; call: string };
export type BudgetReply = { ready: true } | { id: number; progress: true } | { id: number; done: true } | { id: number; done: false; error: string };
export type Lane = 'tools' | 'grade' | 'check';

export type Verdict =
  /** Finished within the budget: the page may run it. */
  | { kind: 'done' }
  /** Threw within the budget: the page's own run says what it says. */
  | { kind: 'threw'; message: string }
  /** Still running at the budget: stopped, and not to be run by the page. */
  | { kind: 'timeout'; seconds: number }
  /** The worker died on it (out of memory, say): not to be run by the page either. */
  | { kind: 'stopped'; message: string }
  /** No worker could start: the page runs the work itself, as before the budget. */
  | { kind: 'unavailable' };

/** True when the page may run the work itself. */
export function cleared(v: Verdict): boolean {
  return v.kind === 'done' || v.kind === 'threw' || v.kind === 'unavailable';
}

/** What the result column says of work the budget stopped, or null when it was not stopped. */
export function budgetMessage(v: Verdict | null, what: string, verb: string): string | null {
  if (!v || (v.kind !== 'timeout' && v.kind !== 'stopped')) return null;
  if (v.kind === 'timeout') return `${what} took longer than ${v.seconds} s to ${verb}, so it was stopped: not checked. Edit it to try again.`;
  return `${what} stopped the checker (${v.message}), so it was not checked. Edit it to try again.`;
}

interface Run {
  id: number;
  job: BudgetJob;
  settle(v: Verdict): void;
}

class BudgetLane {
  private worker: Worker | null = null;
  private ready: Promise<boolean> | null = null;
  private unavailable = false;
  private running: { run: Run; timer: number; deadline: number } | null = null;
  private waiting: Run | null = null;

  submit(run: Run): void {
    // A newer job replaces one not started yet; one already running goes on to its end or the budget.
    this.waiting = run;
    if (!this.running) void this.next();
  }

  private start(): Promise<boolean> {
    if (this.ready) return this.ready;
    let worker: Worker;
    try {
      worker = new BudgetWorker();
    } catch {
      return Promise.resolve(false);
    }
    this.worker = worker;
    this.ready = new Promise<boolean>((resolve) => {
      const giveUp = window.setTimeout(() => resolve(false), LOAD_MS);
      worker.onmessage = (e: MessageEvent<BudgetReply>) => {
        const m = e.data;
        if ('ready' in m) {
          window.clearTimeout(giveUp);
          resolve(true);
        } else if (this.running?.run.id !== m.id) return;
        else if ('progress' in m) this.restartTimer();
        else this.finish(m.done ? { kind: 'done' } : { kind: 'threw', message: m.error });
      };
      worker.onerror = (e) => {
        window.clearTimeout(giveUp);
        resolve(false);
        e.preventDefault();
        this.drop();
        if (this.running) this.finish({ kind: 'stopped', message: e.message || 'the worker stopped' });
      };
    });
    return this.ready;
  }

  private drop(): void {
    this.worker?.terminate();
    this.worker = null;
    this.ready = null;
  }

  private async next(): Promise<void> {
    const run = this.waiting;
    if (!run || this.running) return;
    this.waiting = null;
    if (this.unavailable || !(await this.start())) {
      this.unavailable = true;
      run.settle({ kind: 'unavailable' });
      return void this.next();
    }
    const deadline = performance.now() + BUDGET_TOTAL_MS;
    this.running = { run, timer: this.timer(deadline), deadline };
    this.worker!.postMessage({ id: run.id, job: run.job });
  }

  /** A timer for the next slice: BUDGET_MS, or what is left before the deadline when that is less. */
  private timer(deadline: number): number {
    const left = deadline - performance.now();
    const wait = Math.max(0, Math.min(BUDGET_MS, left));
    return window.setTimeout(() => {
      this.drop();
      this.finish({ kind: 'timeout', seconds: (wait < BUDGET_MS ? BUDGET_TOTAL_MS : BUDGET_MS) / 1000 });
    }, wait);
  }

  /** The running job finished a slice of its work: its budget starts again for the next, up to the deadline. */
  private restartTimer(): void {
    if (!this.running) return;
    window.clearTimeout(this.running.timer);
    this.running.timer = this.timer(this.running.deadline);
  }

  private finish(v: Verdict): void {
    const r = this.running;
    if (!r) return;
    window.clearTimeout(r.timer);
    this.running = null;
    r.run.settle(v);
    void this.next();
  }
}

const lanes = new Map<Lane, BudgetLane>();
let nextId = 1;

/** Runs a job in its lane's worker under the budget; the verdict comes once it has finished, thrown, or run out of time. */
export function withinBudget(lane: Lane, job: BudgetJob): Promise<Verdict> {
  let l = lanes.get(lane);
  if (!l) lanes.set(lane, (l = new BudgetLane()));
  const lane_ = l;
  return new Promise((settle) => lane_.submit({ id: nextId++, job, settle }));
}

/** The verdict on `job` (kept by identity: memoize it), or null while it runs; null `job` when there is nothing to run. */
export function useWithinBudget(lane: Lane, job: BudgetJob | null): Verdict | null {
  const [state, setState] = useState<{ job: BudgetJob; verdict: Verdict } | null>(null);
  useEffect(() => {
    if (!job) return;
    let on = true;
    withinBudget(lane, job).then((verdict) => on && setState({ job, verdict }));
    return () => {
      on = false;
    };
  }, [lane, job]);
  return job && state?.job === job ? state.verdict : null;
}

/** A tool's definition as the worker compiles it: its wire schema, the facts AJV checks. */
export function definitionsOf(tool: Pick<CompiledTool, 'name' | 'summary' | 'wireSchema'> | undefined): string {
  try {
    return tool ? JSON.stringify([{ name: tool.name, description: tool.summary, inputSchema: tool.wireSchema }]) : '[]';
  } catch {
    return '[]';
  }
}
