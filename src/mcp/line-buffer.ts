// How the proxy reads JSON-RPC lines from the server and from the client. The SDK's stdio transports read
// into a ReadBuffer that refuses a message over 10 MB by closing the transport (for the server side, that
// ends the whole session: every later call fails), and that copies everything buffered so far on each
// chunk, so a 20 MB line costs seconds and a 100 MB one minutes. LineBuffer has the same three methods and
// keeps the chunks of a line apart until its newline: a message of any size is read in time linear in it.
import { deserializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

const NEWLINE = 0x0a;

export class LineBuffer {
  /** The pieces of the line not yet ended. */
  private partial: Buffer[] = [];
  /** Lines ended and not yet read, in order, from `next` on. */
  private lines: Buffer[] = [];
  private next = 0;

  append(chunk: Buffer): void {
    let start = 0;
    for (let nl = chunk.indexOf(NEWLINE); nl !== -1; nl = chunk.indexOf(NEWLINE, start)) {
      this.partial.push(chunk.subarray(start, nl));
      this.lines.push(this.partial.length === 1 ? this.partial[0] : Buffer.concat(this.partial));
      this.partial = [];
      start = nl + 1;
    }
    if (start < chunk.length) this.partial.push(chunk.subarray(start));
  }

  /** The next message, or null when no whole line is waiting. A line that is no message throws (the transport reports it and reads on). */
  readMessage(): JSONRPCMessage | null {
    if (this.next >= this.lines.length) {
      this.lines = [];
      this.next = 0;
      return null;
    }
    const line = this.lines[this.next];
    this.lines[this.next++] = Buffer.alloc(0);
    return deserializeMessage(line.toString('utf8').replace(/\r$/, ''));
  }

  clear(): void {
    this.partial = [];
    this.lines = [];
    this.next = 0;
  }
}

/**
 * Puts a LineBuffer in place of an SDK stdio transport's own ReadBuffer (a private field: the SDK takes no
 * reader of ours). Throws when the transport has no such field, so an SDK that renames it fails the proxy's
 * tests rather than quietly bringing the 10 MB limit back.
 */
export function readLinesWithoutLimit<T extends object>(transport: T): T {
  const fields = transport as unknown as { _readBuffer?: unknown };
  if (!fields._readBuffer || typeof (fields._readBuffer as { append?: unknown }).append !== 'function') {
    throw new Error('the MCP SDK\u2019s stdio transport no longer reads through _readBuffer: src/mcp/line-buffer.ts needs updating');
  }
  fields._readBuffer = new LineBuffer();
  return transport;
}
