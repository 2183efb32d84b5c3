// Bring your own tools: tool definitions in OpenAI, Anthropic or MCP shape become a pack with no
// glosses, so a user's own tools get the same bodies. Mistakes are named by where they are.
import { compilePack } from './ajv-backend';
import { PackError, type PackProblem } from './pack-compiler';
import type { CompiledPack, PackSource, ToolSource } from './types';

function isObject(v: unknown): v is Record<string, any> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Reads one definition; returns the tool or the problem with it. */
function readDefinition(def: unknown, at: string): { tool?: ToolSource; problem?: PackProblem } {
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
  if (typeof name !== 'string' || !/^[a-zA-Z0-9_-]{1,64}$/.test(name)) {
    return { problem: { path: `${where.replace(/\/[^/]*$/, '')}/name`, message: 'must be a tool name of 1 to 64 letters, digits, _ or -' } };
  }
  if (!isObject(schema) || (schema.type !== undefined && schema.type !== 'object')) {
    return { problem: { path: where, message: 'must be a JSON Schema object with "type": "object"' } };
  }
  return { tool: { name, summary: typeof description === 'string' && description ? description : name, arguments: { type: 'object', ...schema } } };
}

/** Parses tool definitions (an array, or {tools: [...]}, or one definition) into a compiled pack. */
export function packFromToolDefinitions(input: unknown, origin = 'custom tools'): CompiledPack {
  const list = Array.isArray(input) ? input : isObject(input) && Array.isArray(input.tools) ? input.tools : [input];
  const base = Array.isArray(input) ? '' : isObject(input) && Array.isArray(input.tools) ? '/tools' : '';
  const problems: PackProblem[] = [];
  const tools: ToolSource[] = [];
  if (list.length === 0) problems.push({ path: base || '/', message: 'holds no tool definitions' });
  list.forEach((def: unknown, i: number) => {
    const r = readDefinition(def, Array.isArray(input) || base ? `${base}/${i}` : '');
    if (r.problem) problems.push(r.problem);
    else tools.push(r.tool!);
  });
  if (problems.length) throw new PackError(origin, problems);
  const source: PackSource = { id: 'custom', title: 'Custom tools', vendor: 'you', reference: 'https://example.com/', summary: 'Tool definitions pasted by the user.', tools };
  try {
    return compilePack(source, origin, { formats: 'assert', packChecks: false });
  } catch (err) {
    if (err instanceof PackError) {
      // Point back into the user's file, not into the pack we built from it.
      throw new PackError(origin, err.problems.map((p) => ({ path: p.path.replace(/^\/tools\/(\d+)\/arguments/, (_m, i) => `${base}/${i}/<schema>`), message: p.message })));
    }
    throw err;
  }
}
