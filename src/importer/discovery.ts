// Google Discovery documents, read directly: methods nest under `resources`, request bodies are `$ref`s
// by schema name into `schemas`, parameters are keyed by name with a `location`, `repeated` makes a list,
// and bounds and defaults are strings (the schema converter turns them into numbers).
import { RESPONSE_SHAPING } from './held-back';
import { standsFor } from './spec-pointers';
import type { OperationFacts, ParamFacts } from './types';

function isObj(v: unknown): v is Record<string, any> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A Discovery parameter as a vendor schema in the OpenAPI shape the converter reads. */
function paramSchema(p: Record<string, any>): Record<string, any> {
  const { location: _l, required: _r, repeated, ...schema } = p;
  standsFor(schema, p);
  return repeated === true ? standsFor({ type: 'array', items: schema, description: p.description }, p) : schema;
}

/** Every method of a Discovery document, depth first in document order. */
export function readDiscoveryOperations(doc: Record<string, any>): OperationFacts[] {
  const out: OperationFacts[] = [];
  const servicePath = typeof doc.servicePath === 'string' ? doc.servicePath : '';
  // The document's standard parameters apply to every method; of them, only the response-shaping ones
  // (`fields`) are the model's to send (held-back.ts holds back the rest).
  const standard = Object.entries<any>(isObj(doc.parameters) ? doc.parameters : {}).filter(([n, p]) => RESPONSE_SHAPING.has(n) && isObj(p) && p.location === 'query');
  const walk = (resources: Record<string, any>, trail: string[]) => {
    for (const [name, resource] of Object.entries(resources)) {
      if (!isObj(resource)) continue;
      const here = [...trail, name];
      for (const method of Object.values<any>(resource.methods ?? {})) {
        if (!isObj(method) || typeof method.id !== 'string') continue;
        const params: ParamFacts[] = [];
        for (const [pname, p] of Object.entries<any>(method.parameters ?? {})) {
          if (!isObj(p) || (p.location !== 'path' && p.location !== 'query')) continue;
          params.push({ name: pname, in: p.location, required: p.location === 'path' || p.required === true, deprecated: p.deprecated === true, schema: paramSchema(p) });
        }
        for (const [pname, p] of standard) {
          if (!params.some((q) => q.name === pname)) params.push({ name: pname, in: 'query', required: false, deprecated: false, schema: paramSchema(p) });
        }
        // `{+name}` is a reserved expansion in Discovery's URI templates; the name is what matters here.
        const path = `/${servicePath}${method.path ?? ''}`.replace(/\/{2,}/g, '/').replace(/\{\+/g, '{');
        out.push({
          id: method.id,
          method: String(method.httpMethod ?? 'GET').toUpperCase(),
          path,
          vendorName: method.id,
          servicePath,
          resource: here.join('.'),
          deprecated: method.deprecated === true,
          params,
          body: method.request ? { contentType: 'application/json', required: true, schema: method.request } : undefined,
        });
      }
      if (isObj(resource.resources)) walk(resource.resources, here);
    }
  };
  walk(isObj(doc.resources) ? doc.resources : {}, []);
  return out;
}

/** A tool name base for a Discovery method: its id without the API's own name (`calendar.events.list` -> events.list). */
export function discoveryNameBase(methodId: string, apiName: string): string {
  return methodId.startsWith(`${apiName}.`) ? methodId.slice(apiName.length + 1) : methodId;
}
