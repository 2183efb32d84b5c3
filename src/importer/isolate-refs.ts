// One operation's references never cost the others. The $ref dereferencer refuses a whole document for one
// fault in it: a chain of more than 500 $refs, a schema nested 500 levels deep, a $ref to nothing. When it
// does, the operations are dereferenced in halves, each half in a copy of the document that holds only
// what its operations reach, down to the operations it refuses alone: those are left out with their
// pointer and the reason, like an operation past the inline budget, and the others import.
// Its messages start pointers with the path it resolves against (the working directory, on Node), which
// is this machine's and never belongs in a message: only the part after `#` is kept.

/** What dereferencing gives: the document, and the component name of each schema it put in place. */
export interface Dereferenced {
  doc: Record<string, any>;
  names: WeakMap<object, string>;
}

/** An operation the dereferencer refused on its own. */
export interface RefusedOperation {
  /** The operation's pointer in the document: /paths/~1things/post. */
  pointer: string;
  method: string;
  path: string;
  operationId?: string;
  reason: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
/** The maps $refs point into (OpenAPI 3's components, Swagger 2's top level): only what is reached is copied. */
const COMPONENT_MAPS = new Set(['schemas', 'parameters', 'requestBodies', 'responses', 'headers', 'examples', 'links', 'callbacks', 'pathItems']);
const SWAGGER_MAPS = new Set(['definitions', 'parameters', 'responses']);
/** Past this length a pointer in a reason is cut: a schema nested 1,000 deep has one of 13,000 characters. */
const POINTER_CHARS = 120;

function isObj(v: unknown): v is Record<string, any> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function escape(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * The message of a dereferencing failure as a person reads it: no path of this machine, a pointer cut
 * short, and the depth limit said in the document's terms rather than the library's options.
 */
export function dereferenceMessage(err: unknown): string {
  const raw = err instanceof Error ? err.message : String(err);
  // `/home/x/project/#/components/…`, `file:///C:/x/#/…`, a page's address in the playground: whatever
  // comes before the `#` of a pointer is where the dereferencer ran, not the document.
  let text = raw.replace(/(^|[\s"'(])[^\s"'(#]+#(?=\/|$|[\s"'.])/g, '$1#');
  text = text.replace(/#\/[^\s"']+/g, (p) => (p.length > POINTER_CHARS ? `${p.slice(0, POINTER_CHARS)}…` : p));
  const depth = /^Maximum dereference depth \((\d+)\) exceeded at (\S+?)\.? /.exec(text);
  if (depth) return `its schemas nest deeper than ${depth[1]} levels, each $ref followed counting as one more (stopped at ${depth[2]}): shorten the chain of references or flatten the schema`;
  return text.replace(/\s*You can increase this limit with the dereference\.\w+ option\.?/, '');
}

interface Operation {
  path: string;
  method: string;
  pointer: string;
}

function operationsOf(raw: Record<string, any>): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries<any>(isObj(raw.paths) ? raw.paths : {})) {
    if (!isObj(item)) continue;
    for (const method of METHODS) if (isObj(item[method])) out.push({ path, method, pointer: `/paths/${escape(path)}/${method}` });
  }
  return out;
}

/** A local $ref's segments, or undefined for one that points elsewhere. */
function refSegments(ref: string): string[] | undefined {
  if (!ref.startsWith('#')) return undefined;
  if (ref === '#' || ref === '#/') return [];
  if (!ref.startsWith('#/')) return undefined;
  try {
    return ref.slice(2).split('/').map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'));
  } catch {
    return undefined;
  }
}

/**
 * A copy of the document that holds `ops` and what their $refs reach, and nothing else of its paths or
 * component maps. Containers on the way to a reached value are new objects; the values are the document's
 * own, shared, so the copy costs what the operations reach. Walked without recursion: a hostile document
 * nests as deep as it likes.
 */
export function documentFor(raw: Record<string, any>, ops: readonly Operation[]): Record<string, any> {
  const made = new Set<object>();
  const container = (): Record<string, any> => {
    const o: Record<string, any> = {};
    made.add(o);
    return o;
  };
  const swagger = typeof raw.swagger === 'string';
  const copy = container();
  const pending: unknown[] = [];
  for (const [k, v] of Object.entries(raw)) {
    // Webhooks are operations the importer does not read: their $refs must not cost the paths'.
    if (k === 'paths' || k === 'webhooks' || (swagger && SWAGGER_MAPS.has(k))) continue;
    if (k === 'components' && isObj(v)) {
      const c = container();
      for (const [ck, cv] of Object.entries(v)) if (!COMPONENT_MAPS.has(ck)) c[ck] = cv;
      copy.components = c;
      pending.push(...Object.values(c));
      continue;
    }
    copy[k] = v;
    pending.push(v);
  }
  const paths = container();
  copy.paths = paths;
  for (const op of ops) {
    const item = raw.paths[op.path];
    let held = paths[op.path];
    if (!held) {
      held = paths[op.path] = container();
      // What the path item says for all its operations: its parameters, summary, servers.
      for (const [k, v] of Object.entries(item)) {
        if (METHODS.includes(k)) continue;
        held[k] = v;
        pending.push(v);
      }
    }
    held[op.method] = item[op.method];
    pending.push(item[op.method]);
  }
  /** Puts the value at `segments` into the copy; the value, when it was not there yet. */
  const include = (segments: string[]): unknown => {
    let src: unknown = raw;
    let dst: Record<string, any> = copy;
    for (let i = 0; i < segments.length; i++) {
      const s = segments[i];
      if (!isObj(src) || !Object.prototype.hasOwnProperty.call(src, s)) return undefined;
      const next = src[s];
      const have = dst[s];
      if (have !== undefined && !made.has(have)) return undefined;
      if (i === segments.length - 1 || !isObj(next)) {
        // The value itself, or a list on the way to it: held whole.
        dst[s] = next;
        return next;
      }
      dst = have ?? (dst[s] = container());
      src = next;
    }
    return undefined;
  };
  const seen = new Set<object>();
  while (pending.length) {
    const node = pending.pop();
    if (node === null || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    if (!Array.isArray(node) && typeof (node as Record<string, unknown>).$ref === 'string') {
      const segments = refSegments((node as Record<string, string>).$ref);
      if (segments) pending.push(include(segments));
    }
    for (const v of Object.values(node)) if (v !== null && typeof v === 'object') pending.push(v);
  }
  return copy;
}

/**
 * Dereferences the document; when the dereferencer refuses it, dereferences what the operations it
 * accepts reach, and names the ones it refuses. `kept`: then, the pointers of the operations to read (a
 * $ref into another operation copies part of it, which is no operation of the result).
 */
export async function dereferenceIsolated(
  raw: Record<string, any>,
  dereference: (doc: Record<string, any>) => Promise<Dereferenced>,
): Promise<Dereferenced & { refused: RefusedOperation[]; kept?: ReadonlySet<string> }> {
  let whole: unknown;
  try {
    return { ...(await dereference(raw)), refused: [] };
  } catch (err) {
    whole = err;
  }
  const ops = operationsOf(raw);
  const refused: RefusedOperation[] = [];
  const accepted: Operation[] = [];
  // Halves, so a document with one bad operation among hundreds is dereferenced a few dozen times, not once per operation.
  const settle = async (part: Operation[]): Promise<void> => {
    if (part.length === 0) return;
    try {
      await dereference(documentFor(raw, part));
      accepted.push(...part);
    } catch (err) {
      if (part.length === 1) {
        const op = part[0];
        const id = raw.paths[op.path][op.method]?.operationId;
        refused.push({ pointer: op.pointer, method: op.method, path: op.path, ...(typeof id === 'string' ? { operationId: id } : {}), reason: dereferenceMessage(err) });
        return;
      }
      const mid = part.length >> 1;
      await settle(part.slice(0, mid));
      await settle(part.slice(mid));
    }
  };
  await settle(ops);
  // No operation at all: the document's own message, made safe. (With every operation accepted, the fault
  // lies in a part none of them reaches, which their copy leaves out.)
  if (ops.length === 0) throw new Error(dereferenceMessage(whole));
  const order = new Map(ops.map((op, i) => [op.pointer, i]));
  accepted.sort((a, b) => order.get(a.pointer)! - order.get(b.pointer)!);
  try {
    return { ...(await dereference(documentFor(raw, accepted))), refused, kept: new Set(accepted.map((op) => op.pointer)) };
  } catch (err) {
    throw new Error(dereferenceMessage(err));
  }
}
