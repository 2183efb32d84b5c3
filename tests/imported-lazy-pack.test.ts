// The playground's imported packs: the generator's shell and parts (imported-modules.ts) and the
// lazy pack that opens them a part at a time (src/imported/lazy-pack.ts). Two packs are generated into a
// git-ignored folder of the checkout (so the shells load as ES modules) and opened as the browser opens them,
// each part loaded by its URL (src/imported/parts.ts);
// every body is held to the AJV backend's for the same call.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { importedLayout, importedPackModules, PART_SOURCE_CHARS } from '../src/cli/imported-modules';
import '../src/engine/registries/all';
import { check } from '../src/engine';
import { compilePack } from '../src/engine/pack/ajv-backend';
import type { CompiledPack, PackSource } from '../src/engine/types';
import { defaultToolName, isLazyPack, isToolLoaded, loadAllTools, loadValidators, openImportedPack, validatorsNeeded } from '../src/imported/lazy-pack';
import { shellWithParts, type ImportedShellModule } from '../src/imported/parts';

const OUT = resolve(`.scratch-imported-test-${process.pid}`);
const PARTS = join(OUT, 'parts');
const IDS = ['google-tasks-v1', 'google-slides-v1'];
const sources = new Map(IDS.map((id) => [id, JSON.parse(readFileSync(`content/packs/imported/${id}.json`, 'utf8')) as PackSource]));
const reference = new Map<string, CompiledPack>();

beforeAll(() => {
  rmSync(OUT, { recursive: true, force: true });
  for (const id of IDS) {
    reference.set(id, compilePack(sources.get(id)!, id));
    const { shell, parts } = importedPackModules(`content/packs/imported/${id}.json`, sources.get(id)!);
    mkdirSync(PARTS, { recursive: true });
    writeFileSync(join(OUT, shell[0]), shell[1]);
    for (const [path, source] of parts) {
      mkdirSync(dirname(join(PARTS, path)), { recursive: true });
      writeFileSync(join(PARTS, path), source);
    }
  }
}, 60_000);
afterAll(() => rmSync(OUT, { recursive: true, force: true }));

async function open(id: string): Promise<CompiledPack> {
  const shell = (await import(pathToFileURL(join(OUT, `${id}.js`)).href)) as ImportedShellModule;
  return openImportedPack(shellWithParts(shell, pathToFileURL(`${PARTS}/`).href), `content/packs/imported/${id}.json`);
}

/** Every example call of a pack, and a few faulty calls besides, with the body the AJV backend gives. */
function calls(pack: CompiledPack) {
  return pack.tools.flatMap((t) => [
    ...(t.source.examples?.valid ?? []).map((a) => ({ name: t.name, arguments: a })),
    ...(t.source.examples?.invalid ?? []).map((e) => ({ name: t.name, arguments: e.arguments })),
    { name: t.name, arguments: { ...(t.source.examples?.valid?.[0] as object), zzz: [1] } },
  ]);
}

describe('the layout of an imported pack', () => {
  test('every tool in one part, tools of a resource together, parts near their size, a large tool alone', () => {
    const pack = reference.get('google-slides-v1')!;
    const layout = importedLayout(pack);
    expect(layout.tools.map((t) => t.name)).toEqual(pack.tools.map((t) => t.name));
    expect(layout.parts.flat().sort((a, b) => a - b)).toEqual(pack.tools.map((_t, i) => i));
    for (const members of layout.parts) expect(new Set(members.map((i) => pack.tools[i].resource)).size).toBe(1);
    const size = (i: number) => JSON.stringify(pack.tools[i].source).length;
    const large = pack.tools.map((_t, i) => i).filter((i) => size(i) > PART_SOURCE_CHARS / 2);
    expect(large.map((i) => pack.tools[i].name).sort()).toEqual(['presentations_batchUpdate', 'presentations_create']);
    for (const members of layout.parts) {
      if (members.some((i) => large.includes(i))) expect(members).toHaveLength(1);
      else expect(members.reduce((a, i) => a + size(i), 0)).toBeLessThanOrEqual(PART_SOURCE_CHARS);
    }
    for (const t of layout.tools) expect(layout.parts[t.part]).toContain(layout.tools.indexOf(t));
    // The pack opens on its first tool that is not so large (Slides' first two are 480 and 435 KB).
    expect(layout.defaultTool).toBe(2);
  });

  test('a part is the sources of its tools and nothing else: no code, no imports', () => {
    const { shell, parts } = importedPackModules('content/packs/imported/google-slides-v1.json', sources.get('google-slides-v1')!);
    for (const [path, code] of parts) {
      expect(shell[1], 'the shell names each part').toContain(JSON.stringify(path));
      const m = /^export const tools = (\[.*\]);\n$/s.exec(code);
      expect(m, path).not.toBeNull();
      const tools = JSON.parse(m![1]) as { name: string }[];
      expect(tools.map((t) => t.name).every((n) => sources.get('google-slides-v1')!.tools.some((t) => t.name === n))).toBe(true);
    }
  });
});

describe('an imported pack in the playground', () => {
  test('opens with every tool named and only its default tool\'s part loaded', async () => {
    const pack = await open('google-slides-v1');
    const ref = reference.get('google-slides-v1')!;
    expect(isLazyPack(pack)).toBe(true);
    expect(pack.tools.map((t) => t.name)).toEqual(ref.tools.map((t) => t.name));
    expect(pack.tools.map((t) => t.resource)).toEqual(ref.tools.map((t) => t.resource));
    const name = defaultToolName(pack)!;
    expect(name).toBe('presentations_get');
    expect(isToolLoaded(pack, name)).toBe(true);
    expect(isToolLoaded(pack, 'presentations_create')).toBe(false);
    // A tool that is not loaded says so, by name, when anything but its name is read.
    expect(() => pack.tool('presentations_create')!.fields).toThrow(/presentations_create is not loaded yet/);
    expect(pack.source.tools.map((t) => t.name)).toEqual(ref.tools.filter((t) => isToolLoaded(pack, t.name)).map((t) => t.name));
  });

  test('a call needs the part of the tool it names, and nothing for a tool the pack does not have', async () => {
    const pack = await open('google-slides-v1');
    const ref = reference.get('google-slides-v1')!;
    const unknown = { name: 'presentations_creat', arguments: {} };
    expect(validatorsNeeded(pack, unknown)).toEqual([]);
    expect(check(pack, unknown).body).toEqual(check(ref, unknown).body);
    const giant = { name: 'presentations_create', arguments: { title: 5 } };
    const needed = validatorsNeeded(pack, giant);
    expect(needed).toHaveLength(1);
    expect(needed[0]).toMatch(/^google-slides-v1#\d+$/);
    // A spelling variant of a tool's name needs that tool's part too, as check() absorbs it.
    expect(validatorsNeeded(pack, { name: 'presentationsCreate', arguments: {} })).toEqual(needed);
    // The tool can also be named by the picker rather than the call.
    expect(validatorsNeeded(pack, { title: 5 }, 'presentations_create')).toEqual(needed);
    await loadValidators(pack, needed);
    expect(isToolLoaded(pack, 'presentations_create')).toBe(true);
    expect(validatorsNeeded(pack, giant)).toEqual([]);
    expect(check(pack, giant).body).toEqual(check(ref, giant).body);
    // By tool name too.
    await loadValidators(pack, ['presentations_pages_getThumbnail']);
    expect(isToolLoaded(pack, 'presentations_pages_getThumbnail')).toBe(true);
    await expect(loadValidators(pack, ['nope'])).rejects.toThrow(/has no tool or part nope/);
  });

  for (const id of IDS) {
    test(`${id}: once every part is loaded, every call gets the AJV backend's body`, async () => {
      const pack = await open(id);
      const ref = reference.get(id)!;
      await loadAllTools(pack);
      expect(pack.tools.every((t) => isToolLoaded(pack, t.name))).toBe(true);
      expect(pack.source.tools.map((t) => t.name)).toEqual(ref.tools.map((t) => t.name));
      const all = calls(ref);
      expect(all.length).toBeGreaterThan(ref.tools.length * 2);
      for (const call of all) expect(check(pack, call), JSON.stringify(call).slice(0, 200)).toEqual(check(ref, call));
    });
  }

  test('a shipped pack needs nothing loaded', () => {
    const ref = reference.get('google-tasks-v1')!;
    expect(isLazyPack(ref)).toBe(false);
    expect(validatorsNeeded(ref, { name: 'tasks_list', arguments: {} })).toEqual([]);
    expect(isToolLoaded(ref, 'tasks_list')).toBe(true);
    expect(defaultToolName(ref)).toBe(ref.tools[0].name);
  });
});
