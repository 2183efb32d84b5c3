// The walk: one pass over a tool's parameter schema builds the schema a target takes and records a finding
// for every construct it changes, with where the rule lives afterwards. The vendors' verdicts on single
// keywords come from their rules files; the size budgets (budgets.ts) may ask for another pass with more
// decisions taken.
import { anthropicVerdict } from './anthropic';
import { ASSERTIONS, engineEnforces, SILENT, STRUCTURE } from './enforced';
import { geminiVerdict } from './gemini';
import { geminiPropertyNames } from './names';
import { compact, isObj } from './nodes';
import { openaiVerdict } from './openai';
import { VENDOR, type StrictAction, type StrictFinding, type StrictLives, type StrictTarget, type Verdict } from './targets';
import { ruleWords } from './words';
import { resolveLocalRef, typesOf } from '../schema';
import type { CompiledTool, FieldInfo, Json, SchemaNode } from '../types';
import { childPointer } from '../paths';

/** Branches that only add `required` (or words): "send at least one of these fields". */
function constraintOnlyBranches(branches: unknown): boolean {
  return Array.isArray(branches) && branches.length > 0 && branches.every((b) => isObj(b) && Object.keys(b).every((k) => ['required', 'description', 'title', '$comment'].includes(k) || k.startsWith('x-')));
}

function requiredChoice(branches: unknown): string[] | undefined {
  if (!constraintOnlyBranches(branches)) return undefined;
  const names = (branches as SchemaNode[]).map((b) => (Array.isArray(b.required) && b.required.length === 1 ? String(b.required[0]) : null));
  return names.every((n) => n !== null) ? (names as string[]) : undefined;
}

export interface Decisions {
  /** Schema pointers whose node is sent as JSON text in a string, and why. */
  collapse: Map<string, string>;
  /** Enum pointers left out for a size limit, and why. */
  dropEnum: Map<string, string>;
  /** Anthropic: optional properties sent as required and nullable to fit the optional-parameter limit. */
  nullableRequired: Set<string>;
}

interface Walk {
  target: StrictTarget;
  checked: boolean;
  root: SchemaNode;
  fields: Map<string, FieldInfo> | undefined;
  findings: StrictFinding[];
  decisions: Decisions;
  refStack: string[];
  rootNotes: string[];
  /** Output node -> the input pointer it came from (for the size passes). */
  sites: Map<SchemaNode, string>;
}

function where(field: string): string {
  return field ? field : 'the arguments object';
}

function tail(w: Walk, lives: StrictLives): string {
  if (lives === 'checks') return 'check() still enforces it on every call.';
  if (lives === 'gloss') return 'It is words for the model and was never enforced; the strict export keeps it in the description.';
  return w.checked ? 'The engine does not enforce it either, so nothing does.' : 'Nothing enforces it unless your server runs check() on every call.';
}

function livesOf(w: Walk, keyword: string, value: unknown): StrictLives {
  if (!ASSERTIONS.has(keyword)) return 'gloss';
  return w.checked && engineEnforces(keyword, value) ? 'checks' : 'nowhere';
}

function record(w: Walk, path: string, construct: string, action: StrictAction, lives: StrictLives, what: string) {
  w.findings.push({ path, construct, action, lives, message: `${what} ${tail(w, lives)}` });
}

/** The node sent as JSON text in a string instead: the value keeps its meaning, check() parses it (absorb). */
function collapsed(w: Walk, n: SchemaNode, path: string, field: string, construct: string, why: string): SchemaNode {
  const types = typesOf(n, { inferred: 'all' });
  const lives: StrictLives = w.checked ? 'checks' : 'nowhere';
  record(w, path, construct, 'rewrite', lives, `${where(field)}: ${why}. The strict export asks for it as JSON text in a string, which check() parses back before validating.`);
  const shape = compact(Object.fromEntries(Object.entries(n).filter(([k]) => k !== 'description')));
  const kind = types.includes('array') && !types.includes('object') ? 'array' : 'object';
  const description = [typeof n.description === 'string' ? n.description : '', `Send the ${kind} as JSON text in a string, matching this JSON Schema: ${shape}`].filter(Boolean).join(' ');
  return withNull(w.target, { type: 'string', description }, types.includes('null'));
}

/** `schema` that also admits null, in the spelling the target takes; `sites` learns the new nodes' origin. */
function withNull(target: StrictTarget, schema: SchemaNode, nullable: boolean, sites?: Map<SchemaNode, string>): SchemaNode {
  if (!nullable) return schema;
  const at = sites?.get(schema);
  const mark = (node: SchemaNode) => {
    if (at !== undefined) sites!.set(node, at);
    return node;
  };
  if (target === 'gemini') return mark({ ...schema, nullable: true });
  if (target === 'openai-strict' && typeof schema.type === 'string' && !('enum' in schema) && !('const' in schema)) return mark({ ...schema, type: [schema.type, 'null'] });
  const { description, ...rest } = schema;
  if (Object.keys(rest).length === 1 && Array.isArray(rest.anyOf)) return mark({ ...(description ? { description } : {}), anyOf: [...rest.anyOf, { type: 'null' }] });
  return mark({ ...(description ? { description } : {}), anyOf: [mark(rest), { type: 'null' }] });
}

function visit(w: Walk, raw: unknown, path: string, field: string, role: 'root' | 'property' | 'items' | 'branch' | 'def'): SchemaNode {
  if (raw === true || (isObj(raw) && Object.keys(raw).every((k) => k.startsWith('x-') || k === 'description' || k === 'title'))) {
    // Any value at all: no target takes a schema without a type. Scalars keep their meaning; an object or
    // array sent here would have to be JSON text.
    const n = isObj(raw) ? raw : {};
    record(w, path, 'type', 'rewrite', w.checked ? 'checks' : 'nowhere', `${where(field)}: ${VENDOR[w.target]} needs a type, and this schema takes any value. The strict export offers a string, number, boolean or null.`);
    const out: SchemaNode = { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'null' }] };
    if (typeof n.description === 'string') out.description = n.description;
    if (w.target === 'gemini') return { ...out, anyOf: out.anyOf.slice(0, 3), nullable: true };
    return out;
  }
  if (raw === false) {
    record(w, path, 'false', 'refuses', w.checked ? 'checks' : 'nowhere', `${where(field)}: the schema false (no value allowed) has no strict spelling. The strict export offers null only.`);
    return w.target === 'gemini' ? { type: 'string', nullable: true, description: 'Must not be sent: send null.' } : { type: 'null' };
  }
  if (!isObj(raw)) return raw as SchemaNode;
  const n = raw;

  if (typeof n.$ref === 'string') {
    const ref: string = n.$ref;
    const siblingKeys = Object.keys(n).filter((k) => k !== '$ref' && k !== 'description' && !k.startsWith('x-'));
    if (w.target === 'openai-strict' && siblingKeys.length === 0) {
      // [OAI-SO] "Definitions are supported", "Recursive schemas are supported".
      const out: SchemaNode = { $ref: ref };
      if (typeof n.description === 'string') out.description = n.description;
      w.sites.set(out, path);
      return out;
    }
    const target = resolveLocalRef(w.root, n);
    if (!target) {
      // [ANT-SO] "External $ref" is not supported; our engine cannot resolve it either.
      record(w, childPointer(path, '$ref'), '$ref', 'refuses', 'nowhere', `${where(field)}: ${ref} cannot be resolved inside the tool.`);
      return { type: 'string', description: typeof n.description === 'string' ? n.description : '' };
    }
    if (w.refStack.includes(ref) || w.refStack.length > 32) {
      // [ANT-SO] "Recursive schemas" are not supported; Gemini has no $ref to recurse with.
      return collapsed(w, target.node, path, field, '$ref', `${VENDOR[w.target]} cannot express the recursive schema ${ref}`);
    }
    if (w.target === 'gemini') record(w, childPointer(path, '$ref'), '$ref', 'rewrite', w.checked ? 'checks' : 'nowhere', `${where(field)}: Gemini has no $ref; the strict export writes ${ref} out in place.`);
    const { $ref: _r, ...siblings } = n;
    w.refStack.push(ref);
    const out = visit(w, { ...target.node, ...siblings }, path, field, role);
    w.refStack.pop();
    return out;
  }

  const info = w.fields?.get(field);
  // An enum or const without a type says its values; only Gemini needs the type spelled (and only strings).
  const inferOnlyForGemini = n.type === undefined && (Array.isArray(n.enum) || 'const' in n) && w.target !== 'gemini';
  const types = inferOnlyForGemini ? [] : typesOf(n, { inferred: 'all' });
  const collapseWhy = w.decisions.collapse.get(path);
  if (collapseWhy && role !== 'root') return collapsed(w, n, path, field, collapseWhy.split(':')[0], collapseWhy.slice(collapseWhy.indexOf(':') + 1).trim());

  // Free-form maps and untyped arrays: every target needs declared properties and closed objects, or item
  // schemas ([OAI-SO] "additionalProperties: false must always be set in objects", users report a refused
  // free-form object in letta-ai/letta#3137 and `items: {}` in pydantic/pydantic-ai#4460; [ANT-SO]
  // "additionalProperties set to anything other than false"; Gemini has no additionalProperties and
  // refuses an OBJECT without properties: "properties: should be non-empty for OBJECT type",
  // agno-agi/agno#2112).
  if (role !== 'root' && types.includes('object')) {
    const open = n.additionalProperties !== undefined && n.additionalProperties !== false;
    const noProps = !isObj(n.properties) || (w.target === 'gemini' && Object.keys(n.properties).length === 0);
    if (open || noProps || n.patternProperties !== undefined) {
      return collapsed(w, n, path, field, open ? 'additionalProperties' : n.patternProperties !== undefined ? 'patternProperties' : 'properties', `${VENDOR[w.target]} refuses an object without declared properties or with additionalProperties other than false (a free-form map)`);
    }
  }
  if (types.includes('array') && (n.items === undefined || n.items === true || (isObj(n.items) && Object.keys(n.items).length === 0) || n.prefixItems !== undefined)) {
    return collapsed(w, n, path, field, n.prefixItems !== undefined ? 'prefixItems' : 'items', `${VENDOR[w.target]} needs one item schema for an array (prefixItems tuples are refused: pydantic/pydantic-ai#7315)`);
  }

  const out: SchemaNode = {};
  w.sites.set(out, path);
  const notes: string[] = [];
  const note = (s: string) => {
    if (s && !notes.includes(s)) notes.push(s);
  };
  const drop = (key: string, action: StrictAction, why: string) => {
    const lives = livesOf(w, key, n[key]);
    record(w, childPointer(path, key), key, action, lives, `${where(field)}: ${why}.`);
    note(ruleWords(key, n, info));
  };
  if (role === 'root' && n.patternProperties !== undefined) drop('patternProperties', 'refuses', `${VENDOR[w.target]} takes no patternProperties`);

  // type
  const nonNull = types.filter((t) => t !== 'null');
  const nullable = types.includes('null');
  let wrapNull = false;
  if (nonNull.length > 1) {
    const spelled = nonNull.map((t) => ({ type: t }));
    record(w, childPointer(path, 'type'), 'type', 'rewrite', w.checked ? 'checks' : 'nowhere', `${where(field)}: ${VENDOR[w.target]} takes one type per schema; the strict export offers ${nonNull.join(', ')} as anyOf branches without their type-specific rules.`);
    const described = typeof n.description === 'string' ? n.description : undefined;
    const branches = nullable && w.target !== 'gemini' ? [...spelled, { type: 'null' }] : spelled;
    const res: SchemaNode = { anyOf: branches };
    if (described) res.description = described;
    if (nullable && w.target === 'gemini') res.nullable = true;
    return res;
  }
  if (nonNull.length === 1) {
    if (nullable && Array.isArray(n.type)) {
      if (w.target === 'openai-strict') out.type = [nonNull[0], 'null'];
      else {
        out.type = nonNull[0];
        if (w.target === 'gemini') {
          out.nullable = true;
          record(w, childPointer(path, 'type'), 'type', 'rewrite', w.checked ? 'checks' : 'nowhere', `${where(field)}: Gemini refuses a type array (zed-industries/zed#53919); the strict export sends ${nonNull[0]} with nullable: true.`);
        } else {
          wrapNull = true;
          // [ANT-SO] lists the basic types but no type arrays; a public sanitizer notes that nullable fields
          // must be an anyOf with a null branch (systemprompt-models, wire/anthropic/strict.rs). Conservative.
          record(w, childPointer(path, 'type'), 'type', 'rewrite', w.checked ? 'checks' : 'nowhere', `${where(field)}: the strict export spells the type array as anyOf with a null branch, the form Anthropic's docs show.`);
        }
      }
    } else out.type = nonNull[0];
  } else if (nullable) out.type = w.target === 'gemini' ? 'string' : 'null';

  if (typeof n.description === 'string') out.description = n.description;

  // enum and const
  if (Array.isArray(n.enum)) {
    const values: Json[] = n.enum;
    const dropWhy = w.decisions.dropEnum.get(childPointer(path, 'enum'));
    if (dropWhy) drop('enum', 'refuses', dropWhy);
    else if (w.target === 'anthropic-strict' && values.some((v) => isObj(v) || Array.isArray(v))) drop('enum', 'refuses', 'Anthropic refuses objects and arrays among enum values ("Complex types within enums")');
    else if (w.target === 'gemini' && values.some((v) => typeof v !== 'string')) drop('enum', 'refuses', 'Gemini takes enum values as strings only (a number fails with "Invalid value ... (TYPE_STRING)", Draculabo/AntigravityManager#260)');
    else out.enum = values;
  }
  if ('const' in n) {
    if (w.target === 'gemini') {
      if (typeof n.const === 'string' && !Array.isArray(n.enum)) {
        out.enum = [n.const];
        if (!out.type) out.type = 'string';
        record(w, childPointer(path, 'const'), 'const', 'rewrite', w.checked ? 'checks' : 'nowhere', `${where(field)}: Gemini has no const (zed-industries/zed#44875); the strict export sends a one-value enum.`);
      } else drop('const', 'refuses', 'Gemini has no const, and an enum holds strings only');
    } else out.const = n.const;
  }

  // objects
  if (isObj(n.properties)) {
    const names = Object.keys(n.properties);
    const renamed = w.target === 'gemini' ? geminiPropertyNames(names) : undefined;
    const props: [string, SchemaNode][] = [];
    const declaredRequired: string[] = Array.isArray(n.required) ? n.required.filter((r: unknown) => typeof r === 'string') : [];
    const required: string[] = [];
    for (const name of names) {
      const childPath = childPointer(childPointer(path, 'properties'), name);
      let child = visit(w, n.properties[name], childPath, field ? `${field}.${name}` : name, 'property');
      const isRequired = declaredRequired.includes(name);
      const outName = renamed?.get(name) ?? name;
      if (outName !== name) record(w, childPath, 'property name', 'rewrite', w.checked ? 'checks' : 'nowhere', `${where(field ? `${field}.${name}` : name)}: Gemini parameter names take letters, digits and underscores only; the strict export sends it as ${outName}, and fromStrictCall() maps it back.`);
      if (!isRequired && (w.target === 'openai-strict' || w.decisions.nullableRequired.has(childPath))) {
        const budget = w.target === 'anthropic-strict';
        record(
          w,
          childPath,
          'required',
          'rewrite',
          w.checked ? 'checks' : 'nowhere',
          budget
            ? `${field ? `${field}.${name}` : name}: Anthropic allows 24 optional parameters per request; the strict export makes this one required and nullable, and fromStrictCall() drops the null.`
            : `${field ? `${field}.${name}` : name}: OpenAI strict mode needs every property in required; the strict export makes it required and nullable, and fromStrictCall() drops the null so check() sees it left out.`,
        );
        child = withNull(w.target, child, true, w.sites);
        required.push(outName);
      } else if (isRequired || w.target === 'openai-strict') required.push(outName);
      props.push([outName, child]);
    }
    out.properties = Object.fromEntries(props);
    for (const r of declaredRequired) if (!names.includes(r)) drop('required', 'refuses', `${r} is required but not declared, which no target can express`);
    if (required.length) out.required = required;
    if (w.target === 'gemini') {
      if (n.additionalProperties === false) drop('additionalProperties', 'refuses', 'Gemini has no additionalProperties, so it does not close objects (BerriAI/litellm#14330)');
    } else {
      if (n.additionalProperties === undefined) {
        const what = w.target === 'openai-strict' ? 'OpenAI: "additionalProperties: false must always be set in objects"' : 'Anthropic needs additionalProperties: false on every object';
        record(w, childPointer(path, 'additionalProperties'), 'additionalProperties', 'rewrite', w.checked ? 'checks' : 'nowhere', `${where(field)}: ${what}; the strict export adds it, and check() closes such objects too.`);
      } else if (n.additionalProperties !== false) {
        drop('additionalProperties', 'refuses', `${VENDOR[w.target]} takes additionalProperties: false only; the strict export closes the object`);
      }
      out.additionalProperties = false;
    }
  }

  // arrays
  if (n.items !== undefined && !Array.isArray(n.items)) out.items = visit(w, n.items, childPointer(path, 'items'), `${field}[]`, 'items');

  // unions and compositions
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (!Array.isArray(n[key])) continue;
    const choice = requiredChoice(n[key]);
    if (constraintOnlyBranches(n[key])) {
      // Branches that only list required fields: no vendor documents them (a branch without a type), and
      // OpenAI refuses anyOf at the root. Conservative: left out, stated in words.
      const lives = livesOf(w, key, n[key]);
      const rootRule = role === 'root' && w.target === 'openai-strict' ? ', and OpenAI refuses anyOf at the root ("Root objects must not be anyOf")' : '';
      const fields = choice ? ` (${choice.join(', ')})` : '';
      record(w, childPointer(path, key), key, 'refuses', lives, `${where(field)}: ${key} whose branches only require fields${fields} is not documented in ${VENDOR[w.target]}'s subset (a branch without a type)${rootRule}; the strict export states it in words.`);
      note(choice ? `Send ${key === 'oneOf' ? 'exactly one' : 'at least one'} of: ${choice.join(', ')}.` : `Must match ${key === 'oneOf' ? 'exactly one' : 'at least one'} of ${compact(n[key])}.`);
      continue;
    }
    if (role === 'root' && w.target === 'openai-strict') {
      drop(key, 'refuses', 'OpenAI refuses anyOf at the root ("Root objects must not be anyOf and must be an object")');
      continue;
    }
    const branches = (n[key] as unknown[]).map((b, i) => visit(w, b, childPointer(childPointer(path, key), i), field, 'branch'));
    if (key === 'oneOf') {
      record(w, childPointer(path, key), 'oneOf', 'rewrite', livesOf(w, 'oneOf', n.oneOf), `${where(field)}: ${VENDOR[w.target]} has no oneOf; the strict export sends anyOf, which also lets a value match several branches.`);
      note('Must match exactly one of these shapes.');
    }
    out.anyOf = [...(out.anyOf ?? []), ...branches];
  }
  if (Array.isArray(n.allOf)) {
    if (w.target === 'anthropic-strict') out.allOf = n.allOf.map((b: unknown, i: number) => visit(w, b, childPointer(childPointer(path, 'allOf'), i), field, 'branch'));
    else drop('allOf', 'refuses', w.target === 'openai-strict' ? 'OpenAI lists allOf among the keywords not yet supported' : 'Gemini has no allOf');
  }
  for (const key of ['not', 'if', 'dependentRequired', 'dependentSchemas']) {
    if (!(key in n)) continue;
    drop(key, 'refuses', w.target === 'openai-strict' ? `OpenAI lists ${key} among the keywords not yet supported` : w.target === 'anthropic-strict' ? `${key} is not in Anthropic's supported subset` : `Gemini has no ${key}`);
  }
  for (const key of ['then', 'else']) if (key in n && !('if' in n)) drop(key, 'refuses', `${key} without if is not in ${VENDOR[w.target]}'s subset`);
  if ('then' in n && 'if' in n) record(w, childPointer(path, 'then'), 'then', 'refuses', livesOf(w, 'then', n.then), `${where(field)}: dropped with its if.`);
  if ('else' in n && 'if' in n) record(w, childPointer(path, 'else'), 'else', 'refuses', livesOf(w, 'else', n.else), `${where(field)}: dropped with its if.`);

  if ((n.$defs || n.definitions) && role === 'root') {
    for (const key of ['$defs', 'definitions'] as const) {
      if (!isObj(n[key])) continue;
      // OpenAI keeps definitions; the others get every $ref written out in place (above).
      if (w.target === 'openai-strict') out[key] = Object.fromEntries(Object.entries(n[key]).map(([k, v]) => [k, visit(w, v, childPointer(childPointer(path, key), k), '', 'def')]));
    }
  }

  // every other keyword: kept, ignored or refused, per target
  for (const [key, value] of Object.entries(n)) {
    if (key.startsWith('x-') || STRUCTURE.has(key) || SILENT.has(key)) continue;
    if (key === 'dependentRequired' || key === 'dependentSchemas' || key === 'patternProperties') continue;
    const v = verdict(w.target, key, value, nonNull[0]);
    if (v.kind === 'keep') out[key] = value;
    else if (v.kind === 'ignored') {
      out[key] = value;
      record(w, childPointer(path, key), key, 'ignores', livesOf(w, key, value), `${where(field)}: ${v.why}.`);
    } else if (v.kind === 'clamp') {
      out[key] = 1;
      drop(key, 'refuses', v.why);
    } else drop(key, 'refuses', v.why);
  }

  if (notes.length) {
    if (role === 'root') w.rootNotes.push(...notes);
    else out.description = [out.description, ...notes].filter(Boolean).join(' ');
  }
  return wrapNull ? withNull(w.target, out, true, w.sites) : out;
}

function verdict(target: StrictTarget, key: string, value: unknown, type: string | undefined): Verdict {
  if (target === 'openai-strict') return openaiVerdict(key, value);
  if (target === 'anthropic-strict') return anthropicVerdict(key, value);
  return geminiVerdict(key, value, type);
}

export function walkOnce(tool: CompiledTool, target: StrictTarget, schema: SchemaNode, checked: boolean, decisions: Decisions) {
  const w: Walk = { target, checked, root: schema, fields: tool.fields, findings: [], decisions, refStack: [], rootNotes: [], sites: new Map() };
  const out = visit(w, schema, '', '', 'root');
  return { w, out };
}
