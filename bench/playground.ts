// The playground's speed in Chromium, as the browser tests measured it (tests/e2e/playground-speed.test.ts
// writes bench/playground.json): read here so `npm run bench` reports it beside the engine's figures.
// Driving a browser from the bench would build the site first; the browser tests already do.
import { existsSync, readFileSync } from 'node:fs';

type Stats = { n: number; p50: number; p95: number; max: number };

/**
 * The network the first body is also measured on, through Chrome's DevTools protocol
 * (Network.emulateNetworkConditions): Chrome DevTools' "Fast 3G" as Lighthouse throttles it.
 */
export const FAST_3G = { name: 'fast 3G (1.6 Mbps down, 750 Kbps up, 150 ms round trip)', latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
export interface PlaygroundFigures {
  date: string;
  browser: string;
  [key: string]: unknown;
}

export function readPlaygroundFigures(file = 'bench/playground.json'): PlaygroundFigures | null {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as PlaygroundFigures;
  } catch {
    return null;
  }
}

/** Table rows: [section, measure, result, goal, verdict]. */
export function playgroundRows(f: PlaygroundFigures | null): string[][] {
  if (!f) return [['8 playground', 'not measured: run the browser tests (tests/e2e/playground-speed.test.ts)', '', '', 'not measured']];
  const rows: string[][] = [];
  const when = `Chromium, ${f.date.slice(0, 10)}`;
  for (const [key, v] of Object.entries(f)) {
    const m = /^first_body_(\w+)$/.exec(key);
    if (m && v && typeof v === 'object') {
      const { what, ms_after_load_event: s, ms_after_navigation_start: nav, layout_shift: shift } = v as { what: string; ms_after_load_event: Stats; ms_after_navigation_start?: Stats; layout_shift?: Stats };
      // 0 after the load event means the body was in before it; the time from navigation says when.
      const fromNav = nav ? ` (from navigation start: ${nav.p50} / ${nav.max} ms)` : '';
      rows.push(['8 playground', `first body after the load event, ${what} (${when}, ${s.n} cold loads): p50 / max`, `${s.p50} / ${s.max} ms${fromNav}`, '≤ 300 ms', s.p50 <= 300 ? 'met' : 'NOT met']);
      if (shift) rows.push(['8 playground', `layout shift from the first body to the island's, ${what}: p50 / max`, `${shift.p50} / ${shift.max}`, '≤ 0.1', shift.max <= 0.1 ? 'met' : 'NOT met']);
    }
    const k = /^keystroke_(\d+)_chars$/.exec(key);
    if (k && v && typeof v === 'object') {
      const s = (v as { ms: Stats }).ms;
      rows.push(['8 playground', `keystroke to updated body, ${Number(k[1]).toLocaleString('en')}-character call (${s.n} keys): p50 / p95`, `${s.p50} / ${s.p95} ms`, 'p95 ≤ 50 ms', s.p95 <= 50 ? 'met' : 'NOT met']);
    }
  }
  return rows;
}
