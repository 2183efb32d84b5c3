// The editors follow the page's theme: the toggle's data-theme on <html>, else the system preference.
import { useEffect, useState } from 'react';

/** True when the page is dark. */
function isDark(): boolean {
  const root = document.documentElement;
  const set = root.dataset.theme ?? (root.classList.contains('dark') ? 'dark' : root.classList.contains('light') ? 'light' : undefined);
  if (set === 'dark' || set === 'light') return set === 'dark';
  return matchMedia('(prefers-color-scheme: dark)').matches;
}

export function useDarkTheme(): boolean {
  const [dark, setDark] = useState(isDark);
  useEffect(() => {
    const update = () => setDark(isDark());
    const media = matchMedia('(prefers-color-scheme: dark)');
    media.addEventListener('change', update);
    window.addEventListener('actionable:theme', update);
    const observer = new MutationObserver(update);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'class'] });
    return () => {
      media.removeEventListener('change', update);
      window.removeEventListener('actionable:theme', update);
      observer.disconnect();
    };
  }, []);
  return dark;
}
