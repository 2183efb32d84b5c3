// Bring your own tools: tool definitions in OpenAI, Anthropic or MCP shape become a pack with no
// glosses, so a user's own tools get the same bodies. Mistakes are named by where they are.
import { compilePack } from './ajv-backend';
// Definitions from outside state rules in their descriptions: read them (promises/).
import './promises/reader-default';
import { PackError, type PackProblem } from './pack-compiler';
import { UNENFORCED_REASON, unenforcedPatterns } from './pattern-engine';
import type { CompiledPack, PackSource, RefusedTool, ToolSource } from '../types';

/** What a tool name may hold: MCP's rule, which OpenAI's and Anthropic's narrower ones sit inside. */
const TOOL_NAME = /^[A-Za-z0-9_./-]{1,128}$/;

function isObject(v: unknown): v is Record<string, any> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Reads one definition; returns the tool and where its schema sits, or the problem with it (and its name, when it has one). */
function readDefinition(def: unknown, at: string): { tool?: ToolSource; where?: string; problem?: PackProblem; name?: string } {
  if (!isObject(def)) return { problem: { path: at, message: 'must be a tool definition object' } };
  let name: unknown, description: unknown, schema: unknown, where: string;
  if (def.type === 'function' && isObject(def.function)) {
    ({ name, description } = def.function);
    schema = def.function.parameters ?? { type: 'object', properties: {} };
    where = `${at}/function/parameters`;
  } else if ('input_schema' in def) {
    ({ name, description } = def);
    schema = def.input_schema;
    where = `${at}/input_schema`;
  } else if ('inputSchema' in def) {
    ({ name, description } = def);
    schema = def.inputSchema;
    where = `${at}/inputSchema`;
  } else if ('parameters' in def && 'name' in def) {
    // OpenAI Responses and legacy `functions` entries put these at the top level.
    ({ name, description } = def);
    schema = def.parameters;
    where = `${at}/parameters`;
  } else {
    return { problem: { path: at, message: 'is not a tool definition: expected OpenAI {type:"function", function:{name, parameters}}, Anthropic {name, input_schema} or MCP {name, inputSchema}' } };
  }
  // MCP's names (2025-11-25): 1 to 128 ASCII letters, digits, _, -, . and /, so a server's `math.add` loads.
  // A name that is a string but no tool name leaves that tool out, not the file.
  const nameAt = `${where.replace(/\/[^/]*$/, '')}/name`;
  if (typeof name !== 'string') return { problem: { path: nameAt, message: 'must be a tool name: a string of 1 to 128 letters, digits, _, -, . or /' } };
  if (!TOOL_NAME.test(name)) return { name, problem: { path: nameAt, message: 'must be a tool name of 1 to 128 letters, digits, _, -, . or /' } };
  // A tool's arguments are an object (departures.ts): `true` reads as any object, and a list of types that
  // includes "object" as "object" alone.
  if (schema === true) schema = {};
  const types = isObject(schema) ? schema.type : undefined;
  if (!isObject(schema) || (types !== undefined && types !== 'object' && !(Array.isArray(types) && types.includes('object')))) {
    return { name, problem: { path: where, message: 'must be a JSON Schema object whose "type" is "object": a tool\u2019s arguments are an object' } };
  }
  const args: Record<string, unknown> = { type: 'object', ...schema };
  args.type = 'object';
  return { where, tool: { name, summary: typeof description === 'string' && description ? description : name, arguments: args as ToolSource['arguments'] } };
}

/**
 * The definitions `input` holds (an array, {tools: [...]}, an MCP tools/list response, or one definition on
 * its own), and the JSON pointer to the list in `input` ('' for an array or a lone definition).
 */
export function toolDefinitionList(input: unknown): { list: unknown[]; base: string } {
  // An MCP server's whole tools/list response ({jsonrpc, id, result: {tools}}) is what people copy from one.
  const listed = isObject(input) && !Array.isArray(input.tools) && isObject(input.result) && Array.isArray(input.result.tools);
  if (Array.isArray(input)) return { list: input, base: '' };
  if (listed) return { list: (input as { result: { tools: unknown[] } }).result.tools, base: '/result/tools' };
  if (isObject(input) && Array.isArray(input.tools)) return { list: input.tools, base: '/tools' };
  return { list: [input], base: '' };
}

/**
 * Parses tool definitions (an array, {tools: [...]}, an MCP tools/list response, or one definition) into a compiled pack. Every
 * validator is compiled now: a definition the engine cannot use is left out and named in `pack.refused`
 * (the tool, the JSON pointer into the input, the reason) while the others load, so no call ever meets a
 * schema that cannot be compiled. Throws a PackError when the input holds no usable definition at all.
 * `firstUse`: a validator a walk can vouch for is compiled on the tool's first call (compile-later.ts), its
 * problems found now all the same: for a server's listing of thousands of tools.
 */
export function packFromToolDefinitions(input: unknown, origin = 'custom tools', how: { firstUse?: boolean } = {}): CompiledPack {
  const { list, base } = toolDefinitionList(input);
  const problems: PackProblem[] = [];
  const refused: RefusedTool[] = [];
  /** Each tool read, with where its definition sits in the input and where its schema does. */
  const read: { tool: ToolSource; at: string; where: string }[] = [];
  if (list.length === 0) problems.push({ path: base || '/', message: 'holds no tool definitions' });
  list.forEach((def: unknown, i: number) => {
    const at = Array.isArray(input) || base ? `${base}/${i}` : '';
    const r = readDefinition(def, at);
    if (r.tool) read.push({ tool: r.tool, at, where: r.where! });
    else if (r.name !== undefined) refused.push({ tool: r.name, pointer: r.problem!.path, reason: r.problem!.message });
    else problems.push(r.problem!);
  });
  // A definition that is not one at all makes the file wrong: say so, with every other definition's problem too.
  if (problems.length) throw new PackError(origin, [...problems, ...refused.map((r) => ({ path: r.pointer, message: r.reason }))].sort((a, b) => a.path.localeCompare(b.path, 'en', { numeric: true })));
  // A name used twice is a problem of the second definition alone.
  const seen = new Set<string>();
  for (const r of [...read]) {
    if (seen.has(r.tool.name)) {
      refused.push({ tool: r.tool.name, pointer: `${r.at}/name`, reason: `tool name "${r.tool.name}" is used twice` });
      read.splice(read.indexOf(r), 1);
    }
    seen.add(r.tool.name);
  }
  // Compiled once; a tool with problems is taken out and the rest compiled again (problems are per tool).
  for (;;) {
    if (read.length === 0) throw new PackError(origin, refused.map((r) => ({ path: r.pointer, message: `${r.tool}: ${r.reason}` })));
    const source: PackSource = { id: 'custom', title: 'Custom tools', vendor: 'you', reference: 'https://example.com/', summary: 'Tool definitions pasted by the user.', tools: read.map((r) => r.tool) };
    try {
      const pack = compilePack(source, origin, { formats: 'assert', packChecks: false, eager: true, firstUse: how.firstUse });
      if (refused.length) pack.refused = refused;
      const unenforced = read.flatMap((r) => unenforcedPatterns(r.tool.arguments).map((u) => ({ tool: r.tool.name, pointer: r.where + u.pointer, reason: UNENFORCED_REASON })));
      if (unenforced.length) pack.unenforced = unenforced;
      return pack;
    } catch (err) {
      if (!(err instanceof PackError)) throw err;
      const failed = new Set<number>();
      for (const p of err.problems) {
        const m = /^\/tools\/(\d+)\/arguments(.*)$/.exec(p.path);
        if (!m) throw err;
        const i = Number(m[1]);
        failed.add(i);
        // Point back into the user's file, not into the pack built from it.
        refused.push({ tool: read[i].tool.name, pointer: read[i].where + m[2], reason: p.message });
      }
      for (const i of [...failed].sort((a, b) => b - a)) read.splice(i, 1);
    }
  }
}
