// The CLI's logic, without process I/O, so tests run it in-process. main.ts wires it to the terminal.
// Usage: npm run --silent check -- (--pack ID | --tools FILE) [--tool NAME] [--full | --jsonl | --export FORM]
import { check, EXPORT_FORMS, exportPack, PackError, packFromToolDefinitions, serializeBody, type CompiledPack, type ExportForm } from '../engine';
import { parseJsonText } from '../engine/parse';
import { packs } from '../packs';

export interface CliIo {
  stdin: () => string;
  readFile: (path: string) => string;
}

export interface CliOutput {
  stdout: string;
  stderr: string;
  code: number;
}

export const USAGE = `Usage: npm run --silent check -- (--pack ID | --tools FILE) [--tool NAME] [--full | --jsonl | --export FORM]

Reads one tool call from standard input and prints the body a model would be handed,
or, when the call is accepted, the call as it will run ({name, arguments}).

  --pack ID        check against a shipped pack: ${packs.map((p) => p.id).join(', ')}
  --tools FILE     check against your own tool definitions (OpenAI, Anthropic or MCP shape)
  --tool NAME      the tool to use when the input is a bare arguments object
  --full           print the whole CheckResult (body, corrections, suggested_call, log)
  --jsonl          read one call per line; print one full result per line, in order
  --export FORM    print the pack's tool definitions instead: ${EXPORT_FORMS.join(', ')}

Exit codes: 0 accepted, 1 rejected, 2 usage error, unknown pack or broken tools file.
With --jsonl or --export the exit code is 0 unless the run itself failed.
Run with no arguments (npm run check) to type-check the project instead.`;

interface Args {
  pack?: string;
  tools?: string;
  tool?: string;
  full: boolean;
  jsonl: boolean;
  export?: string;
}

function usageError(message: string): CliOutput {
  return { stdout: '', stderr: `error: ${message}\n\n${USAGE}\n`, code: 2 };
}

function parseArgs(argv: string[]): Args | CliOutput {
  const args: Args = { full: false, jsonl: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new Error(`${a} needs a value`);
      return v;
    };
    try {
      if (a === '--pack') args.pack = value();
      else if (a === '--tools') args.tools = value();
      else if (a === '--tool') args.tool = value();
      else if (a === '--export') args.export = value();
      else if (a === '--full') args.full = true;
      else if (a === '--jsonl') args.jsonl = true;
      else if (a === '--help' || a === '-h') return { stdout: USAGE + '\n', stderr: '', code: 0 };
      else return usageError(`unknown option ${JSON.stringify(a)}`);
    } catch (err) {
      return usageError((err as Error).message);
    }
  }
  if (args.pack && args.tools) return usageError('give --pack or --tools, not both');
  if (!args.pack && !args.tools) return usageError('give --pack ID or --tools FILE');
  if (args.export && (args.full || args.jsonl)) return usageError('--export prints definitions; it does not go with --full or --jsonl');
  if (args.export && !(EXPORT_FORMS as string[]).includes(args.export)) return usageError(`--export takes one of ${EXPORT_FORMS.join(', ')}, not ${JSON.stringify(args.export)}`);
  return args;
}

function loadPack(args: Args, io: CliIo): CompiledPack | CliOutput {
  if (args.pack) {
    const pack = packs.find((p) => p.id === args.pack);
    if (!pack) return { stdout: '', stderr: `error: unknown pack ${JSON.stringify(args.pack)}; the packs are: ${packs.map((p) => p.id).join(', ')}\n`, code: 2 };
    return pack;
  }
  let text: string;
  try {
    text = io.readFile(args.tools!);
  } catch (err) {
    return { stdout: '', stderr: `error: cannot read ${args.tools}: ${(err as Error).message}\n`, code: 2 };
  }
  const parsed = parseJsonText(text, '');
  if (!parsed.ok) return { stdout: '', stderr: `error: ${args.tools} ${parsed.fault.message}\n`, code: 2 };
  try {
    return packFromToolDefinitions(parsed.value, args.tools!);
  } catch (err) {
    if (err instanceof PackError) return { stdout: '', stderr: `error: ${args.tools} has ${err.problems.length} problem${err.problems.length === 1 ? '' : 's'}:\n${err.problems.map((p) => `  ${p.path || '/'}: ${p.message}`).join('\n')}\n`, code: 2 };
    throw err;
  }
}

export function runCli(argv: string[], io: CliIo): CliOutput {
  const args = parseArgs(argv);
  if ('code' in args) return args;
  const pack = loadPack(args, io);
  if ('code' in pack) return pack;
  if (args.export) return { stdout: JSON.stringify(exportPack(pack, args.export as ExportForm), null, 2) + '\n', stderr: '', code: 0 };

  const input = io.stdin();
  const options = args.tool ? { tool: args.tool } : {};
  if (args.jsonl) {
    const lines = input.split('\n');
    if (lines.length && lines[lines.length - 1] === '') lines.pop();
    const out = lines.map((line) => JSON.stringify(check(pack, line.replace(/\r$/, ''), options)));
    return { stdout: out.map((l) => l + '\n').join(''), stderr: '', code: 0 };
  }
  const result = check(pack, input, options);
  if (args.full) return { stdout: JSON.stringify(result, null, 2) + '\n', stderr: '', code: result.ok ? 0 : 1 };
  if (result.ok) return { stdout: JSON.stringify({ name: result.tool, arguments: result.arguments }) + '\n', stderr: '', code: 0 };
  return { stdout: serializeBody(result.body!) + '\n', stderr: '', code: 1 };
}
