// vendor/stripe-refunds-customers.requests.2023-09-12.json: the request side of Stripe's refunds and customers
// operations, an extract made for the corpus and published nowhere, remade here from the pinned spec3 (Stripe's
// OpenAPI document as JSON). Byte for byte what the original Python wrote: json.dumps(…, indent=1).
import { pyJsonDumps, type PyDict, type PyValue } from './corpus-python-json';

/** The paths the extract holds, in its order (refunds first); each path's operations follow in the spec's order. */
export const STRIPE_REQUEST_PATHS = ['/v1/refunds', '/v1/refunds/{refund}', '/v1/refunds/{refund}/cancel', '/v1/customers', '/v1/customers/search', '/v1/customers/{customer}'];

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

function dict(v: PyValue | undefined, what: string): PyDict {
  if (!(v instanceof Map)) throw new Error(`the Stripe spec has no ${what}`);
  return v;
}

/** The extract's JSON text, from the spec as Python values (pyJsonLoads of spec3's JSON). */
export function deriveStripeRequests(spec: PyValue, paths = STRIPE_REQUEST_PATHS): string {
  const root = dict(spec, 'document');
  const specPaths = dict(root.get('paths'), 'paths');
  const operations: PyValue[] = [];
  for (const path of paths) {
    for (const [method, op] of dict(specPaths.get(path), `path ${path}`)) {
      if (!METHODS.has(method) || !(op instanceof Map) || !op.has('operationId')) continue;
      const body = op.get('requestBody');
      const content = body instanceof Map && body.get('content') instanceof Map ? (body.get('content') as PyDict) : new Map<string, PyValue>();
      const [type, media] = [...content][0] ?? [null, new Map()];
      const mediaDict = media instanceof Map ? media : new Map<string, PyValue>();
      operations.push(
        new Map<string, PyValue>([
          ['operationId', op.get('operationId')!],
          ['method', method.toUpperCase()],
          ['path', path],
          ['summary', op.get('summary') ?? null],
          ['description', op.get('description') ?? null],
          ['parameters', op.get('parameters') ?? []],
          ['requestBody_content_type', type],
          ['requestBody_required', body instanceof Map ? (body.get('required') ?? null) : null],
          ['requestBody_schema', mediaDict.get('schema') ?? null],
          ['requestBody_encoding', mediaDict.get('encoding') ?? null],
        ]),
      );
    }
  }
  const extract = new Map<string, PyValue>([
    ['source_info', dict(root.get('info'), 'info')],
    ['operations', operations],
    // The extract resolves no $ref, so it carries no component.
    ['components', new Map()],
  ]);
  return pyJsonDumps(extract, { indent: 1 });
}
