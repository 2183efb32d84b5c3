// The table of contents marks the section being read (src/components/docs/Toc.astro). A module: it runs once the
// page is parsed, and as a file it is fetched once for every page rather than written into each.
const start = () => {
  const nav = document.querySelector('[data-page-toc]');
  if (!nav || !('IntersectionObserver' in window)) return;
  const pairs = [...nav.querySelectorAll('a[href^="#"]')]
    .map((a) => ({ a, t: document.getElementById(decodeURIComponent(a.hash.slice(1))) }))
    .filter((p) => p.t);
  let current = null;
  // The section being read: the last heading above a line a quarter of the way down the window
  // (the last one of all once the page can scroll no further).
  const update = () => {
    const line = innerHeight / 4;
    let pick = null;
    // A heading that is not rendered (in a closed panel) has no place on the page to be read at.
    for (const p of pairs) if (p.t.getClientRects().length && p.t.getBoundingClientRect().top <= line) pick = p;
    const end = innerHeight + scrollY >= document.documentElement.scrollHeight - 2;
    if (end && pairs.length) pick = pairs[pairs.length - 1];
    const a = pick ? pick.a : null;
    if (a === current) return;
    if (current) current.removeAttribute('aria-current');
    if (a) a.setAttribute('aria-current', 'location');
    current = a;
    // Keep the marked entry inside the column's own scroll box, without moving the page.
    if (a && nav.scrollHeight > nav.clientHeight) {
      const r = a.getBoundingClientRect();
      const n = nav.getBoundingClientRect();
      if (r.top < n.top || r.bottom > n.bottom) nav.scrollTop += r.top - n.top - n.height / 3;
    }
  };
  const io = new IntersectionObserver(update, { rootMargin: '0px 0px -75% 0px' });
  for (const p of pairs) io.observe(p.t);
  addEventListener('scrollend', update);
  addEventListener('hashchange', update);
  update();
};
if (document.readyState === 'loading') addEventListener('DOMContentLoaded', start);
else start();
