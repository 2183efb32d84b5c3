// `node wiretap.mjs SEEN_FILE -- <command> [args...]`: starts an MCP server and passes its stdio through
// unchanged, appending every tools/call request that reaches the server to SEEN_FILE ({name, arguments},
// one JSON line each, written before the server gets the line). The proxy tests put it in front of servers
// they cannot instrument (the official ones), so they can tell what the proxy let through.
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';

const [seenFile, dash, command, ...args] = process.argv.slice(2);
if (!seenFile || dash !== '--' || !command) {
  process.stderr.write('usage: node wiretap.mjs SEEN_FILE -- <command> [args...]\n');
  process.exit(2);
}
const child = spawn(command, args, { stdio: ['pipe', 'inherit', 'inherit'] });
let buffer = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  buffer += chunk;
  let nl;
  while ((nl = buffer.indexOf('\n')) !== -1) {
    const line = buffer.slice(0, nl + 1);
    buffer = buffer.slice(nl + 1);
    try {
      const m = JSON.parse(line);
      if (m.method === 'tools/call') appendFileSync(seenFile, JSON.stringify({ name: m.params?.name, arguments: m.params?.arguments }) + '\n');
    } catch {
      // Not JSON: the server will say so itself.
    }
    child.stdin.write(line);
  }
});
process.stdin.on('end', () => child.stdin.end(buffer));
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
