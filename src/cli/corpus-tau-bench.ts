// tau-bench's two extracts in the corpus, made for it and published nowhere, remade from tau-bench's own source at
// the pinned commit, byte for byte what the original Python (ast) wrote:
// - tau_bench_tools.json: per domain, each tool class of tau_bench/envs/<domain>/tools/*.py with its invoke()
//   parameters, the "Error: …" strings its invoke() returns (in ast.walk's breadth-first order; an f-string as
//   its source text), and the dict literal its get_info() returns. json.dumps(…, indent=2).
// - tau_bench_test_actions.jsonl: every Action(name=…, kwargs=…) of each domain's tasks_test.py task list, one
//   JSON line each with its domain, task index and action index.
import { pyJsonDumps, type PyValue } from './corpus-python-json';
import { astOf, isFString, literal, PyCall, statements, stringValue, tokenize, walk, type PyLiteral, type Statement, type Token } from './corpus-python-source';

/** The upstream files a tool extract reads: tau_bench/envs/<domain>/tools/<tool>.py. */
export const TOOL_FILE = /^tau_bench\/envs\/([^/]+)\/tools\/(?!__init__\.py$)[^/]+\.py$/;
/** The upstream files the action extract reads: tau_bench/envs/<domain>/tasks_test.py. */
export const TASKS_TEST_FILE = /^tau_bench\/envs\/([^/]+)\/tasks_test\.py$/;

/** A literal as a JSON-able value: a call is not one. */
function plain(v: PyLiteral, where: string): PyValue {
  if (v instanceof PyCall) throw new Error(`${where}: a call (${v.name}) where a value was expected`);
  if (Array.isArray(v)) return v.map((x) => plain(x, where));
  if (v instanceof Map) return new Map([...v].map(([k, x]) => [k, plain(x, where)]));
  return v;
}

function isDef(s: Statement, name: string): boolean {
  return s.tokens[0]?.text === 'def' && s.tokens[1]?.text === name;
}

/** The positional parameters of a def header (ast's args.args): not those before `/`, nor from `*` on. */
function parameters(header: Token[]): string[] {
  const open = header.findIndex((t) => t.text === '(');
  const parts: Token[][] = [[]];
  let depth = 0;
  for (const t of header.slice(open + 1)) {
    if (t.type === 'op' && '([{'.includes(t.text)) depth++;
    if (t.type === 'op' && ')]}'.includes(t.text) && depth-- === 0) break;
    if (depth === 0 && t.text === ',') parts.push([]);
    else parts[parts.length - 1].push(t);
  }
  const names: string[] = [];
  for (const p of parts) {
    if (p[0]?.text === '/') names.length = 0;
    else if (p[0]?.text === '*' || p[0]?.text === '**') break;
    else if (p[0]?.type === 'name') names.push(p[0].text);
  }
  return names;
}

/** What a return gives back, if it is only strings: the str's value, or an f-string's source text. */
function returnedString(s: Statement, src: string): string | undefined {
  let value = s.tokens.slice(1);
  while (value[0]?.text === '(' && value[value.length - 1]?.text === ')') value = value.slice(1, -1);
  if (value.length === 0 || value.some((t) => t.type !== 'string')) return undefined;
  if (value.some(isFString)) return src.slice(value[0].start, value[value.length - 1].end);
  return value.map((t) => stringValue(t.text)).join('');
}

/** An f-string's text from its first literal part, past its prefix and quote. */
const fStringText = (s: string) => s.replace(/^[rRfF]{1,2}('''|"""|'|")/, '');

interface Tool {
  class: string;
  file: string;
  invoke_params: string[];
  error_returns: string[];
  schema: PyValue;
}

function toolsOf(file: string, src: string): Tool[] {
  const tools: Tool[] = [];
  for (const cls of statements(tokenize(src)).filter((s) => s.tokens[0]?.text === 'class')) {
    const invoke = cls.body.find((s) => isDef(s, 'invoke'));
    const info = cls.body.find((s) => isDef(s, 'get_info'));
    if (!invoke || !info) continue;
    const errors: string[] = [];
    for (const s of walk({ children: astOf(invoke.body) })) {
      if (s.tokens[0]?.text !== 'return') continue;
      const text = returnedString(s, src);
      if (text === undefined) continue;
      const fString = s.tokens.some(isFString);
      if ((fString ? fStringText(text) : text).startsWith('Error')) errors.push(text);
    }
    const ret = info.body.find((s) => s.tokens[0]?.text === 'return');
    if (!ret) throw new Error(`${file}: ${cls.tokens[1].text}.get_info() returns nothing`);
    tools.push({ class: cls.tokens[1].text, file, invoke_params: parameters(invoke.tokens), error_returns: errors, schema: plain(literal(ret.tokens.slice(1)), file) });
  }
  return tools;
}

/** Files grouped by the domain their path names, domains and files in sorted order. */
function byDomain(files: Map<string, string>, pattern: RegExp): [string, [string, string][]][] {
  const domains = new Map<string, [string, string][]>();
  for (const [path, text] of [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const m = pattern.exec(path);
    if (m) domains.set(m[1], [...(domains.get(m[1]) ?? []), [path, text]]);
  }
  return [...domains].sort(([a], [b]) => (a < b ? -1 : 1));
}

/** tau_bench_tools.json's text, from the tool files (path in the repository → source). */
export function deriveTauBenchTools(files: Map<string, string>): string {
  const out = new Map<string, PyValue>();
  for (const [domain, list] of byDomain(files, TOOL_FILE)) {
    out.set(
      domain,
      list.flatMap(([path, src]) =>
        toolsOf(path, src).map(
          (t) =>
            new Map<string, PyValue>([
              ['class', t.class],
              ['file', t.file],
              ['invoke_params', t.invoke_params],
              ['error_returns', t.error_returns],
              ['schema', t.schema],
            ]),
        ),
      ),
    );
  }
  return pyJsonDumps(out, { indent: 2 });
}

/** tau_bench_test_actions.jsonl's text, from each domain's tasks_test.py (path in the repository → source). */
export function deriveTauBenchTestActions(files: Map<string, string>): string {
  const lines: string[] = [];
  for (const [domain, [[path, src]]] of byDomain(files, TASKS_TEST_FILE)) {
    // The task list is the module's first assignment (TASKS = [...] or TASKS_TEST = [...]).
    const assign = statements(tokenize(src)).find((s) => s.tokens[0]?.type === 'name' && s.tokens[1]?.text === '=');
    if (!assign) throw new Error(`${path}: no task list`);
    const tasks = literal(assign.tokens.slice(2));
    if (!Array.isArray(tasks)) throw new Error(`${path}: the task list is not a list`);
    tasks.forEach((task, taskIndex) => {
      const actions = task instanceof PyCall ? task.kwargs.get('actions') : undefined;
      if (!Array.isArray(actions)) throw new Error(`${path}: task ${taskIndex} has no list of actions`);
      actions.forEach((action, actionIndex) => {
        if (!(action instanceof PyCall) || typeof action.kwargs.get('name') !== 'string') throw new Error(`${path}: task ${taskIndex}, action ${actionIndex} is not Action(name=…, kwargs=…)`);
        const line = new Map<string, PyValue>([
          ['domain', domain],
          ['task_index', taskIndex],
          ['action_index', actionIndex],
          ['name', action.kwargs.get('name') as string],
          ['kwargs', plain(action.kwargs.get('kwargs') ?? new Map(), path)],
        ]);
        lines.push(pyJsonDumps(line));
      });
    });
  }
  return lines.map((l) => `${l}\n`).join('');
}

