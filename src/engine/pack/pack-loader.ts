// Loads pack files: compiles each one and runs its own examples through the engine, so a pack whose
// "valid" example is rejected, or whose faulty example earns another code, fails where it is written.
import { check } from '../check';
// Defined beside the docs' use of it, so the playground gets it without the AJV loader.
import { checkExampleOptions } from '../checks-docs';
import { compilePack } from './ajv-backend';
import { PackError, type PackProblem } from './pack-compiler';
import type { CompiledPack } from '../types';

export { checkExampleOptions };

export function loadPack(file: string, data: unknown): CompiledPack {
  const pack = compilePack(data, file);
  const problems: PackProblem[] = [];
  const stem = file.split('/').pop()!.replace(/\.json$/, '');
  if (pack.id !== stem) problems.push({ path: '/id', message: `is "${pack.id}" but the file is ${stem}.json; they must match` });
  pack.source.tools.forEach((tool, i) => {
    const examples = tool.examples ?? {};
    if (!examples.valid?.length) problems.push({ path: `/tools/${i}/examples/valid`, message: 'needs at least one valid example' });
    if (!examples.invalid?.length) problems.push({ path: `/tools/${i}/examples/invalid`, message: 'needs at least one faulty example' });
    (examples.valid ?? []).forEach((args, j) => {
      const r = check(pack, { name: tool.name, arguments: args });
      if (!r.ok) problems.push({ path: `/tools/${i}/examples/valid/${j}`, message: `is rejected: ${JSON.stringify(r.body)}` });
    });
    (examples.invalid ?? []).forEach((ex, j) => {
      const r = check(pack, { name: tool.name, arguments: ex.arguments });
      const got = r.body ? String(r.body.error) : 'accepted';
      if (got !== ex.expect) problems.push({ path: `/tools/${i}/examples/invalid/${j}`, message: `expects ${ex.expect} but the engine gives ${got}: ${JSON.stringify(r.body)}` });
    });
    checkExamples(pack, i, problems);
  });
  if (problems.length) throw new PackError(file, problems);
  return pack;
}

/**
 * Runs a tool's `examples.checks` and holds the pack to its ordered checks: every check must stop at
 * least one example and be passed by at least one (a valid example or an accepted check example).
 */
function checkExamples(pack: CompiledPack, i: number, problems: PackProblem[]) {
  const src = pack.source.tools[i];
  const tool = pack.tool(src.name);
  if (!tool) return;
  const stoppedBy = new Set<string>();
  const passed = new Set<string>();
  const note = (r: ReturnType<typeof check>) => {
    if (r.log.check) stoppedBy.add(r.log.check);
    for (const s of r.checks) if (s.outcome === 'passed') passed.add(s.id);
  };
  for (const args of src.examples?.valid ?? []) note(check(pack, { name: src.name, arguments: args }));
  for (const ex of src.examples?.invalid ?? []) note(check(pack, { name: src.name, arguments: ex.arguments }));
  (src.examples?.checks ?? []).forEach((ex, j) => {
    const r = check(pack, { name: src.name, arguments: ex.arguments }, checkExampleOptions(pack, ex));
    const got = r.body ? String(r.body.error) : 'accepted';
    if (got !== ex.expect) problems.push({ path: `/tools/${i}/examples/checks/${j}`, message: `expects ${ex.expect} but the engine gives ${got}: ${JSON.stringify(r.body)}` });
    note(r);
  });
  for (const c of tool.checks) {
    if (!stoppedBy.has(c.id)) problems.push({ path: `/tools/${i}/checks/${c.index}`, message: `no example stops at ${c.id}: add one to examples.checks (or examples.invalid) whose body is ${c.code}` });
    if (!passed.has(c.id)) problems.push({ path: `/tools/${i}/checks/${c.index}`, message: `no example passes ${c.id}: add a valid example, or one to examples.checks that gets past it` });
  }
}

/** Loads every pack; reports the problems of all broken packs at once. */
export function loadPacks(files: Record<string, unknown>): CompiledPack[] {
  const packs: CompiledPack[] = [];
  const errors: PackError[] = [];
  for (const [file, data] of Object.entries(files)) {
    try {
      packs.push(loadPack(file, data));
    } catch (err) {
      if (err instanceof PackError) errors.push(err);
      else throw err;
    }
  }
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new PackError(errors.map((e) => e.origin).join(', '), errors.flatMap((e) => e.problems.map((p) => ({ path: `${e.origin}#${p.path}`, message: p.message }))));
  return packs;
}
