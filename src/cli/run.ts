// The CLI's logic, without process I/O, so tests run it in-process. bin.ts wires it to the terminal.
// Usage: actionable-errors (--pack ID | --tools FILE) [--tool NAME] [--full | --jsonl | --replay FILE | --grade FILE [--min-points N] | --export FORM | --lint TARGET [--server-runs-check]]
// (in this repository: npm run --silent check -- …). help.ts has the words --help prints.
// Engine modules one by one, not the engine's index: the bundled bin then loads no registry and no
// schema compiler it does not need (the packs come through CliIo.pack, your own tools through toolsPack).
import { serializeBody } from '../engine/body/wire-forms';
import { docUrlFor, WIRE_FORMS, type WireForm } from '../engine/body/wire-forms';
import { checkCalls } from '../engine/check-calls';
import { EXPORT_FORMS, exportTool, type ExportForm } from '../engine/pack/exports';
import { PackError, describeRefused } from '../engine/pack/pack-compiler';
import { lintRequest, lintTool, STRICT_TARGETS, type StrictFinding, type StrictTarget } from '../engine/strict';
import { lintPromises } from '../engine/pack/promises/promise-lint';
import type { CheckResult, CompiledPack, CompiledTool } from '../engine/types';
import { parseJsonText, withoutBom } from '../engine/parse/formats';
import { messageOf } from '../engine/faults/fault';
import { replay } from '../engine/replay';
import { grade, type Grade } from '../engine/grade';
import { unknownPackMessage } from '../package/catalog';
import { looksLikeJson } from '../document-text';
import { BIN, HELP, USAGE_HINT } from './help';
import { answerLine, cutMembers, errorText, lineError, MAX_LINE_BYTES, overLongLine } from './line-results';

export interface CliIo {
  stdin: () => string;
  readFile: (path: string) => string;
  /** A pack of the catalog (src/package/catalog.ts) by id; undefined for an id no pack has. */
  pack: (id: string) => CompiledPack | undefined;
  /** Your own tool definitions as a pack (packFromToolDefinitions), passed in so that only --tools loads AJV's compiler. */
  toolsPack: (definitions: unknown, origin: string) => CompiledPack;
  /** Reads a --tools file that is not JSON (parseYamlText, src/yaml-document.ts), passed in so that only such a file loads the YAML parser. */
  parseYaml?: (text: string) => { ok: true; value: unknown } | { ok: false; message: string };
  /** Writes a warning to stderr at once (tools left out of a --tools file); absent in tests that read only the output. */
  warn?: (text: string) => void;
  /** o200k_base token counts for --replay (gpt-tokenizer, loaded by bin.ts only for --replay); without it the report's token figures are null. */
  countTokens?: (text: string) => number;
}

export interface CliOutput {
  stdout: string;
  stderr: string;
  code: number;
}

export interface Args {
  pack?: string;
  tools?: string;
  tool?: string;
  full: boolean;
  jsonl: boolean;
  workers?: number;
  export?: string;
  lint?: string;
  replay?: string;
  /** --grade FILE: the server's reply to the call on stdin; with --jsonl, a log of {call, reply} lines. */
  grade?: string;
  minPoints?: number;
  serverRunsCheck: boolean;
  /** --form FORM: a rejected call's body in a wire form (serializeBody's forms); --base-url for problem+json's type. */
  form?: string;
  baseUrl?: string;
}

/** What an empty standard input gets: the call goes there, with an example to copy. */
export const EMPTY_STDIN = `nothing on standard input: send the tool call there, for example
  echo 'update_ticket(ticket_id="T-8841", status="open")' | ${BIN} --pack helpdesk`;

function usageError(message: string): CliOutput {
  return { stdout: '', stderr: `error: ${message}\n\n${USAGE_HINT}\n`, code: 2 };
}

export function parseArgs(argv: string[]): Args | CliOutput {
  const args: Args = { full: false, jsonl: false, serverRunsCheck: false };
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
      else if (a === '--lint') args.lint = value();
      else if (a === '--replay') {
        // `-` is standard input; value() refuses it only when it starts with --.
        args.replay = value();
      }
      else if (a === '--grade') args.grade = value();
      else if (a === '--min-points') {
        const v = value();
        if (!/^[0-9]{1,2}$/.test(v)) throw new Error(`--min-points takes a whole number, not ${JSON.stringify(v)}`);
        args.minPoints = Number(v);
      }
      else if (a === '--server-runs-check') args.serverRunsCheck = true;
      else if (a === '--form') args.form = value();
      else if (a === '--base-url') args.baseUrl = value();
      else if (a === '--full') args.full = true;
      else if (a === '--jsonl') args.jsonl = true;
      else if (a === '--workers') {
        const v = value();
        if (!/^[1-9][0-9]{0,2}$/.test(v)) throw new Error(`--workers takes a whole number from 1 to 999, not ${JSON.stringify(v)}`);
        args.workers = Number(v);
      }
      else if (a === '--help' || a === '-h') return { stdout: HELP + '\n', stderr: '', code: 0 };
      else return usageError(`unknown option ${JSON.stringify(a)}`);
    } catch (err) {
      return usageError((err as Error).message);
    }
  }
  if (args.pack && args.tools) return usageError('give --pack or --tools, not both');
  if (!args.pack && !args.tools) return usageError('give --pack ID or --tools FILE');
  if (args.workers !== undefined && !args.jsonl) return usageError('--workers goes with --jsonl');
  if (args.export && (args.full || args.jsonl)) return usageError('--export prints definitions; it does not go with --full or --jsonl');
  if (args.export && !(EXPORT_FORMS as string[]).includes(args.export)) return usageError(`--export takes one of ${EXPORT_FORMS.join(', ')}, not ${JSON.stringify(args.export)}`);
  if (args.lint && (args.export || args.full || args.jsonl)) return usageError('--lint prints findings; it does not go with --export, --full or --jsonl');
  if (args.lint && !(STRICT_TARGETS as readonly string[]).includes(args.lint)) return usageError(`--lint takes one of ${STRICT_TARGETS.join(', ')}, not ${JSON.stringify(args.lint)}`);
  if (args.replay !== undefined && (args.export || args.lint || args.full || args.jsonl)) return usageError('--replay prints one report; it does not go with --export, --lint, --full or --jsonl');
  if (args.grade !== undefined && (args.export || args.lint || args.full || args.replay !== undefined || args.workers !== undefined)) return usageError('--grade prints grades; it does not go with --export, --lint, --full, --replay or --workers');
  if (args.minPoints !== undefined && args.grade === undefined) return usageError('--min-points goes with --grade');
  if (args.form !== undefined && !(WIRE_FORMS as readonly string[]).includes(args.form)) return usageError(`--form takes one of ${WIRE_FORMS.join(', ')}, not ${JSON.stringify(args.form)}`);
  if (args.form !== undefined && (args.full || args.jsonl || args.export || args.lint || args.replay !== undefined || args.grade !== undefined)) return usageError('--form writes the body of a call checked on its own; it does not go with --full, --jsonl, --export, --lint, --replay or --grade');
  if (args.baseUrl !== undefined && args.form !== 'problem+json') return usageError('--base-url goes with --form problem+json');
  if (args.serverRunsCheck && !(args.lint && args.tools)) return usageError("--server-runs-check goes with --tools and --lint (a pack's calls always go through check())");
  return args;
}

/** A --tools file's text as a value: JSON, or YAML when it does not open as JSON and the YAML reader was loaded. */
export function readToolsText(text: string, io: Pick<CliIo, 'parseYaml'>): { ok: true; value: unknown } | { ok: false; message: string } {
  text = withoutBom(text);
  if (io.parseYaml && !looksLikeJson(text)) return io.parseYaml(text);
  const parsed = parseJsonText(text, '');
  return parsed.ok ? parsed : { ok: false, message: messageOf(parsed.fault) };
}

export function loadPack(args: Args, io: CliIo): CompiledPack | CliOutput {
  if (args.pack) {
    const pack = io.pack(args.pack);
    if (!pack) return { stdout: '', stderr: unknownPackMessage(args.pack), code: 2 };
    return pack;
  }
  let text: string;
  try {
    text = io.readFile(args.tools!);
  } catch (err) {
    return { stdout: '', stderr: `error: cannot read ${args.tools}: ${(err as Error).message}\n`, code: 2 };
  }
  const parsed = readToolsText(text, io);
  if (!parsed.ok) return { stdout: '', stderr: `error: ${args.tools} ${parsed.message}\n`, code: 2 };
  try {
    const pack = io.toolsPack(parsed.value, args.tools!);
    // The other tools still load; the ones that cannot be compiled are named once, on stderr.
    // A tool with several problems is one tool left out.
    const left = new Set(pack.refused?.map((r) => r.tool)).size;
    if (left) io.warn?.(`warning: ${args.tools}: ${left} tool${left === 1 ? '' : 's'} left out, calls to ${left === 1 ? 'it' : 'them'} are refused as unknown:\n${describeRefused(pack.refused!, '  ')}\n`);
    const loose = pack.unenforced?.length ?? 0;
    if (loose) io.warn?.(`warning: ${args.tools}: ${loose} pattern${loose === 1 ? '' : 's'} not enforced:\n${describeRefused(pack.unenforced!, '  ')}\n`);
    return pack;
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
  if (args.export) {
    // With --tool, that tool alone, still as a list: the same shape as the whole pack's definitions.
    const chosen = selectTools(pack, args);
    if ('code' in chosen) return chosen;
    return { stdout: JSON.stringify(chosen.map((t) => exportTool(t, args.export as ExportForm)), null, 2) + '\n', stderr: '', code: 0 };
  }
  if (args.lint) return lint(pack, args.lint as StrictTarget, args);
  if (args.replay !== undefined) return replayFile(pack, args, io);
  if (args.grade !== undefined) return gradeFile(pack, args, io);

  const input = io.stdin();
  const options = args.tool ? { tool: args.tool } : {};
  // Nothing piped in is a command run without its call, not a call to answer with an "is empty" body.
  if (!args.jsonl && input.trim() === '') return usageError(EMPTY_STDIN);
  if (args.jsonl) {
    // What the bin's stream (jsonl.ts) writes for the same log, read whole.
    const lines = logLines(input);
    const out = lines.map((line, i) => (tooLong(line) ? overLongLine(i + 1) : answerLine(pack, line, i + 1, options)));
    return { stdout: out.map((l) => l + '\n').join(''), stderr: '', code: 0 };
  }
  // A message with several calls (parallel tool_calls, tool_use blocks, functionCall parts): one line per
  // call, in order, each what that call alone prints; --full prints the list of results.
  const results = checkCalls(pack, input, options);
  const code = results.every((r) => r.ok) ? 0 : 1;
  if (args.full) {
    const cut = results.map((r) => cutMembers(r));
    return { stdout: JSON.stringify(cut.length === 1 ? cut[0] : cut, null, 2) + '\n', stderr: '', code };
  }
  const form = (r: CheckResult) => (args.form ? { form: args.form as WireForm, baseUrl: args.baseUrl, pack: args.pack, docUrl: r.tool ? docUrlFor(pack, r.tool) : undefined } : undefined);
  const line = (r: CheckResult) => (r.ok ? JSON.stringify(cutMembers({ name: r.tool, arguments: r.arguments })) : serializeBody(r.body!, form(r)));
  return { stdout: results.map((r) => line(r) + '\n').join(''), stderr: '', code };
}

/**
 * --grade FILE: the call on stdin graded with the server's reply in FILE (its text as is: JSON, an MCP
 * result or prose), as one JSON object. With --jsonl, FILE (or - for stdin) is a log of {call, reply}
 * lines, one grade out per line. Exit 1 when a grade meets fewer than --min-points points.
 */
function gradeFile(pack: CompiledPack, args: Args, io: CliIo): CliOutput {
  let text: string;
  try {
    text = withoutBom(args.grade === '-' ? io.stdin() : io.readFile(args.grade!));
  } catch (err) {
    return { stdout: '', stderr: `error: cannot read ${args.grade}: ${(err as Error).message}\n`, code: 2 };
  }
  const options = { countTokens: io.countTokens };
  const below = (g: Grade) => args.minPoints !== undefined && g.points.filter((p) => p.met).length < args.minPoints;
  if (!args.jsonl) {
    const call = withoutBom(io.stdin());
    let g: Grade;
    try {
      // A file saved by an editor ends in a newline the server never sent.
      g = grade(pack, call, text.replace(/\r?\n$/, ''), options);
    } catch (err) {
      return { stdout: '', stderr: `error: ${(err as Error).message}\n`, code: 2 };
    }
    return { stdout: JSON.stringify(cutMembers(g)) + '\n', stderr: '', code: below(g) ? 1 : 0 };
  }
  // Every line of the log, blank ones included, gets its output line, which carries its number.
  const out: string[] = [];
  let failed = 0;
  let unread = 0;
  logLines(text).forEach((raw, i) => {
    const line = withoutBom(raw);
    let answer: string;
    try {
      if (!line.trim()) throw new Error('is blank: not a {"call": …, "reply": …} pair');
      const pair = JSON.parse(line) as { call?: unknown; reply?: unknown };
      if (pair === null || typeof pair !== 'object' || !('call' in pair) || !('reply' in pair)) throw new Error('is not a {"call": …, "reply": …} pair');
      const g = grade(pack, pair.call, pair.reply, options);
      answer = JSON.stringify({ line: i + 1, ...cutMembers(g) });
      if (below(g)) failed++;
    } catch (err) {
      unread++;
      answer = lineError(i + 1, err instanceof SyntaxError ? 'is not JSON' : errorText(err));
    }
    out.push(answer);
  });
  // A line that is no pair gets its error and the run goes on, as --jsonl does; under --min-points it meets no point.
  const gate = args.minPoints !== undefined && (failed > 0 || unread > 0);
  const notPairs = unread ? `; ${unread} ${unread === 1 ? 'line is' : 'lines are'} not a {"call", "reply"} pair, so meet${unread === 1 ? 's' : ''} none` : '';
  const stderr = gate ? `${failed} of ${out.length - unread} replies meet fewer than ${args.minPoints} points${notPairs}\n` : '';
  return { stdout: out.map((l) => l + '\n').join(''), stderr, code: gate ? 1 : 0 };
}

/** A log's lines, read whole: split at newlines, a carriage return before one dropped, the empty text after a last newline not a line. */
function logLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
}

/** Over MAX_LINE_BYTES in UTF-8 (measured only when it could be: a UTF-16 unit is at most 3 bytes). */
function tooLong(line: string): boolean {
  return line.length * 3 > MAX_LINE_BYTES && new TextEncoder().encode(line).length > MAX_LINE_BYTES;
}

/** --replay: the transcript in FILE (or stdin for -) as one JSON report (src/engine/replay.ts). */
function replayFile(pack: CompiledPack, args: Args, io: CliIo): CliOutput {
  let text: string;
  try {
    text = withoutBom(args.replay === '-' ? io.stdin() : io.readFile(args.replay!));
  } catch (err) {
    return { stdout: '', stderr: `error: cannot read ${args.replay}: ${(err as Error).message}\n`, code: 2 };
  }
  const outcome = replay(pack, text, { check: args.tool ? { tool: args.tool } : {}, countTokens: io.countTokens });
  if (!outcome.ok) return { stdout: '', stderr: `error: ${args.replay === '-' ? 'standard input' : args.replay} ${outcome.message}\n`, code: 2 };
  // Each call is written on its own terms: one nested too deep to write has its arguments (and what holds
  // them) cut, as a --jsonl result does, and the others are written whole.
  const { report } = outcome;
  const calls = report.calls.map((c) => cutMembers({ ...c, check: cutMembers(c.check) }, ['check']));
  return { stdout: JSON.stringify({ ...report, calls }, null, 2) + '\n', stderr: '', code: 0 };
}

/** The tools --export and --lint work on: --tool's alone, or every tool; a usage error when --tool names none. */
function selectTools(pack: CompiledPack, args: Args): readonly CompiledTool[] | CliOutput {
  if (!args.tool) return pack.tools;
  const tool = pack.tool(args.tool);
  return tool ? [tool] : { stdout: '', stderr: `error: no tool ${JSON.stringify(args.tool)}; the tools are: ${pack.tools.map((t) => t.name).join(', ')}\n`, code: 2 };
}

/**
 * --lint: one JSON line per finding ({tool, target, path, construct, action, lives, message}; `tool` is
 * null for a finding about a request carrying all the tools). A pasted tools file is linted as written,
 * and its rules live in checks only with --server-runs-check: we cannot see the server. Then one line per
 * promise a description makes and the schema does not enforce ({tool, promise: {field, path, kind, words,
 * patch, …}}), with the JSON Patch that would enforce it; check() enforces them, so they set no exit code.
 */
function lint(pack: CompiledPack, target: StrictTarget, args: Args): CliOutput {
  const options = args.tools ? { asWritten: true, serverRunsCheck: args.serverRunsCheck } : {};
  const tools = selectTools(pack, args);
  if ('code' in tools) return tools;
  const rows: { tool: string | null; finding: StrictFinding }[] = [
    ...tools.flatMap((t) => lintTool(t, target, options).map((finding) => ({ tool: t.name, finding }))),
    ...lintRequest(tools, target, options).map((finding) => ({ tool: null, finding })),
  ];
  const promises = tools.flatMap((t) => lintPromises(t).map((promise) => ({ tool: t.name, promise })));
  const stdout = rows.map(({ tool, finding }) => JSON.stringify({ tool, target, ...finding }) + '\n').join('') + promises.map((p) => JSON.stringify(p) + '\n').join('');
  const count = (pred: (f: StrictFinding) => boolean) => rows.filter((r) => pred(r.finding)).length;
  const nowhere = count((f) => f.lives === 'nowhere');
  const promised = promises.length ? `${promises.length} promise${promises.length === 1 ? '' : 's'} of the descriptions the schema does not enforce (check() does; each line has its JSON Patch)\n` : '';
  const summary = `${target}: ${rows.length} finding${rows.length === 1 ? '' : 's'} (${count((f) => f.action === 'refuses')} refused, ${count((f) => f.action === 'ignores')} ignored, ${count((f) => f.action === 'rewrite')} rewritten); ${nowhere} enforced nowhere\n${promised}`;
  return { stdout, stderr: summary, code: nowhere > 0 ? 1 : 0 };
}
