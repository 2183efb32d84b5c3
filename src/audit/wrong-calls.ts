// The wrong calls `audit` sends a tool: one per kind of mistake models make, each touching one place of a
// small call the tool's schema takes (read from the schema alone), chosen the same way every run (the first
// eligible field, required fields first). A call is kept only when the tool's published schema refuses it
// (schema-refuses.ts), so a server that checks its own schema must refuse every call sent.
import { deref, typesOf } from '../engine/schema';
import { minimalExample } from '../engine/explain/schema-example';
import { SCHEMA_WORDS as WORDS } from '../engine/faults/rule-words';
import type { CompiledTool, Json, SchemaNode } from '../engine/types';

export const MISTAKE_KINDS = [
  'missing_required',
  'wrong_type',
  'enum_case',
  'enum_wording',
  'undeclared_argument',
  'misspelt_argument',
  'json_text',
  'single_for_list',
  'date_form',
  'decorated_id',
  'near_tool_name',
] as const;
export type MistakeKind = (typeof MISTAKE_KINDS)[number];

export const MISTAKE_LABELS: Record<MistakeKind, string> = {
  missing_required: 'the required arguments left out',
  wrong_type: 'a value of the wrong type (a number as a string, a string as a number)',
  enum_case: 'an enum value in the wrong case',
  enum_wording: 'an enum value worded differently (a letter dropped, a space for an underscore)',
  undeclared_argument: 'an argument the tool does not declare',
  misspelt_argument: 'a declared argument misspelt',
  json_text: 'an object or list sent as JSON text',
  single_for_list: 'a single value where a list is asked for',
  date_form: 'a date or time in a loose form',
  decorated_id: 'an id with a decoration (#12, id:12)',
  near_tool_name: 'a tool name one letter off, or behind a namespace',
};

export interface WrongCall {
  kind: MistakeKind;
  /** The tool audited (the call's own name differs for near_tool_name). */
  tool: string;
  name: string;
  arguments: Record<string, Json>;
  /** The argument the mistake is in, or "name". */
  at: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

// Dates as models write them when the schema asks for RFC 3339.
const LOOSE_DATES: Record<string, string> = { date: '12/06/2026', 'date-time': '2026-12-06 10:30', time: '10:30 am' };
// Argument names a model adds on its own; the first the tool does not declare is sent.
const EXTRA_ARGUMENTS = ['verbose', 'format', 'debug', 'options_extra'];

/** A name one letter off: the letter before the last dropped ("quey" for query), or the last doubled for a short one. */
export function misspelt(name: string): string {
  return name.length >= 4 ? name.slice(0, -2) + name.slice(-1) : name + name.slice(-1);
}

interface Field {
  name: string;
  schema: SchemaNode;
  required: boolean;
}

/** The tool's top-level arguments, required ones first, each in declared order. */
function fieldsOf(root: SchemaNode): Field[] {
  const props = isObject(root.properties) ? root.properties : {};
  const required = new Set(Array.isArray(root.required) ? root.required.filter((r): r is string => typeof r === 'string') : []);
  const all = Object.keys(props).map((name) => ({ name, schema: isObject(props[name]) ? deref(root, props[name] as SchemaNode) : {}, required: required.has(name) }));
  return [...all.filter((f) => f.required), ...all.filter((f) => !f.required)];
}

function enumStrings(s: SchemaNode): string[] {
  return Array.isArray(s.enum) ? s.enum.filter((v): v is string => typeof v === 'string') : [];
}

/** One wrong value per kind for a field, or undefined when the kind does not apply to it. */
function wrongValue(kind: MistakeKind, f: Field, example: Json | undefined): Json | undefined {
  const types = typesOf(f.schema);
  const values = enumStrings(f.schema);
  switch (kind) {
    case 'wrong_type':
      if (types.includes('string') && !types.includes('number') && !types.includes('integer')) return 42;
      if ((types.includes('number') || types.includes('integer')) && !types.includes('string')) return String(typeof example === 'number' ? example : 1);
      if (types.includes('boolean') && !types.includes('string')) return 'true';
      return undefined;
    case 'enum_case':
      for (const v of values) {
        const other = v === v.toUpperCase() ? v.toLowerCase() : v.toUpperCase();
        if (other !== v && !values.includes(other)) return other;
      }
      return undefined;
    case 'enum_wording':
      for (const v of values) {
        const other = /[_-]/.test(v) ? v.replace(/[_-]/g, ' ') : / /.test(v) ? v.replace(/ /g, '_') : v.length >= 4 ? misspelt(v) : undefined;
        if (other !== undefined && !values.includes(other)) return other;
      }
      return undefined;
    case 'json_text': {
      if (types.includes('string') || !(types.includes('object') || types.includes('array'))) return undefined;
      // A list with one item reads as the JSON text a model writes; an empty one would say little.
      const item = types.includes('array') && isObject(f.schema.items) ? minimalExample(f.schema, f.schema.items, WORDS) : undefined;
      const value = Array.isArray(example) && example.length === 0 && item !== undefined ? [item] : example;
      return value !== undefined && value !== null && typeof value === 'object' ? JSON.stringify(value) : undefined;
    }
    case 'single_for_list': {
      if (!types.includes('array') || !isObject(f.schema.items)) return undefined;
      const item = minimalExample(f.schema, f.schema.items, WORDS);
      return item === undefined || Array.isArray(item) ? undefined : item;
    }
    case 'date_form':
      return typeof f.schema.format === 'string' ? LOOSE_DATES[f.schema.format] : undefined;
    case 'decorated_id':
      if (!/(?:^id$|_id$|Id$|ID$)/.test(f.name)) return undefined;
      return `#${typeof example === 'string' || typeof example === 'number' ? example : 12}`;
    default:
      return undefined;
  }
}

/**
 * The wrong calls for one tool, at most one per kind, before the refusal filter. `toolNames` are every tool the
 * server lists, so a near name is never one of them.
 */
export function wrongCalls(tool: CompiledTool, toolNames: ReadonlySet<string>): WrongCall[] {
  const root = isObject(tool.source.arguments) ? (tool.source.arguments as SchemaNode) : {};
  const example = minimalExample(root, root, WORDS);
  const base: Record<string, Json> = isObject(example) ? (example as Record<string, Json>) : {};
  const fields = fieldsOf(root);
  const valueOf = (f: Field): Json | undefined => (f.name in base ? base[f.name] : minimalExample(root, f.schema, WORDS));
  const out: WrongCall[] = [];
  const add = (kind: MistakeKind, at: string, args: Record<string, Json>, name = tool.name) => out.push({ kind, tool: tool.name, name, arguments: args, at });
  for (const kind of MISTAKE_KINDS) {
    if (kind === 'missing_required') {
      // Every required argument left out, as a model that calls with {} does: a tool with two gives two faults.
      const required = fields.filter((x) => x.required);
      if (required.length) {
        const rest = { ...base };
        for (const f of required) delete rest[f.name];
        add(kind, required.map((f) => f.name).join(', '), rest);
      }
    } else if (kind === 'undeclared_argument') {
      const extra = EXTRA_ARGUMENTS.find((n) => !fields.some((f) => f.name === n));
      if (extra) add(kind, extra, { ...base, [extra]: true });
    } else if (kind === 'misspelt_argument') {
      const f = fields[0];
      const wrong = f && misspelt(f.name);
      if (f && !fields.some((x) => x.name === wrong)) {
        const rest = { ...base };
        delete rest[f.name];
        const v = valueOf(f);
        add(kind, wrong, { ...rest, [wrong]: v === undefined ? '…' : v });
      }
    } else if (kind === 'near_tool_name') {
      const near = [misspelt(tool.name), `functions.${tool.name}`].find((n) => !toolNames.has(n));
      if (near) add(kind, 'name', base, near);
    } else {
      for (const f of fields) {
        const v = wrongValue(kind, f, valueOf(f));
        if (v !== undefined) {
          add(kind, f.name, { ...base, [f.name]: v });
          break;
        }
      }
    }
  }
  return out;
}
