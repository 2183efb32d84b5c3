// `npx tsx bench/proxy-first-call.ts [N]`: how long the MCP proxy's first call waits behind a server that lists
// N tools (10,000 unless given, the proxy's MAX_LISTED_TOOLS): from the end of the handshake to the call's answer,
// through the bundled bin, three runs. Issue 36 measured 13 s when every tool compiled up front; the tools now
// compile on their first call (src/engine/pack/compile-later.ts). Printed, not written to bench/results.json.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildBin } from './cli';

const n = Number(process.argv[2] ?? 10_000);
const dir = mkdtempSync(join(tmpdir(), 'actionable-first-call-'));
const toolsFile = join(dir, 'tools.json');
const properties = { id: { type: 'string', pattern: '^[a-z]+$' }, count: { type: 'integer', minimum: 0 }, kind: { type: 'string', enum: ['a', 'b', 'c'] } };
writeFileSync(toolsFile, JSON.stringify(Array.from({ length: n }, (_, i) => ({ name: `tool_${i}`, description: `Tool ${i}.`, inputSchema: { type: 'object', properties, required: ['id'] } }))));

function firstCall(): Promise<number> {
  const child = spawn(process.execPath, ['lib/cli.js', 'mcp-proxy', '--log', join(dir, 'log.jsonl'), '--', process.execPath, 'tests/mcp/listed-tools-server.mjs'], {
    env: { ...process.env, TOOLS_FILE: toolsFile },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const send = (...messages: object[]) => child.stdin.write(messages.map((m) => JSON.stringify(m) + '\n').join(''));
  return new Promise((resolve) => {
    let out = '';
    let start = 0;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      const lines = out.split('\n');
      out = lines.pop()!;
      for (const line of lines) {
        const m = JSON.parse(line) as { id?: number };
        if (m.id === 0) {
          start = performance.now();
          send({ jsonrpc: '2.0', method: 'notifications/initialized' }, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'tool_5', arguments: { id: 'abc' } } });
        }
        if (m.id === 1) {
          resolve(Math.round(performance.now() - start));
          child.stdin.end();
        }
      }
    });
    send({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } });
  });
}

await buildBin();
for (let run = 0; run < 3; run++) console.log(`${n.toLocaleString('en')} tools: first call answered ${await firstCall()} ms after the handshake`);
rmSync(dir, { recursive: true, force: true });
