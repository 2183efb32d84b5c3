// A tool's field index read as a tree, built once per tool: the fields under each path pattern, the
// declared names at each level, and the fields that declare conflicts. Explaining a fault asks these
// questions many times per call (every probe of a candidate checks the conflicts), and scanning every
// field of the tool for each answer was a large part of a faulty call's cost.
import type { CompiledTool, FieldInfo } from './types';

export interface FieldIndex {
  /** The map this index was built from; a tool given another map gets a new index. */
  fields: Map<string, FieldInfo>;
  size: number;
  /** Parent pattern ('' for the arguments) -> the fields declared directly under it, in declaration order. */
  children: Map<string, FieldInfo[]>;
  /** Parent pattern -> the names an object there takes (array items, `x[]`, are no names). */
  names: Map<string, string[]>;
  /** The fields with x-conflicts, in declaration order, with the steps to the objects that hold them. */
  conflicted: { field: FieldInfo; steps: string[] }[];
}

const INDEX = new WeakMap<CompiledTool, FieldIndex>();
const NONE: readonly never[] = Object.freeze([]);

function push<T>(map: Map<string, T[]>, key: string, value: T) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export function fieldIndex(tool: CompiledTool): FieldIndex {
  let index = INDEX.get(tool);
  if (index && index.fields === tool.fields && index.size === tool.fields.size) return index;
  index = { fields: tool.fields, size: tool.fields.size, children: new Map(), names: new Map(), conflicted: [] };
  for (const f of tool.fields.values()) {
    // A direct child of `parent` has the path `parent.name`, or `name` at the top.
    const parent = f.path === f.name ? '' : f.path.endsWith(`.${f.name}`) ? f.path.slice(0, f.path.length - f.name.length - 1) : undefined;
    if (parent !== undefined && f.path === (parent ? `${parent}.${f.name}` : f.name)) push(index.children, parent, f);
    // The level a name is declared at, as unknown-argument messages read it.
    const level = f.path.includes('.') || f.path.includes('[') ? f.path.slice(0, f.path.length - f.name.length).replace(/\.$/, '') : '';
    if (!f.path.endsWith('[]')) push(index.names, level, f.name);
    if (f.conflicts) {
      const pattern = f.path.slice(0, f.path.length - f.name.length).replace(/\.$/, '');
      index.conflicted.push({ field: f, steps: pattern === '' ? [] : pattern.replace(/\[\]/g, '.[]').split('.').filter(Boolean) });
    }
  }
  INDEX.set(tool, index);
  return index;
}

/** The fields declared directly under the path pattern `parent` ('' for the arguments), in order. Read only. */
export function childFieldsOf(tool: CompiledTool, parent: string): readonly FieldInfo[] {
  return fieldIndex(tool).children.get(parent) ?? NONE;
}

/** The declared names of the object at the path pattern `parent`, in order (a fresh array). */
export function declaredNamesOf(tool: CompiledTool, parent: string): string[] {
  return (fieldIndex(tool).names.get(parent) ?? NONE).slice();
}
