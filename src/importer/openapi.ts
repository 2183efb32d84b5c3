// OpenAPI 3.0/3.1 and Swagger 2 documents, dereferenced, read into operation facts. Swagger 2's inline
// parameter schemas and formData parameters are read into the OpenAPI 3 shapes, so one tool builder serves
// both.
import { credentialParam, securitySchemes } from './held-back';
import { standsFor } from './spec-pointers';
import type { BodyFacts, HeldBack, OperationFacts, ParamFacts } from './types';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

/** Body media types in the order an agent's JSON call maps onto them. */
const BODY_PREFERENCE = [/^application\/json$/i, /\+json$/i, /^application\/x-www-form-urlencoded$/i, /^multipart\/form-data$/i];

function isObj(v: unknown): v is Record<string, any> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A Swagger 2 non-body parameter carries its schema inline: lift those keywords into a schema. */
function swaggerParamSchema(p: Record<string, any>): Record<string, any> {
  const { name: _n, in: _i, required: _r, description, collectionFormat: _c, allowEmptyValue: _a, ...schema } = p;
  return standsFor({ ...schema, description }, p);
}

/** A parameter's own example values (`example`, and the `value` of each of its `examples`). */
function paramExamples(p: Record<string, any>): unknown[] {
  const out: unknown[] = 'example' in p ? [p.example] : [];
  if (isObj(p.examples)) for (const ex of Object.values<any>(p.examples)) if (isObj(ex) && 'value' in ex) out.push(ex.value);
  return out;
}

function paramSchema(p: Record<string, any>, swagger: boolean): unknown {
  if (swagger) return swaggerParamSchema(p);
  if (p.schema !== undefined) {
    if (!isObj(p.schema)) return p.schema;
    const examples = paramExamples(p);
    // The parameter's examples travel with its schema for the converter to read a date form from (date-forms.ts).
    const lifted = p.description && !p.schema.description;
    return standsFor({ ...p.schema, ...(lifted ? { description: p.description } : {}), ...(examples.length ? { 'x-parameter-examples': examples } : {}) }, lifted ? p : p.schema);
  }
  if (isObj(p.content)) {
    const first = Object.values(p.content)[0];
    if (isObj(first)) return first.schema ?? {};
  }
  return {};
}

function pickBody(content: Record<string, any>): [string, any] | undefined {
  const entries = Object.entries(content);
  for (const re of BODY_PREFERENCE) {
    const hit = entries.find(([type]) => re.test(type));
    if (hit) return hit;
  }
  return entries[0];
}

/** The first path segment that names a resource (`/v1/customers/{customer}` -> customers). */
function resourceFromPath(path: string): string | undefined {
  const segments = path.split('/').filter((s) => s && !s.startsWith('{') && !/^v\d+(\.\d+)?$/i.test(s) && !/^\d{4}-\d{2}-\d{2}$/.test(s) && s !== 'api' && s !== 'rest');
  return segments[0];
}

/** Every operation of a dereferenced OpenAPI 3 or Swagger 2 document, in document order. */
export function readOpenApiOperations(doc: Record<string, any>): OperationFacts[] {
  const swagger = typeof doc.swagger === 'string';
  const out: OperationFacts[] = [];
  const schemes = securitySchemes(doc);
  const basePath = swagger && typeof doc.basePath === 'string' && doc.basePath !== '/' ? doc.basePath.replace(/\/$/, '') : '';
  for (const [path, item] of Object.entries<any>(doc.paths ?? {})) {
    if (!isObj(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!isObj(op)) continue;
      const fullPath = `${basePath}${path}`;
      // Operation parameters override path-item parameters of the same name and location.
      const byKey = new Map<string, Record<string, any>>();
      for (const p of [...(Array.isArray(item.parameters) ? item.parameters : []), ...(Array.isArray(op.parameters) ? op.parameters : [])]) {
        if (isObj(p) && typeof p.name === 'string' && typeof p.in === 'string') byKey.set(`${p.in}:${p.name}`, p);
      }
      const params: ParamFacts[] = [];
      const formFields: [string, unknown, boolean][] = [];
      let body: BodyFacts | undefined;
      const heldBack: HeldBack[] = [];
      for (const p of byKey.values()) {
        // A credential is the server's to send: it never becomes an argument (held-back.ts says how it is known).
        const credential = credentialParam(schemes, doc, op, p as { name: string; in: string; description?: unknown });
        if (credential) {
          heldBack.push(credential);
          continue;
        }
        if (p.in === 'path' || p.in === 'query' || p.in === 'header') {
          params.push({ name: p.name, in: p.in, required: p.in === 'path' || p.required === true, deprecated: p.deprecated === true, schema: paramSchema(p, swagger) });
        } else if (p.in === 'formData') {
          formFields.push([p.name, swaggerParamSchema(p), p.required === true]);
        } else if (p.in === 'body') {
          const consumes = Array.isArray(op.consumes) ? op.consumes : Array.isArray(doc.consumes) ? doc.consumes : ['application/json'];
          body = { contentType: consumes.find((c: string) => /json/i.test(c)) ?? consumes[0] ?? 'application/json', required: p.required === true, schema: p.schema ?? {} };
        }
      }
      if (formFields.length) {
        const consumes: string[] = Array.isArray(op.consumes) ? op.consumes : Array.isArray(doc.consumes) ? doc.consumes : [];
        body = {
          contentType: consumes.find((c) => /form/i.test(c)) ?? 'application/x-www-form-urlencoded',
          required: formFields.some(([, , r]) => r),
          schema: { type: 'object', properties: Object.fromEntries(formFields.map(([n, s]) => [n, s])), required: formFields.filter(([, , r]) => r).map(([n]) => n) },
        };
      }
      if (!swagger && isObj(op.requestBody) && isObj(op.requestBody.content)) {
        const picked = pickBody(op.requestBody.content);
        if (picked) body = { contentType: picked[0], required: op.requestBody.required === true, schema: isObj(picked[1]) ? (picked[1].schema ?? {}) : {} };
      }
      const reference = isObj(op.externalDocs) && typeof op.externalDocs.url === 'string' && op.externalDocs.url.startsWith('https://') ? op.externalDocs.url : undefined;
      out.push({
        id: `${method.toUpperCase()} ${fullPath}`,
        pointer: `/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}/${method}`,
        method: method.toUpperCase(),
        path: fullPath,
        vendorName: typeof op.operationId === 'string' ? op.operationId : undefined,
        resource: Array.isArray(op.tags) && typeof op.tags[0] === 'string' ? op.tags[0] : resourceFromPath(fullPath),
        deprecated: op.deprecated === true,
        reference,
        params,
        body,
        ...(heldBack.length ? { heldBack } : {}),
        ...responseFieldsOf(op),
      });
    }
  }
  return out;
}

/** The descriptions of the fields of an operation's success response (200 or 201, JSON), by name. */
function responseFieldsOf(op: Record<string, any>): { responseFields?: Record<string, string> } {
  const responses = isObj(op.responses) ? op.responses : {};
  const ok = responses['200'] ?? responses['201'];
  if (!isObj(ok)) return {};
  // OpenAPI 3 puts the schema under content; Swagger 2 on the response itself.
  const json = isObj(ok.content) ? ok.content['application/json'] : undefined;
  const schema = isObj(json) ? json.schema : ok.schema;
  if (!isObj(schema) || !isObj(schema.properties)) return {};
  const out: Record<string, string> = {};
  for (const [name, field] of Object.entries<any>(schema.properties)) if (isObj(field) && typeof field.description === 'string') out[name] = field.description;
  return Object.keys(out).length ? { responseFields: out } : {};
}
