// Every pack passes its own conformance check (src/engine/pack/pack-conformance.ts), and every rule of that
// check fails on a pack broken on purpose, so a clean result means something.
import { describe, expect, test } from 'vitest';
import { packFromToolDefinitions, type CompiledPack, type CompiledTool, type FieldInfo } from '../src/engine';
import { packConformance, type ConformanceRule } from '../src/engine/pack/pack-conformance';
import { getPack, packs } from '../src/packs';

/** A deep copy of a compiled pack that can be broken without touching the original. */
function clonePack(pack: CompiledPack, edit: (tool: CompiledTool) => void): CompiledPack {
  const tools = pack.tools.map((t) => {
    const copy: CompiledTool = {
      ...t,
      source: structuredClone(t.source),
      wireSchema: structuredClone(t.wireSchema),
      modelSchema: structuredClone(t.modelSchema),
      fields: new Map([...t.fields].map(([k, v]) => [k, structuredClone(v)] as [string, FieldInfo])),
    };
    edit(copy);
    return copy;
  });
  const byName = new Map(tools.map((t) => [t.name, t]));
  return { ...pack, tools, tool: (name) => byName.get(name) };
}

function rulesOf(pack: CompiledPack): ConformanceRule[] {
  return [...new Set(packConformance(pack).map((f) => f.rule))];
}

const helpdesk = getPack('helpdesk')!;
const calendar = getPack('google-calendar')!;

describe('the shipped packs conform', () => {
  test.each(packs.map((p) => [p.id, p] as const))('%s', (_id, pack) => {
    expect(packConformance(pack)).toEqual([]);
  });

  test('a pack made from tool definitions conforms too', () => {
    const custom = packFromToolDefinitions([{ name: 'lookup', input_schema: { type: 'object', required: ['id'], properties: { id: { type: 'string', description: 'The id.' } } } }]);
    expect(packConformance(custom)).toEqual([]);
  });

  test('the packs hold something to check: glosses, conflicts, aliases and examples', () => {
    const fields = packs.flatMap((p) => p.tools.flatMap((t) => [...t.fields.values()]));
    expect(fields.filter((f) => f.gloss).length).toBeGreaterThan(10);
    expect(fields.filter((f) => f.conflicts).length).toBeGreaterThan(0);
    expect(fields.filter((f) => f.aliases.length).length).toBeGreaterThan(0);
    expect(fields.filter((f) => Object.keys(f.valueAliases).length).length).toBeGreaterThan(0);
  });
});

describe('each rule fails on a pack broken on purpose', () => {
  test('gloss: dropped from the model-facing description', () => {
    const broken = clonePack(helpdesk, (t) => {
      if (t.name === 'get_ticket') t.modelSchema.properties.ticket_id.description = 'The ticket’s id.';
    });
    const found = packConformance(broken);
    expect(found).toContainEqual(expect.objectContaining({ rule: 'gloss', tool: 'get_ticket', at: '/properties/ticket_id', message: 'the gloss is missing from the model-facing description' }));
    // The exports are built from the same schema, so they lose it too.
    expect(found.some((f) => f.rule === 'gloss' && f.message.includes('missing from the openai export'))).toBe(true);
  });

  test('gloss: leaked into the wire schema', () => {
    const broken = clonePack(helpdesk, (t) => {
      if (t.name === 'get_ticket') t.wireSchema.properties.ticket_id.description += ' ' + t.source.arguments.properties.ticket_id['x-gloss'];
    });
    const found = packConformance(broken);
    expect(found).toContainEqual(expect.objectContaining({ rule: 'gloss', at: '/properties/ticket_id', message: 'the gloss leaked into the wire schema’s description' }));
    expect(found.some((f) => f.message.includes('appears in the wire export'))).toBe(true);
  });

  test('gloss: a pack keyword left in the wire schema', () => {
    const broken = clonePack(helpdesk, (t) => {
      if (t.name === 'get_ticket') t.wireSchema.properties.ticket_id['x-gloss'] = 'Keep the prefix.';
    });
    expect(packConformance(broken)).toContainEqual(expect.objectContaining({ rule: 'gloss', at: '/properties/ticket_id/x-gloss', message: 'a pack keyword survived into the wire schema' }));
  });

  test('conflict: names a field that does not exist', () => {
    const broken = clonePack(calendar, (t) => {
      const f = t.fields.get('syncToken');
      if (t.name === 'events_list' && f?.conflicts) f.conflicts = { ...f.conflicts, with: [...f.conflicts.with, 'pageSizee'] };
    });
    expect(packConformance(broken)).toEqual([expect.objectContaining({ rule: 'conflict', tool: 'events_list', at: 'syncToken', message: 'conflicts with "pageSizee", which is not a field beside it' })]);
  });

  test('conflict: with itself', () => {
    const broken = clonePack(calendar, (t) => {
      const f = t.fields.get('syncToken');
      if (t.name === 'events_list' && f?.conflicts) f.conflicts = { ...f.conflicts, with: ['syncToken'] };
    });
    // The engine then refuses syncToken on its own, so the pack's examples fail as well.
    expect(packConformance(broken)).toContainEqual(expect.objectContaining({ rule: 'conflict', at: 'syncToken', message: 'conflicts with itself' }));
    expect(rulesOf(broken)).toEqual(['conflict', 'example']);
  });

  test('alias: on a field the wire schema does not declare', () => {
    const broken = clonePack(helpdesk, (t) => {
      if (t.name === 'assign_ticket') t.fields.set('owner_id', { ...t.fields.get('assignee')!, path: 'owner_id', name: 'owner_id', aliases: ['owner_ref'] });
    });
    expect(packConformance(broken)).toContainEqual(expect.objectContaining({ rule: 'alias', tool: 'assign_ticket', at: 'owner_id', message: 'has aliases but the wire schema declares no such field' }));
  });

  test('alias: the name of another field', () => {
    const broken = clonePack(helpdesk, (t) => {
      if (t.name === 'assign_ticket') t.fields.get('assignee')!.aliases.push('note');
    });
    expect(packConformance(broken)).toContainEqual(expect.objectContaining({ rule: 'alias', at: 'assignee', message: 'alias "note" is the name of another field beside it' }));
  });

  test('alias: declared but not absorbed by the engine', () => {
    // The field index says "handler" is an alias; the compiled name map (from the source) does not.
    const broken = clonePack(helpdesk, (t) => {
      if (t.name === 'assign_ticket') t.fields.get('assignee')!.aliases.push('handler');
    });
    const found = packConformance(broken);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ rule: 'alias', at: 'assignee' });
    expect(found[0].message).toMatch(/^alias "handler" is not absorbed as assignee/);
  });

  test('alias: a value alias pointing outside the permitted set', () => {
    const broken = clonePack(helpdesk, (t) => {
      if (t.name === 'update_ticket') t.fields.get('status')!.valueAliases.resolved = 'done';
    });
    expect(packConformance(broken)).toEqual([expect.objectContaining({ rule: 'alias', at: 'status', message: 'value alias "resolved" points at "done", which is not a permitted value' })]);
  });

  test('example: a valid example the engine rejects, and one it only accepts after a correction', () => {
    const broken = clonePack(helpdesk, (t) => {
      if (t.name !== 'get_ticket') return;
      t.source.examples!.valid!.push({ ticket_id: '8841' }, { ticketId: 'T-8841' });
    });
    const found = packConformance(broken).map((f) => [f.rule, f.at, f.message.split(':')[0]]);
    expect(found).toEqual([
      ['example', '/examples/valid/2', 'is rejected'],
      ['example', '/examples/valid/3', 'is accepted only after corrections (ticketId -> ticket_id); write it as the API takes it'],
    ]);
  });

  test('example: a faulty example that earns another code, and a check example with the wrong outcome', () => {
    const broken = clonePack(helpdesk, (t) => {
      if (t.name !== 'get_ticket') return;
      t.source.examples!.invalid![0] = { ...t.source.examples!.invalid![0], expect: 'invalid_type' };
      if (t.source.examples!.checks?.length) t.source.examples!.checks[0] = { ...t.source.examples!.checks[0], expect: 'accepted' };
    });
    const found = packConformance(broken);
    expect(found.map((f) => f.at)).toEqual(['/examples/invalid/0', ...(helpdesk.tool('get_ticket')!.source.examples!.checks?.length ? ['/examples/checks/0'] : [])]);
    expect(found[0].message).toBe('expects invalid_type but gets invalid_format');
  });

  test('example: an x-example that breaks its own field', () => {
    const broken = clonePack(helpdesk, (t) => {
      if (t.name === 'get_ticket') t.fields.get('ticket_id')!.schema['x-example'] = 'TICKET-1';
    });
    const found = packConformance(broken);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ rule: 'example', tool: 'get_ticket', at: 'ticket_id' });
    expect(found[0].message).toContain('does not satisfy its own field');
  });
});
