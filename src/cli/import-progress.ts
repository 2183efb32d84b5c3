// Progress of a long --tools import on stderr: a large API document (GitHub's 1,223 operations) takes
// seconds to import and compile, and a command that says nothing that long looks hung. Nothing is written
// for the first second, then a line at most every 5 seconds, and a last line with the total when any was.
// A document of fewer than 50 operations never reports: it is done in moments even on a busy machine, and
// its stderr keeps to the warnings that matter.
const PROGRESS_AFTER_MS = 1000;
const PROGRESS_EVERY_MS = 5000;
const PROGRESS_MIN_OPERATIONS = 50;

export interface ImportProgress {
  /** The importer's onProgress: after each operation. */
  onProgress: (done: number, total: number) => void;
  /** After the import: the closing line, if progress was shown. */
  done: (tools: number) => void;
}

const n = (x: number) => x.toLocaleString('en-US');

export function importProgress(origin: string, write: (text: string) => void, now: () => number = () => performance.now()): ImportProgress {
  const start = now();
  let last = -Infinity;
  let shown = false;
  return {
    onProgress(done, total) {
      const t = now();
      if (total < PROGRESS_MIN_OPERATIONS || t - start < PROGRESS_AFTER_MS || t - last < PROGRESS_EVERY_MS) return;
      last = t;
      shown = true;
      write(`${origin}: importing, ${n(done)} of ${n(total)} operations\n`);
    },
    done(tools) {
      if (shown) write(`${origin}: imported ${n(tools)} tools in ${((now() - start) / 1000).toFixed(1)} s\n`);
    },
  };
}
