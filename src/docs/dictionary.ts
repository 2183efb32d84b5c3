// The error-code dictionary: every stable code with a real body from the engine. A code's example is a
// pack's own curated example when one produces it; otherwise a call written here to provoke it. Either
// way the body is check()'s output, and the build fails if a call stops producing its code.
import { ENUM_CODE_FAMILY, RULE_CODE_FAMILY, allGenericCodes, check, enumCodes, ruleCodes, serializeBody } from '../engine';
import type { CheckResult, CodeInfo, CompiledPack, CompiledTool, FieldInfo, Json, JsonObject, RuleCodeEntry } from '../engine';
import { exampleValue } from '../engine/explain/schema-example';
import { callText, codesInBody, packExamples, runCall, toolCheckExamples, type ExampleRun } from './examples';

const KNOWN_STAGES = ['parse', 'absorb', 'validate', 'checks', 'body'];

/** The stages in pipeline order; a stage the engine adds later still gets listed, at the end. */
export const STAGE_ORDER: string[] = [...KNOWN_STAGES, ...new Set(allGenericCodes().map((c) => c.stage as string).filter((s) => !KNOWN_STAGES.includes(s)))];

export const STAGE_WORDS: Record<string, string> = {
  parse: 'Reading the call: its JSON, its envelope, its tool name.',
  absorb: 'Folding in harmless variants (camelCase for snake_case, declared aliases, arguments sent as a JSON string, an id sent as its URL or a mention, a date written another way) and recording each as a correction.',
  validate: 'Checking the arguments against the wire schema and the pack’s conflicts, and explaining each fault.',
  checks: 'For a well-formed call, the tool’s ordered checks against the pack’s state: existence, then permission, then business rules. The first failure stops the call.',
  body: 'Assembling what the model reads.',
};

export function stageWords(stage: string): string {
  return STAGE_WORDS[stage] ?? '';
}

/** Calls written to provoke a code no pack example covers, on the helpdesk pack (the easiest to read). */
const WITNESS_CALLS: Record<string, { pack: string; tool: string; call: string; about: string }> = {
  invalid_json: {
    pack: 'helpdesk',
    tool: 'update_ticket',
    // Not a trailing comma: parse repairs that one (parse/json-repair.ts).
    call: '{"name": "update_ticket", "arguments": {"ticket_id": "T-8841" "status": "open"}}',
    about: 'A comma missing between two arguments.',
  },
  invalid_call: {
    pack: 'helpdesk',
    tool: 'update_ticket',
    call: '{"name": "update_ticket", "arguments": ["T-8841", "open"]}',
    about: 'Positional arguments in an array instead of named ones in an object.',
  },
  unknown_tool: {
    pack: 'helpdesk',
    tool: 'update_ticket',
    call: '{"name": "update_tiket", "arguments": {"ticket_id": "T-8841", "status": "open"}}',
    about: 'A tool name one letter off.',
  },
  duplicate_argument: {
    pack: 'helpdesk',
    tool: 'update_ticket',
    call: '{"name": "update_ticket", "arguments": {"ticket_id": "T-8841", "dueAt": "2026-03-13T17:00:00Z", "due_at": "2026-03-14T17:00:00Z"}}',
    about: 'The same field under its camelCase and snake_case names, with different values.',
  },
  id_expected: {
    pack: 'helpdesk',
    tool: 'assign_ticket',
    call: '{"name": "assign_ticket", "arguments": {"ticket_id": "T-8841", "assignee": "@jane"}}',
    about: 'An agent named by a handle where the agent’s id goes.',
  },
  duplicate_items: {
    pack: 'helpdesk',
    tool: 'create_ticket',
    call: '{"name": "create_ticket", "arguments": {"subject": "Printer jams on every job", "priority": "p3", "tags": ["printer", "printer"]}}',
    about: 'A tag listed twice in an array that must hold distinct items.',
  },
};

export interface DictionaryEntry extends CodeInfo {
  /** Undefined only while no pack produces the code; the page says so and the build test fails. */
  example?: ExampleRun;
  /** Set when the example is not a call at all (internal_error is provoked by a broken input object). */
  note?: string;
}

export interface EnumCodeEntry {
  code: string;
  /** True when a field sets the code itself with x-code. */
  custom: boolean;
  fields: { tool: string; field: string }[];
  example: ExampleRun;
}

/** The first curated example (faulty calls, then ordered-check examples), across packs, whose body's top-level code is `code`. */
function curatedExample(packs: CompiledPack[], code: string): ExampleRun | undefined {
  for (const pack of packs) {
    for (const ex of packExamples(pack)) if (ex.code === code) return ex;
  }
  return undefined;
}

/** internal_error cannot come from text: it is provoked by an input whose `name` throws when read. */
function internalErrorExample(pack: CompiledPack): DictionaryEntry['example'] {
  const hostile = Object.defineProperty({}, 'name', {
    enumerable: true,
    get() {
      throw new Error('this input breaks when read');
    },
  });
  const result = check(pack, hostile);
  const body = result.body!;
  return {
    id: 'internal_error-example',
    kind: 'witness',
    index: 0,
    pack: pack.id,
    tool: '',
    about: 'An input object whose name property throws when the engine reads it, standing in for a bug in the checker.',
    expect: 'internal_error',
    call: '',
    options: {},
    result,
    code: String(body.error),
    bytes: serializeBody(body),
    pretty: JSON.stringify(body, null, 2),
    playground: '',
  };
}

export function genericDictionary(packs: CompiledPack[]): DictionaryEntry[] {
  const byId = new Map(packs.map((p) => [p.id, p]));
  return allGenericCodes().map((info) => {
    let example: ExampleRun | undefined;
    let note: string | undefined;
    if (info.code === 'internal_error') {
      example = internalErrorExample(byId.get('helpdesk') ?? packs[0]);
      note = 'No call text produces this code; the example feeds check() an object that throws when read.';
    } else {
      example = curatedExample(packs, info.code);
      const w = WITNESS_CALLS[info.code];
      if (!example && w) {
        const pack = byId.get(w.pack);
        if (pack) example = runCall(pack, w.tool, w.call, w.about, info.code, `${info.code}-example`);
      }
    }
    if (example && example.code !== info.code) {
      throw new Error(`error dictionary: the witness call for ${info.code} gives ${example.code}; fix it in src/docs/dictionary.ts`);
    }
    return { ...info, example, note };
  });
}

// ---- enum codes ----------------------------------------------------------------------------------

type Step = { key: string } | { items: true };

function stepsOf(path: string): Step[] {
  const out: Step[] = [];
  for (const part of path.split('.')) {
    const m = /^(.*?)((?:\[\])*)$/.exec(part)!;
    if (m[1]) out.push({ key: m[1] });
    for (let i = 0; i < m[2].length / 2; i++) out.push({ items: true });
  }
  return out;
}

/** A plausible value for a field the witness has to fill in: its example, default or first permitted value (the importer's filling). */
function sampleFor(tool: CompiledTool, path: string): Json {
  const f = tool.fields.get(path);
  return f ? (exampleValue(f.schema, { root: tool.source.arguments, maxDepth: 6, fill: true }) as Json) : 'x';
}

function fillRequired(tool: CompiledTool, path: string, obj: JsonObject): JsonObject {
  const schema = path === '' ? tool.source.arguments : tool.fields.get(path)?.schema;
  const required: string[] = Array.isArray(schema?.required) ? schema.required : [];
  for (const name of required) if (!(name in obj)) obj[name] = sampleFor(tool, path ? `${path}.${name}` : name);
  return obj;
}

/** The mistake to send: a declared value alias (what models really send), else a near miss. */
function wrongValue(f: FieldInfo): Json {
  const declared = f.schema['x-value-aliases'];
  if (declared && typeof declared === 'object') {
    const first = Object.keys(declared)[0];
    if (first !== undefined && !f.enumValues?.includes(first)) return first;
  }
  const v = f.enumValues?.[0];
  if (typeof v === 'string' && !f.enumValues?.includes(v.toUpperCase())) return v.toUpperCase();
  return 'unknown';
}

/** Arguments that put a wrong value at `fieldPath`, building the objects and arrays above it. */
function enumWitnessArgs(tool: CompiledTool, fieldPath: string, start: JsonObject): JsonObject | undefined {
  const f = tool.fields.get(fieldPath);
  if (!f?.enumValues) return undefined;
  const args = fillRequired(tool, '', structuredClone(start));
  const steps = stepsOf(fieldPath);
  let cur: any = args;
  let pattern = '';
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    const last = i === steps.length - 1;
    if ('key' in step) {
      pattern = pattern ? `${pattern}.${step.key}` : step.key;
      if (last) {
        cur[step.key] = wrongValue(f);
        break;
      }
      const next = steps[i + 1];
      if ('items' in next) {
        if (!Array.isArray(cur[step.key])) cur[step.key] = [];
      } else if (!cur[step.key] || typeof cur[step.key] !== 'object' || Array.isArray(cur[step.key])) {
        cur[step.key] = {};
      }
      if (!('items' in next)) fillRequired(tool, pattern, cur[step.key]);
      cur = cur[step.key];
    } else {
      pattern = `${pattern}[]`;
      if (last) {
        cur.splice(0, cur.length, wrongValue(f));
        break;
      }
      if (!cur[0] || typeof cur[0] !== 'object' || Array.isArray(cur[0])) cur.splice(0, cur.length, {});
      else cur.splice(1);
      fillRequired(tool, pattern, cur[0]);
      cur = cur[0];
    }
  }
  return args;
}

function bodyHasCode(result: CheckResult, code: string): boolean {
  return codesInBody(result.body).includes(code);
}

export function enumDictionary(pack: CompiledPack): EnumCodeEntry[] {
  const groups = new Map<string, { tool: string; field: string }[]>();
  for (const e of enumCodes(pack)) {
    const list = groups.get(e.code) ?? [];
    list.push({ tool: e.tool, field: e.field });
    groups.set(e.code, list);
  }
  const curated = packExamples(pack);
  const out: EnumCodeEntry[] = [];
  for (const [code, fields] of groups) {
    // A flat body for the code reads best: a curated one, else a witness; a validation_failed entry last.
    let example = curated.find((ex) => ex.code === code);
    let fallback = curated.find((ex) => bodyHasCode(ex.result, code));
    if (!example) {
      // Try each field, first inside the tool's own valid example, then with only the required arguments.
      search: for (const { tool: toolName, field } of fields) {
        const tool = pack.tool(toolName)!;
        const starts: JsonObject[] = [...(tool.source.examples?.valid ?? []).slice(0, 1), {}];
        for (const start of starts) {
          const args = enumWitnessArgs(tool, field, start);
          if (!args) continue;
          const run = runCall(pack, toolName, callText(toolName, args), `A value outside the permitted set of ${field}.`, code, `${code}-example`);
          if (run.code === code) {
            example = run;
            break search;
          }
          if (!fallback && bodyHasCode(run.result, code)) fallback = run;
        }
      }
    }
    example ??= fallback;
    if (!example) throw new Error(`error dictionary: no call produces ${code} in pack ${pack.id}; add an example to the pack`);
    const custom = fields.some(({ tool, field }) => typeof pack.tool(tool)?.fields.get(field)?.schema['x-code'] === 'string');
    out.push({ code, custom, fields, example });
  }
  return out.sort((a, b) => a.code.localeCompare(b.code));
}

export { ENUM_CODE_FAMILY, RULE_CODE_FAMILY };

/** A business-rule code as the engine lists it, with the pack's example that this rule stops. */
export type RuleCodeDoc = RuleCodeEntry & { example?: ExampleRun };

/** A pack's business-rule codes, each with the body the engine gives the pack's example for it. */
export function ruleDictionary(pack: CompiledPack): RuleCodeDoc[] {
  return ruleCodes(pack).map((r) => {
    const tool = pack.tool(r.tool);
    const example = tool ? toolCheckExamples(pack, tool).find((ex) => ex.result.log.check === r.check) : undefined;
    return { ...r, ...(example ? { example } : {}) };
  });
}

