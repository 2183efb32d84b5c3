// Where a schema node sits in the vendor's document, as a JSON pointer, so a rule read from its description
// can say where the words are without carrying them. Shared schemas are named where they are declared
// (components, definitions, Discovery's schemas) rather than at each use, so the walk visits those maps
// first. The converter sometimes reads a copy of a node (a parameter's schema with its description lifted
// in); the reader that makes the copy says which node it stands for (standsFor).

/** Copies the operation readers made, by the node each stands for. */
const copies = new WeakMap<object, object>();

/** Says that `copy` (a parameter lifted into a schema) stands for `original` in the document. */
export function standsFor<T extends object>(copy: T, original: object): T {
  copies.set(copy, original);
  return copy;
}

function escape(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The maps that declare shared parts: walked before the paths and resources that use them. */
const DECLARING = ['components', 'definitions', 'parameters', 'schemas'];

/** Past this many nodes the walk stops: a pointer is a courtesy, never worth a long import. */
const MAX_NODES = 2_000_000;

/** The pointer of each node of `doc` (the first place it is met, declarations first). */
export function specPointers(doc: unknown): (node: unknown) => string | undefined {
  const at = new WeakMap<object, string>();
  let budget = MAX_NODES;
  const stack: [unknown, string][] = [];
  const push = (v: unknown, p: string) => {
    if (v !== null && typeof v === 'object') stack.push([v, p]);
  };
  const run = () => {
    while (stack.length && budget-- > 0) {
      const [node, p] = stack.pop()!;
      if (at.has(node as object)) continue;
      at.set(node as object, p);
      const entries = Array.isArray(node) ? node.map((v, i) => [String(i), v] as const) : Object.entries(node as object);
      // Reversed, so the stack visits them in document order.
      for (let i = entries.length - 1; i >= 0; i--) push(entries[i][1], `${p}/${escape(entries[i][0])}`);
    }
  };
  if (doc !== null && typeof doc === 'object' && !Array.isArray(doc)) {
    const top = doc as Record<string, unknown>;
    for (const k of DECLARING) {
      push(top[k], `/${k}`);
      run();
    }
    push(doc, '');
    run();
  }
  return (node) => {
    if (node === null || typeof node !== 'object') return undefined;
    return at.get(node) ?? (copies.has(node) ? at.get(copies.get(node)!) : undefined);
  };
}
