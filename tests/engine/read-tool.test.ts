// The parse stage's last step (parse/read-tool.ts): the tool a parsed call names, or the fault that says why
// there is none. The validator's one answer it needs (does a tool take these arguments?) is handed in.
import { describe, expect, test } from 'vitest';
import { check, packFromToolDefinitions } from '../../src/engine';
import { messageOf } from '../../src/engine/faults/fault';
import { readTool, type TakesAsSent } from '../../src/engine/parse/read-tool';
import { getPack } from '../../src/packs';
import type { Correction } from '../../src/engine/types';

const helpdesk = getPack('helpdesk')!;
const never: TakesAsSent = () => false;

describe('readTool', () => {
  test('a declared name gives its tool and the arguments, after the repairs made while reading', () => {
    const repairs: Correction[] = [{ field: '', rule: 'json_trailing_comma', from: ',}', to: '}' }];
    const read = readTool(helpdesk, 'update_ticket', { ticket_id: 'T-1' }, repairs, never);
    expect(read.ok && read.tool.name).toBe('update_ticket');
    expect(read.corrections).toEqual(repairs);
    expect(read.corrections).not.toBe(repairs);
  });

  test('a name in another case is taken and reported as a correction', () => {
    const read = readTool(helpdesk, 'updateTicket', { ticket_id: 'T-1' }, undefined, never);
    expect(read.ok && read.tool.name).toBe('update_ticket');
    expect(read.corrections).toEqual([{ field: 'name', rule: 'tool_name_variant', from: 'updateTicket', to: 'update_ticket' }]);
  });

  test('no name, an unknown name, and arguments that are no object are each one parse fault', () => {
    const none = readTool(helpdesk, null, {}, undefined, never);
    expect(!none.ok && [none.fault.code, none.fault.field, none.tool]).toEqual(['invalid_call', 'name', null]);
    const unknown = readTool(helpdesk, 'delete_everything', {}, undefined, never);
    expect(!unknown.ok && [unknown.fault.code, unknown.fault.stage, unknown.tool]).toEqual(['unknown_tool', 'parse', null]);
    const list = readTool(helpdesk, 'update_ticket', ['T-1'], undefined, never);
    expect(!list.ok && [list.fault.code, list.fault.field, list.tool?.name]).toEqual(['invalid_call', 'arguments', 'update_ticket']);
    expect(!list.ok && messageOf(list.fault)).toBe('must be a JSON object of named arguments');
  });

  test('an unknown name lists the tools as data beside the words (parse/unknown-tool.ts), for the caller to read', () => {
    const unknown = readTool(helpdesk, 'delete_everything', {}, undefined, never);
    const takes = unknown.ok ? undefined : unknown.fault.notes.find((n) => n.kind === 'takes');
    expect(takes?.names?.length).toBeGreaterThan(1);
    expect(!unknown.ok && messageOf(unknown.fault)).toContain(`: ${takes!.names!.join(', ')}`);
  });

  // An MCP server's 13 tools (server-everything's), and a name that acts on nothing any of them acts on:
  // the body must still give the model a set to choose from, not only "is not a tool you can call".
  test('a name near no tool and on nothing they act on still lists them: all of up to 30, else the first 30 and how many there are', () => {
    const server = (names: string[]) => packFromToolDefinitions(names.map((name) => ({ name, description: name, parameters: { type: 'object', properties: {} } })));
    const everything = ['echo', 'get-annotated-message', 'get-env', 'get-resource-links', 'get-resource-reference', 'get-structured-content', 'get-sum', 'get-tiny-image', 'gzip-file-as-resource', 'toggle-simulated-logging', 'toggle-subscriber-updates', 'trigger-long-running-operation', 'simulate-research-query'];
    const body = check(server(everything), { name: 'add', arguments: {} }).body as { error: string; message: string };
    expect(body.error).toBe('unknown_tool');
    expect(body.message).toBe(`is not a tool you can call; they are: ${everything.join(', ')}`);
    const many = Array.from({ length: 45 }, (_, i) => `tool_${String.fromCharCode(97 + (i % 26))}${i}`);
    const r = check(server(many), { name: 'add', arguments: {} });
    expect((r.body as { message: string }).message).toBe(`is not a tool you can call; the first 30 of 45 are: ${many.slice(0, 30).join(', ')}`);
    expect(r.log.faults[0]?.code).toBe('unknown_tool');
  });

  test("check() refuses with the step's fault, naming the tool only when one was read", () => {
    const r = check(helpdesk, { name: 'update_ticket', arguments: ['T-1'] });
    expect([r.tool, r.log.stage, r.log.faults[0]?.code]).toEqual(['update_ticket', 'parse', 'invalid_call']);
    expect(check(helpdesk, { name: 'delete_everything', arguments: {} }).tool).toBeNull();
  });
});
