// An export the page loads from its file (a <pre data-export-src>, ExportTabs' `src`): fetched once, shown
// indented. The tabs load it when the page opens; a copy button waits for it.
const loads = new WeakMap<HTMLElement, Promise<string>>();

/** The text of a code block's <pre>, loading it first when it comes from a file. */
export function codeText(pre: HTMLElement): Promise<string> {
  const code = pre.querySelector('code');
  const src = pre.dataset.exportSrc;
  if (!src || !code) return Promise.resolve(code?.textContent ?? '');
  let load = loads.get(pre);
  if (!load) {
    load = fetch(src)
      .then((res) => {
        if (!res.ok) throw new Error(`${src}: ${res.status}`);
        return res.json();
      })
      .then((value: unknown) => {
        const text = JSON.stringify(value, null, 2);
        code.textContent = text;
        pre.dataset.loaded = '';
        return text;
      });
    loads.set(pre, load);
    // A failed load can be tried again (by the copy button).
    load.catch(() => loads.delete(pre));
  }
  return load;
}

/** Loads every export on the page that comes from a file. */
export function loadExports(): void {
  for (const pre of document.querySelectorAll<HTMLElement>('pre[data-export-src]')) codeText(pre).catch(() => {});
}
