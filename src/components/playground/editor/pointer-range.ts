// Where a JSON pointer lands in a JSON text: problems in pasted tool definitions and in a pack's state are
// marked with it. Apart from locate.ts (which places a body's faults in a call), so the state and the
// definitions can be read before the editor's markers load.
import { parseTree, type Node } from 'jsonc-parser';
import { pointerKeys, type TextRange } from '../../../sandbox/positions';

/** The value node of a property in an object node; the last one wins, as with JSON.parse. */
export function prop(node: Node | undefined, key: string): Node | undefined {
  if (!node || node.type !== 'object' || !node.children) return undefined;
  for (let i = node.children.length - 1; i >= 0; i--) {
    const p = node.children[i];
    if (p.children?.[0]?.value === key) return p.children[1];
  }
  return undefined;
}

/** The key node of a property's value, if the value is a property's. */
export function keyNodeOf(value: Node): Node | undefined {
  return value.parent?.type === 'property' ? value.parent.children?.[0] : undefined;
}

/**
 * The range of a JSON pointer into a JSON text (a problem in pasted tool definitions). `<schema>` stands
 * for wherever the definition keeps its schema (OpenAI, Anthropic or MCP shape). Falls back to the
 * deepest part of the pointer that exists.
 */
export function rangeOfPointer(text: string, pointer: string): { range: TextRange; exact: boolean; pointer: string } | null {
  const root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  if (!root) return null;
  const segments = pointer === '/' ? [] : pointerKeys(pointer);
  let node: Node = root;
  const resolved: string[] = [];
  for (const raw of segments) {
    let next: Node | undefined;
    let seg = raw;
    if (seg === '<schema>') {
      const places: [string, Node | undefined][] = [
        ['function/parameters', prop(prop(node, 'function'), 'parameters')],
        ['input_schema', prop(node, 'input_schema')],
        ['inputSchema', prop(node, 'inputSchema')],
        ['parameters', prop(node, 'parameters')],
      ];
      const hit = places.find(([, n]) => n);
      seg = hit?.[0] ?? seg;
      next = hit?.[1];
    } else if (node.type === 'array' && /^\d+$/.test(seg)) {
      next = node.children?.[Number(seg)];
    } else {
      next = prop(node, seg);
    }
    if (!next) {
      const key = keyNodeOf(node);
      const at = key ?? node;
      const where = [...resolved, ...segments.slice(resolved.length).map(escapePointer)].join('/');
      return { range: key ? { start: at.offset, end: at.offset + at.length } : { start: node.offset, end: node.offset + 1 }, exact: false, pointer: where ? `/${where}` : '/' };
    }
    // `<schema>` resolves to a path of one or two segments ("function/parameters"), written as is.
    resolved.push(raw === '<schema>' ? seg : escapePointer(seg));
    node = next;
  }
  const key = keyNodeOf(node);
  const where = resolved.length ? `/${resolved.join('/')}` : '/';
  // A whole object or array is too much to underline: point at its key (or its opening bracket).
  if (node.type === 'object' || node.type === 'array') {
    return { range: key ? { start: key.offset, end: key.offset + key.length } : { start: node.offset, end: node.offset + 1 }, exact: true, pointer: where };
  }
  return { range: { start: node.offset, end: node.offset + node.length }, exact: true, pointer: where };
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
