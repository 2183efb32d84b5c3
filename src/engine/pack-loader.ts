// Loads pack files: compiles each one and runs its own examples through the engine, so a pack whose
// "valid" example is rejected, or whose faulty example earns another code, fails where it is written.
import { check } from './check';
import { compilePack, PackError, type PackProblem } from './pack-compiler';
import type { CompiledPack } from './types';

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
  });
  if (problems.length) throw new PackError(file, problems);
  return pack;
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
