// The bin's own words: `actionable-errors --help`, written for someone who installed the package (the
// repository runs the same bin through `npm run --silent check --`). Every option of both commands and
// their exit codes; run.ts parses the check command's options, src/mcp/proxy-cli.ts the proxy's.
import { EXPORT_FORMS } from '../engine/pack/exports';
import { STRICT_TARGETS } from '../engine/strict';
import { GRADE_POINTS } from '../engine/grade';
import { WIRE_FORMS } from '../engine/body/wire-forms';
import { MAX_LIST_PAGES, MAX_LISTED_TOOLS } from '../mcp/listing-pages';
import { PACK_CATALOG } from '../package/catalog';

/** Ids, comma-separated, wrapped to lines of at most `width` characters, each line after the first indented. */
function wrapIds(ids: readonly string[], indent: number, width = 100): string {
  const lines: string[] = [];
  let line = '';
  for (const id of ids) {
    const next = line ? `${line}, ${id}` : id;
    if (indent + next.length + 1 > width && line) {
      lines.push(line + ',');
      line = id;
    } else line = next;
  }
  lines.push(line);
  return lines.join('\n' + ' '.repeat(indent));
}

const CURATED_IDS = PACK_CATALOG.filter((p) => p.kind === 'curated').map((p) => p.id);
const IMPORTED_IDS = PACK_CATALOG.filter((p) => p.kind === 'imported').map((p) => p.id);

/** The packs --pack takes, as the help lists them under an option indented by 17 columns. */
const PACK_IDS_HELP = `the curated ${CURATED_IDS.join(', ')}, or one
                   of the ${IMPORTED_IDS.length} packs imported from vendors' specs:
                   ${wrapIds(IMPORTED_IDS, 19)}`;

/** The command, as package.json's `bin` names it (tests/package/bin-help.test.ts holds them together). */
export const BIN = 'actionable-errors';

const SYNOPSIS = `Usage: ${BIN} (--pack ID | --tools FILE) [options] < call.json
       ${BIN} mcp-proxy [--pack ID] [--allow-unchecked TOOL...] [--log FILE] -- <command>
       ${BIN} audit [--tool NAME...] [--allow-writes] [--json] [--html FILE] -- <command>
       ${BIN} --help | --version`;

export const PROXY_HELP = `Usage: ${BIN} mcp-proxy [--pack ID] [--allow-unchecked TOOL...] [--log FILE]
         -- <command that starts the MCP server> [args...]

Starts the MCP server <command> and serves its tools over stdio, checking every tools/call first
(with checks: false: the server checks its own records). A rejected call never reaches the server:
the client gets the body as the tool's result with isError: true. An accepted call goes on with
its arguments fixed. Everything else passes through unchanged.

  --pack ID        check against a pack and serve its tools, glosses included (without it, the
                   tools are the server's own, from its tools/list):
                   ${PACK_IDS_HELP}
  --allow-unchecked TOOL...
                   forward the calls of these tools unchecked when their definitions cannot be
                   compiled; each call's log record says unchecked: true. Several names may follow
                   one flag, and the flag may be repeated. Not with --pack
  --form FORM      the text of a refusal's result in a wire form, with the same facts: body (the
                   default), problem+json, aip-193, json-rpc
  --base-url URL   with --form problem+json: where the error dictionary is, for "type"
  --log FILE       append the log (one JSON record per call) to FILE instead of stderr
  -h, --help       print this help

Without --pack, the proxy reads the server's tools/list as soon as the client's handshake is done.
A tool whose definition cannot be compiled (past the compile budgets, say), unless
--allow-unchecked names it, is refused alone, at start as after tools/list_changed: it is named on
stderr with the JSON pointer and the reason, left out of the tools/list the client sees, and its
calls get unknown_tool and never reach the server; the other tools are served. The proxy stops, and
the server with it, on a first tools/list that fails or has not reached its last page within 30 s
(or ACTIONABLE_LIST_TIMEOUT_MS), and on any tools/list that runs past ${MAX_LIST_PAGES} pages or ${MAX_LISTED_TOOLS} tools or
names a page it has given already: calls are never checked against part of a listing.

Each request goes on under an id of the proxy's own, both ways, and its answer comes back under the
id it was sent with. A request whose id is still in flight is answered at once with an error.

Exit codes: 0 when the client closes, 1 when the server exits first, 2 for a usage error, a log
file that cannot be opened, or a tools/list that cannot be used (a tool that cannot be checked is
refused alone), 3 when the client's messages can no longer be read (one over 10 MB).`;

export const AUDIT_HELP = `Usage: ${BIN} audit [options] -- <command that starts the MCP server> [args...]
       ${BIN} audit [options] --url URL

Starts the MCP server (or opens a streamable-HTTP session at URL), lists its tools, and sends each
tool the wrong calls models make: a required argument left out, a wrong type, an enum value in the
wrong case or wording, an undeclared or misspelt argument, JSON text for an object, one value for a
list, a loose date, a decorated id, a tool name one letter off. Only calls the tool's own schema
refuses are sent, one at a time, directly to the server. Each reply is graded as --grade grades
one, against the engine's body for the same call; the report gives the points per tool and per
kind, rounds to recovery and tokens for the reply and for the body, the calls the server accepted
though its schema refuses them, timeouts and crashes, the strict-mode lint of the tools, and the
three changes that would gain the most points. The score is the points the replies earn per call
sent, out of 10: an accepted, timed-out or crashed call earns none.

  --tool NAME      audit this tool (repeatable); without it, only tools whose annotations say
                   readOnlyHint: true
  --allow-writes   audit every tool, read-only or not (a server that accepts a wrong call may
                   change its data; said on stderr)
  --url URL        a streamable-HTTP MCP server instead of a command
  --json           print the report as JSON instead of the summary
  --html FILE      also write the report to FILE as one HTML page that needs no network
  --min-score N    exit 1 when the score is below N (0 to 10)
  --timeout S      seconds each call may take (10)
  --total-timeout S
                   seconds the whole audit may take (300); past it, the report is partial
  -h, --help       print this help

A server that exits during a call is started again (three times at most) and the audit goes on;
a reply over the transport's 10 MB limit ends the session the same way.

Exit codes: 0 done, 1 below --min-score, 2 for a usage error or a server that cannot be started or
listed.`;

export const HELP = `${SYNOPSIS}

Checks an LLM tool call and prints the error body a model should be handed: one call read from
standard input (an OpenAI or Anthropic tool call, an MCP tools/call request, {name, arguments},
Python-style text as transcripts print it, or a bare arguments object with --tool). A rejected call
prints its body; an accepted call prints the call as it will run ({name, arguments}, names and
values fixed). A message holding several calls (parallel tool_calls, several tool_use blocks or
Gemini functionCall parts, a JSON list of calls) is checked call by call: one line per call, in
order, and exit code 1 when any is rejected.

Checking calls:
  --pack ID        check against a pack: ${PACK_IDS_HELP}
  --tools FILE     check against your own tools, from a JSON or YAML file: tool definitions (an
                   array or {"tools": [...]}, in OpenAI, Anthropic or MCP shape) or an OpenAPI 3,
                   Swagger 2 or Google Discovery document. A tool that cannot be compiled is named
                   on stderr and left out
  --tool NAME      the tool to use when the input is a bare arguments object; with --export
                   or --lint, that tool alone
  --form FORM      print a rejected call's body in a wire form, with the same facts (body, the
                   default, is the body itself): ${WIRE_FORMS.join(', ')}
  --base-url URL   with --form problem+json: where the site's error dictionary is; "type" is
                   the code's entry there (about:blank without it)
  --full           print the whole result: body, corrections, did_you_mean, suggested call
                   and log record (a JSON list of results for a message of several calls)
  --jsonl          read one call per line (a call log of any size, streamed); print one full result
                   per line, in order. A line that is not a call gets its own error result; a line
                   holding several calls gets a JSON list of their results. A line that cannot be
                   answered, or is over 16 MiB, gets {"line": N, "error": ...} and the run goes on;
                   a result member nested over 512 levels is written as null and named in "cut"
  --workers N      with --jsonl: spread the lines over N worker threads (the output keeps the
                   input's order)
  --replay FILE    replay an agent's transcript (- for standard input) and print one JSON
                   report: each call with the result it got and the body it gets here, loops,
                   and the turns and tokens wasted
  --grade FILE     grade your server's own error reply (in FILE: text, JSON, an MCP isError
                   result or problem+json) to the call on standard input, as one JSON object:
                   {points: [{id, met, note}], rounds: {reply, body}, tokens: {reply, body}}, the
                   rounds a model needs with your reply and with the body (null: never). With
                   --jsonl, FILE (- for standard input) is a log of {"call", "reply"} lines: one
                   grade per line, blank lines too, each with its "line" number
  --min-points N   with --grade: exit 1 when a reply meets fewer than N of the ${GRADE_POINTS.length} points
  --export FORM    print the tool definitions instead, in the form FORM:
                   ${EXPORT_FORMS.join(', ')}
  --lint TARGET    print what a vendor's strict mode refuses, ignores or rewrites, one JSON
                   finding per line: ${STRICT_TARGETS.join(', ')}; then each promise a
                   description makes that the schema does not enforce, with its JSON Patch
  --server-runs-check
                   with --tools and --lint: your server runs check() on every call, so the rules a
                   vendor drops still live in checks
  -h, --help       print this help
  -v, --version    print the version

The MCP proxy, in front of any stdio MCP server:
  mcp-proxy        ${BIN} mcp-proxy [options] -- <command that starts the server> ...
  --pack ID        check against a pack (the ids above) and serve its tools (without it: the
                   server's own)
  --allow-unchecked TOOL...
                   forward these tools' calls unchecked when their definitions cannot be compiled
                   (any other such tool is refused alone: left out of the listing, never called)
  --form FORM      a refusal's text in a wire form: body, problem+json, aip-193, json-rpc
  --log FILE       append the log, one JSON record per call, to FILE instead of stderr
                   (${BIN} mcp-proxy --help says more)

Auditing a live MCP server's error replies:
  audit            ${BIN} audit [options] -- <command that starts the server> ...
                   (${BIN} audit --help says more)

Exit codes:
  checking   0 accepted, 1 rejected, 2 usage error, unknown pack or broken tools file (the reason
             on stderr). With --jsonl, --replay or --export: 0 unless the run itself failed. With
             --lint: 1 when any finding says a rule is enforced nowhere, so it can gate CI. With
             --grade: 1 when a reply meets fewer than --min-points points (with --jsonl, a line
             that is not a pair meets none). 3 when the output could not be written to its end
             (its reader closed it early: EPIPE)
  mcp-proxy  0 when the client closes, 1 when the server exits first, 2 for a usage error, a log
             file that cannot be opened, or a tools/list that cannot be used (past ${MAX_LIST_PAGES} pages
             or ${MAX_LISTED_TOOLS} tools, say; a tool that cannot be checked is refused alone), 3 when the
             client's messages can no longer be read (one over 10 MB)
  audit      0 done, 1 below --min-score, 2 for a usage error or a server that cannot be started

Examples:
  echo 'update_ticket(ticket_id="T-8841", status="OPEN")' | ${BIN} --pack helpdesk
  ${BIN} --pack helpdesk --jsonl --workers 2 < calls.jsonl > results.jsonl
  ${BIN} --pack helpdesk --grade reply.json --min-points 8 < call.json
  ${BIN} --pack stripe --form problem+json < call.json
  ${BIN} --tools tools.json --lint openai-strict
  ${BIN} mcp-proxy --pack helpdesk --log calls.jsonl -- node helpdesk-server.js
  ${BIN} audit --html report.html -- npx @modelcontextprotocol/server-memory`;

/** After a usage error: the synopsis, and where the rest is. */
export const USAGE_HINT = `${SYNOPSIS}
Run ${BIN} --help for every option and the exit codes.`;
