// The three kinds of body the recovery benchmark compares, each behind the same "server": it takes a call
// and either runs it (the arguments it would run with) or refuses it with a body.
// - actionable: check(), the engine's body (absorption included: that is part of the design);
// - ajv: AJV with its default options (first error only) and its default message text, errorsText();
// - bare: the same detection, reported as tau-bench reports tool errors, a bare "Error: ..." string that
//   names the argument and the kind of fault, and nothing else (no rule, no permitted set, no suggestion).
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { CompiledPack, Json } from './engine-entry';

export const BODY_KINDS = ['actionable', 'ajv', 'bare'] as const;
export type BodyKind = (typeof BODY_KINDS)[number];

/** `tool`: the tool that ran (an absorbed name is the declared one). */
export type Outcome = { ok: true; tool: string; args: Json } | { ok: false; body: Json };

type Check = (pack: CompiledPack, input: unknown) => { ok: boolean; tool: string | null; arguments: Json | null; body: Record<string, Json> | null };

const validators = new WeakMap<object, ReturnType<Ajv2020['compile']>>();
let ajv: Ajv2020 | undefined;

function defaultValidator(pack: CompiledPack, tool: string) {
  const t = pack.tool(tool)!;
  let v = validators.get(t);
  if (!v) {
    if (!ajv) {
      ajv = new Ajv2020({ strict: false, allowUnionTypes: true, logger: false });
      addFormats(ajv);
    }
    v = ajv.compile(t.wireSchema);
    validators.set(t, v);
  }
  return v;
}

/** An AJV instancePath (`/flights/0/date`) as the dotted path a bare message would name. */
function dotted(pointer: string, extra?: string): string {
  const parts = pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (extra !== undefined) parts.push(extra);
  return parts.map((p, i) => (/^\d+$/.test(p) ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

export function serve(kind: BodyKind, check: Check, pack: CompiledPack, tool: string, args: Json): Outcome {
  if (kind === 'actionable') {
    const r = check(pack, { name: tool, arguments: args });
    return r.ok ? { ok: true, tool: r.tool!, args: r.arguments as Json } : { ok: false, body: r.body as Json };
  }
  // A server with a plain validator dispatches on the exact name: any other is a tool it does not have.
  if (!pack.tool(tool)) return { ok: false, body: kind === 'ajv' ? `unknown tool: ${tool}` : `Error: unknown tool '${tool}'` };
  const validate = defaultValidator(pack, tool);
  if (validate(args)) return { ok: true, tool, args };
  if (kind === 'ajv') return { ok: false, body: ajv!.errorsText(validate.errors) };
  const e = validate.errors![0];
  if (e.keyword === 'required') return { ok: false, body: `Error: missing required argument '${dotted(e.instancePath, String(e.params.missingProperty))}'` };
  if (e.keyword === 'additionalProperties') return { ok: false, body: `Error: unexpected argument '${dotted(e.instancePath, String(e.params.additionalProperty))}'` };
  return { ok: false, body: `Error: invalid value for argument '${dotted(e.instancePath) || 'arguments'}'` };
}
