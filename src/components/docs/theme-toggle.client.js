// The script of the theme toggle (ThemeToggle.astro), loaded by the header's script (Base.astro). Plain JavaScript,
// bundled by Astro into one file that every page loads and the browser caches, rather than repeated inline in each
// of the site's thousands of pages.
(() => {
  const root = document.documentElement;
  const dark = matchMedia('(prefers-color-scheme: dark)');
  const effective = () => root.dataset.theme || (dark.matches ? 'dark' : 'light');
  const buttons = () => document.querySelectorAll('[data-theme-toggle]');
  const sync = () => buttons().forEach((b) => b.setAttribute('aria-pressed', String(effective() === 'dark')));
  buttons().forEach((b) => {
    if (b.dataset.ready) return;
    b.dataset.ready = '1';
    b.addEventListener('click', () => {
      const next = effective() === 'dark' ? 'light' : 'dark';
      root.dataset.theme = next;
      try {
        localStorage.setItem('actionable-theme', next);
      } catch {
        // Storage refused (private mode): the theme still changes for this page.
      }
      sync();
      // Islands with their own theming (the playground's editor) listen for this.
      window.dispatchEvent(new CustomEvent('actionable:theme', { detail: next }));
    });
  });
  dark.addEventListener('change', sync);
  sync();
})();
