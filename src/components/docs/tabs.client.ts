// Tabs (ExportTabs): the page holds buttons (data-tab) and panels (data-panel); this makes them the WAI-ARIA tabs
// pattern (roles, ids, aria-controls, aria-labelledby, a roving tabindex), then click or arrow keys (Home/End
// too) select a tab and show its panel. Loaded with the docs pages' other behaviour by DocsScript.astro.
export {};

function select(tabs: HTMLElement[], panels: Map<HTMLElement, HTMLElement>, tab: HTMLElement, focus: boolean) {
  for (const t of tabs) {
    const on = t === tab;
    t.setAttribute('aria-selected', String(on));
    t.tabIndex = on ? 0 : -1;
    const panel = panels.get(t);
    if (panel) panel.hidden = !on;
  }
  if (focus) tab.focus();
}

for (const group of document.querySelectorAll<HTMLElement>('[data-tabs]')) {
  const id = group.dataset.tabs || 'tabs';
  const tabs = [...group.querySelectorAll<HTMLElement>('[data-tab]')];
  const panels = new Map<HTMLElement, HTMLElement>();
  for (const tab of tabs) {
    const form = tab.dataset.tab!;
    const panel = group.querySelector<HTMLElement>(`[data-panel="${CSS.escape(form)}"]`);
    tab.id = `${id}-tab-${form}`;
    tab.setAttribute('role', 'tab');
    tab.tabIndex = tab.getAttribute('aria-selected') === 'true' ? 0 : -1;
    if (panel) {
      panel.id = `${id}-panel-${form}`;
      panel.setAttribute('role', 'tabpanel');
      panel.setAttribute('aria-labelledby', tab.id);
      tab.setAttribute('aria-controls', panel.id);
      panels.set(tab, panel);
    }
  }
  for (const tab of tabs) {
    tab.addEventListener('click', () => select(tabs, panels, tab, false));
    tab.addEventListener('keydown', (e) => {
      const i = tabs.indexOf(tab);
      const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
      if (next === undefined) return;
      e.preventDefault();
      select(tabs, panels, tabs[(next + tabs.length) % tabs.length], true);
    });
  }
}
