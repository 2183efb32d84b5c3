// The import circles of a module graph, for the boundary tests of the engine and of the playground.

/** Every circle a depth-first walk of `graph` meets, each written `a -> b -> a` with `root/` cut from its paths. */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>, root: string): string[] {
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  // A module met again while still on the path closes a circle.
  const visit = (f: string) => {
    state.set(f, 'open');
    path.push(f);
    for (const next of graph.get(f) ?? []) {
      if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next].map((p) => p.slice(root.length + 1)).join(' -> '));
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(f, 'done');
  };
  for (const f of graph.keys()) if (!state.has(f)) visit(f);
  return cycles;
}
