// The document with its local $refs put in place, and the component name of each schema a $ref named.
// Kept apart from index.ts so the vendor-examples reader, which index.ts runs, needs nothing of it.
import $RefParser from '@apidevtools/json-schema-ref-parser';

function isObj(v: unknown): v is Record<string, any> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export async function dereference(doc: Record<string, any>): Promise<{ doc: Record<string, any>; names: WeakMap<object, string> }> {
  const names = new WeakMap<object, string>();
  const out = await $RefParser.dereference(doc as any, {
    // Local references only: a spec that points elsewhere is imported without fetching anything.
    resolve: { external: false },
    dereference: {
      circular: true,
      onDereference: (path: string, value: unknown) => {
        if (isObj(value) && !names.has(value)) names.set(value, path.split('/').pop() ?? path);
      },
    },
    mutateInputSchema: false,
  } as any);
  return { doc: out as Record<string, any>, names };
}
