#!/usr/bin/env node
// The `actionable-errors` command, bundled by esbuild into lib/cli.js (src/cli/build-lib.ts): no TypeScript
// compiler at run time, and only what a call needs is loaded: the one pack asked for (a curated pack with the
// validators `npm run precompile` generated; an imported pack, lib/packs/<id>.js and its JSON, with AJV compiling
// a tool's validator on the first call to it). AJV's compiler loads only for --tools and the imported packs;
// the MCP proxy only for mcp-proxy.
//   actionable-errors (--pack ID | --tools FILE) [options]      check calls (run.ts has the options)
//   actionable-errors mcp-proxy [--pack ID] [--allow-unchecked TOOL...] [--log FILE] -- <command that starts an MCP server>
//   actionable-errors audit [--tool NAME...] [--allow-writes] [--json] [--html FILE] [--min-score N] (-- <server command> | --url URL)
//   actionable-errors --help | --version                        help.ts has the words
import { existsSync, readFileSync } from 'node:fs';
import { catalogEntry, loadCatalogPack, unknownPackMessage, usePackModules } from '../package/catalog';
import type { CompiledPack } from '../engine/types';
import { AUDIT_HELP, HELP, PROXY_HELP } from './help';
import { startWorkers, streamJsonl, type WorkerSource } from './jsonl';
import { loadPack, parseArgs, readToolsText, runCli, type CliIo } from './run';
import { looksLikeJson } from '../document-text';

/** The value after `flag` in argv, when there is one. */
function valueOf(argv: readonly string[], flag: string): string | undefined {
  const i = argv.indexOf(flag);
  return i === -1 ? undefined : argv[i + 1];
}

/** The --tools file's text, or undefined when there is none or it cannot be read (run.ts says what is wrong). */
function toolsFileText(path: string | undefined): string | undefined {
  if (!path) return undefined;
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * The --tools file when it is an OpenAPI, Swagger or Discovery document (JSON or YAML): imported and compiled
 * (tools-document.ts). Undefined for anything else (tool definitions, an unreadable file): run.ts reads those and says what is wrong.
 */
async function importApiDocument(path: string, text: string, parseYaml: CliIo['parseYaml']): Promise<{ pack: CompiledPack; source: unknown } | { error: string } | undefined> {
  const read = readToolsText(text, { parseYaml });
  if (!read.ok) return undefined;
  const doc = read.value;
  // Said by its own keys; the importer, its dereferencer and the registries load only for such a file.
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc) || !('openapi' in doc || 'swagger' in doc || 'discoveryVersion' in doc)) return undefined;
  const { toolsFromApiDocument } = await import('./tools-document');
  try {
    return await toolsFromApiDocument(doc, path, (line) => process.stderr.write(line));
  } catch (err) {
    return { error: `${path} could not be imported: ${err instanceof Error ? err.message : String(err)}` };
  }
}

/** The YAML reader, loaded only when the --tools text does not open as JSON. */
async function yamlReaderFor(text: string): Promise<CliIo['parseYaml']> {
  return looksLikeJson(text) ? undefined : (await import('../yaml-document')).parseYamlText;
}

const WORKER_URL = new URL('./check-worker.js', import.meta.url);

async function checkCommand(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  if (!('code' in args) && args.jsonl && args.grade === undefined && args.workers && args.pack) {
    // A shipped pack over worker threads: they start first, each loading the pack, and this thread loads
    // none (it only moves bytes), so the start is one pack load, not one here and then one per thread.
    if (!catalogEntry(args.pack)) {
      process.stderr.write(unknownPackMessage(args.pack));
      return 2;
    }
    await streamJsonl({ pool: startWorkers(args.workers, WORKER_URL, { source: { packId: args.pack }, tool: args.tool }) });
    return 0;
  }
  // Load before the synchronous run what it may ask for: the pack named, AJV's compiler for --tools.
  const packId = valueOf(argv, '--pack');
  const shipped: CompiledPack | undefined = packId === undefined ? undefined : await loadCatalogPack(packId);
  const toolsImport = argv.includes('--tools') ? await import('../engine/pack/tools-import') : undefined;
  // An API document for --tools is imported first (asynchronously), then handed to the synchronous run.
  const toolsPath = valueOf(argv, '--tools');
  const toolsText = toolsImport ? toolsFileText(toolsPath) : undefined;
  const parseYaml = toolsText !== undefined ? await yamlReaderFor(toolsText) : undefined;
  const apiDocument = toolsText !== undefined ? await importApiDocument(toolsPath!, toolsText, parseYaml) : undefined;
  if (apiDocument && 'error' in apiDocument) {
    process.stderr.write(`error: ${apiDocument.error}\n`);
    return 2;
  }
  // The tokenizer (a chunk of its own, some megabytes) loads only for --replay and --grade, so checking a call stays quick to start.
  const tokenizer = argv.includes('--replay') || argv.includes('--grade') ? await import('gpt-tokenizer/encoding/o200k_base') : undefined;
  const io = {
    stdin: () => {
      try {
        return readFileSync(0, 'utf8');
      } catch {
        return '';
      }
    },
    readFile: (path: string) => readFileSync(path, 'utf8'),
    pack: (id: string) => (id === packId ? shipped : undefined),
    toolsPack: (definitions: unknown, origin: string) => {
      if (!toolsImport) throw new Error('the tools compiler was not loaded');
      return apiDocument ? apiDocument.pack : toolsImport.packFromToolDefinitions(definitions, origin);
    },
    parseYaml,
    countTokens: tokenizer ? (text: string) => tokenizer.countTokens(text) : undefined,
    warn: (text: string) => process.stderr.write(text),
  };
  if (!('code' in args) && args.jsonl && args.grade === undefined) {
    // A log of any size: streamed line by line, in flat memory, over worker threads with --workers.
    // Each worker compiles the pack for itself, from the imported document or the definitions read, and
    // starts before this thread compiles its own (which only says whether the file has problems).
    const definitions = !apiDocument && toolsText !== undefined ? readToolsText(toolsText, io) : undefined;
    const source: WorkerSource | undefined = apiDocument
      ? { imported: apiDocument.source, origin: args.tools! }
      : definitions?.ok
        ? { definitions: definitions.value, origin: args.tools! }
        : undefined;
    const pool = args.workers && source ? startWorkers(args.workers, WORKER_URL, { source, tool: args.tool }) : undefined;
    const pack = loadPack(args, io);
    if ('code' in pack) {
      await pool?.stop();
      process.stderr.write(pack.stderr);
      return pack.code;
    }
    await streamJsonl(pool ? { pool } : { pack, tool: args.tool });
    return 0;
  }
  const out = runCli(argv, io);
  process.stdout.write(out.stdout);
  process.stderr.write(out.stderr);
  return out.code;
}

/** The package's version, from the package.json beside lib/ (the one installed, or this repository's). */
function packageVersion(): string {
  return (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

async function main(): Promise<number> {
  // Bundled (lib/cli.js), every pack is a module of its own in lib/packs/; run from the sources, an imported pack is read from content/.
  const packModules = new URL('./packs/', import.meta.url);
  if (existsSync(packModules)) usePackModules(packModules);
  const argv = process.argv.slice(2);
  // The bin's own options: for mcp-proxy, those before `--` (what follows is the server's command line).
  const sub = argv[0] === 'mcp-proxy' || argv[0] === 'audit';
  const own = sub ? argv.slice(1, argv.includes('--') ? argv.indexOf('--') : undefined) : argv;
  if (own.includes('--version') || own.includes('-v')) {
    process.stdout.write(`${packageVersion()}\n`);
    return 0;
  }
  if (own.includes('--help') || own.includes('-h') || (argv.length === 1 && argv[0] === 'help')) {
    process.stdout.write(`${argv[0] === 'mcp-proxy' ? PROXY_HELP : argv[0] === 'audit' ? AUDIT_HELP : HELP}\n`);
    return 0;
  }
  if (argv[0] === 'mcp-proxy') {
    const { proxyCommand } = await import('../mcp/proxy-cli');
    return proxyCommand(argv.slice(1));
  }
  if (argv[0] === 'audit') {
    const { auditCommand } = await import('../audit/audit-cli');
    return auditCommand(argv.slice(1));
  }
  // The reader went away (`| head`) or the output failed: the results after that point are lost, so the
  // run must not pass for complete (exit 3, help.ts), and stderr says why in one line, never a stack.
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    const why = err.code === 'EPIPE' ? 'its reader closed it (EPIPE)' : err.message;
    process.stderr.write(`error: the output could not be written to its end: ${why}; the results from there on were not written\n`);
    process.exit(3);
  });
  return checkCommand(argv);
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`error: the checker failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 2;
  },
);
