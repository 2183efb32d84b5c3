// The script of the search box (SiteSearch.astro), loaded by the header's script (Base.astro). Plain JavaScript,
// bundled by Astro into one file that every page loads and the browser caches, rather than repeated inline in each
// of the site's thousands of pages. The page holds the box alone: this makes the parts only it uses.
import { CODES, isGenericCode } from '../../engine/faults/codes';
import { SEARCH_RANKING } from '../../docs/search-ranking';

(() => {
  const state = (window.__actionableSearch ??= { pagefind: undefined, keyBound: false });
  // The site's base path (BASE_PATH at build), always ending with a slash, as basePath() gives it to the pages.
  const base = (import.meta.env.BASE_URL ?? '/').replace(/\/?$/, '/');
  // Pagefind's own script, from the site: a plain string, which Vite leaves as it is (it wraps an import of a template
  // literal in its preload helper, one more file for every page to load).
  const bundle = base + 'pagefind/pagefind.js';
  const load = () => {
    state.pagefind ??= import(/* @vite-ignore */ bundle).then(async (pf) => {
      await pf.options({ baseUrl: base, excerptLength: 16, ranking: SEARCH_RANKING });
      await pf.init();
      return pf;
    });
    return state.pagefind;
  };
  const el = (tag, cls, text) => {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  };
  // Pagefind's excerpts are its own escaped text with <mark> around hits; keep only those marks.
  const excerpt = (html) => {
    const span = el('span', 'result-excerpt');
    const tmp = document.createElement('template');
    tmp.innerHTML = html;
    for (const node of tmp.content.childNodes) {
      if (node.nodeName === 'MARK') span.append(el('mark', '', node.textContent));
      else span.append(document.createTextNode(node.textContent));
    }
    return span;
  };
  const link = (href, title, excerptHtml) => {
    const a = el('a');
    a.href = href;
    a.append(el('span', 'result-title', title));
    if (excerptHtml) a.append(excerpt(excerptHtml));
    return a;
  };

  document.querySelectorAll('[data-site-search]:not([data-ready])').forEach((box) => {
    box.dataset.ready = '1';
    const input = box.querySelector('input');
    // What a screen reader reads for the box, the live region that reads each count out, and the results panel.
    const hint = el('span', 'visually-hidden', 'Results appear below as you type; press the down arrow to move into them.');
    hint.id = `${input.id}-hint`;
    const live = el('p', 'visually-hidden');
    live.setAttribute('role', 'status');
    live.dataset.searchLive = '';
    const panel = el('div', 'search-panel');
    panel.id = `${input.id}-panel`;
    panel.hidden = true;
    const status = el('p', 'search-status');
    status.dataset.searchStatus = '';
    const list = el('ul', 'search-results');
    list.dataset.searchResults = '';
    panel.append(status, list);
    box.append(hint, live, panel);
    input.setAttribute('aria-controls', panel.id);
    input.setAttribute('aria-describedby', hint.id);
    let seq = 0;

    const say = (text) => {
      status.textContent = text;
      live.textContent = text;
    };
    const close = () => {
      panel.hidden = true;
    };
    const links = () => [...list.querySelectorAll('a')];

    const run = async () => {
      const q = input.value.trim();
      const mine = ++seq;
      if (!q) {
        list.replaceChildren();
        close();
        return;
      }
      panel.hidden = false;
      let pf;
      try {
        pf = await load();
      } catch {
        if (mine === seq) say('Search is not available here: its index is written when the site is built (npm run build).');
        return;
      }
      const search = await pf.debouncedSearch(q, {}, 120);
      if (search === null || mine !== seq) return;
      const loaded = await Promise.all(search.results.slice(0, 8).map((r) => r.data()));
      if (mine !== seq) return;
      // Pagefind answers a word it does not hold with a shorter one it does ("xyzzyqq" finds a field named x):
      // a result whose every match is such a stub matches nothing that was asked.
      const words = q.toLowerCase().split(/[^a-z0-9_]+/).filter(Boolean);
      const asked = (d) => {
        const marks = [...d.excerpt.matchAll(/<mark>([\s\S]*?)<\/mark>/g)].map((m) => m[1].toLowerCase().replace(/[^a-z0-9_]/g, ''));
        return marks.length === 0 || marks.some((m) => words.some((w) => m.length >= Math.min(3, w.length) && m.startsWith(w.slice(0, Math.min(3, w.length)))));
      };
      let top = loaded.filter(asked);
      // A generic error code asked by name: its entry on the errors page first, at its own anchor.
      const code = words.length === 1 && isGenericCode(words[0]) ? words[0] : undefined;
      if (code) {
        const errorsPage = `${base}errors/`;
        top = [{ url: `${errorsPage}#${code}`, meta: { title: `${code} · Error codes` }, excerpt: CODES[code].meaning.replace(/[&<>]/g, ''), sub_results: [] }, ...top.filter((d) => new URL(d.url, location.href).pathname !== errorsPage)].slice(0, 8);
      }
      list.replaceChildren(
        ...top.map((d) => {
          const li = el('li');
          li.append(link(d.url, d.meta.title || d.url, d.excerpt));
          const subs = (d.sub_results || []).filter((s) => s.url !== d.url && s.url.includes('#')).slice(0, 3);
          if (subs.length) {
            const ul = el('ul', 'sub-results');
            for (const s of subs) {
              const sli = el('li');
              sli.append(link(s.url, s.title, ''));
              ul.append(sli);
            }
            li.append(ul);
          }
          return li;
        }),
      );
      // Stubs dropped from the first few say the rest are no better: only what is listed is counted.
      const n = top.length < loaded.length ? top.length : search.results.length;
      say(n === 0 ? `No results for “${q}”.` : n > top.length ? `${n} pages match “${q}”; the best ${top.length} are listed.` : `${n} page${n === 1 ? '' : 's'} match “${q}”.`);
    };

    input.addEventListener('input', run);
    input.addEventListener('focus', () => {
      load().catch(() => {});
      if (input.value.trim() && list.childElementCount) panel.hidden = false;
    });
    box.addEventListener('keydown', (e) => {
      const all = links();
      const i = all.indexOf(document.activeElement);
      if (e.key === 'Escape') {
        close();
        input.focus();
      } else if (e.key === 'Enter' && document.activeElement === input && all.length) {
        // Enter in the box opens the best result.
        e.preventDefault();
        all[0].click();
      } else if (e.key === 'ArrowDown' && all.length) {
        e.preventDefault();
        panel.hidden = false;
        all[Math.min(i + 1, all.length - 1)].focus();
      } else if (e.key === 'ArrowUp' && i !== -1) {
        e.preventDefault();
        if (i === 0) input.focus();
        else all[i - 1].focus();
      }
    });
    document.addEventListener('click', (e) => {
      if (!box.contains(e.target)) close();
    });
    box.addEventListener('focusout', (e) => {
      if (e.relatedTarget && !box.contains(e.relatedTarget)) close();
    });
    if (box.dataset.fromPath) {
      // On the 404 page: search for the last word of the missing address.
      const parts = decodeURIComponent(location.pathname.slice(base.length)).split('/').filter((w) => w && w !== 'index.html');
      const last = parts[parts.length - 1];
      if (last) {
        input.value = last.replace(/[-_.]+/g, ' ').trim();
        run();
      }
    }
  });

  if (!state.keyBound) {
    state.keyBound = true;
    // "/" jumps to the search box, unless the reader is typing somewhere.
    document.addEventListener('keydown', (e) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey) return;
      const t = e.target;
      if (t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
      const input = document.querySelector('[data-site-search] input');
      if (input) {
        e.preventDefault();
        input.focus();
      }
    });
  }
})();
