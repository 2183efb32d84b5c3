// Credentials and transport parameters: never in a tool's arguments, because the server fills them (a model
// must never be asked for a token). Recognised from the spec's own facts only:
// - an OpenAPI/Swagger `apiKey` security scheme names its parameter and where it goes (`in` + `name`);
// - `http` (bearer, basic), `oauth2` and `openIdConnect` schemes travel in the Authorization header, so a declared
//   Authorization (or Proxy-Authorization, X-Api-Key…) header is the credential;
// - an operation under an OAuth 2 or bearer scheme that declares a `token`/`access_token` parameter (RFC 6750's
//   name; Slack's is `token`) the vendor describes as the authentication or access token;
// - a Google Discovery document's standard `parameters` block (key, access_token, oauth_token, quotaUser,
//   prettyPrint, alt, callback, upload_protocol, uploadType, $.xgafv, userIp), which every method takes; `fields`
//   shapes the response and is not held back.
// Response-shaping parameters (`fields`, `expand`, `include`) are never held back. A body field of a JSON body is
// never held back either: GitHub's check-token and Discord's add-member take a user's token as their subject.
import type { HeldBack } from './types';

function isObj(v: unknown): v is Record<string, any> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Headers that carry a credential whatever the scheme. */
export const AUTH_HEADERS = /^(authorization|proxy-authorization|x-api-key|api-key|apikey|x-auth-token|x-access-token|cookie)$/i;

/** Parameter names under which an OAuth 2 or bearer token is sent as a parameter (RFC 6750 §2.2-2.3; Slack). */
const TOKEN_NAMES = /^(token|access_token|oauth_token|auth_token|bearer_token)$/i;
/** How a vendor describes the token parameter itself ("Authentication token. Requires scope: …"). */
const TOKEN_DESCRIPTION = /\b(authentication|authorization|auth|access|bearer|oauth(?: ?2(?:\.0)?)?|api)\s+token\b/i;

/** Parameters that shape the response: never held back, even where a vendor lists them with the transport ones. */
export const RESPONSE_SHAPING = new Set(['fields', 'expand', 'include']);

/** Discovery standard parameters that are credentials; every other standard parameter is transport. */
const DISCOVERY_CREDENTIALS = new Set(['key', 'access_token', 'oauth_token']);

interface Scheme {
  id: string;
  type: string;
  in?: string;
  name?: string;
  scheme?: string;
}

/** The security schemes of an OpenAPI 3 (`components.securitySchemes`) or Swagger 2 (`securityDefinitions`) document. */
export function securitySchemes(doc: Record<string, any>): Scheme[] {
  const raw = isObj(doc.components?.securitySchemes) ? doc.components.securitySchemes : isObj(doc.securityDefinitions) ? doc.securityDefinitions : {};
  return Object.entries<any>(raw)
    .filter(([, s]) => isObj(s) && typeof s.type === 'string')
    .map(([id, s]) => ({ id, type: String(s.type), in: typeof s.in === 'string' ? s.in : undefined, name: typeof s.name === 'string' ? s.name : undefined, scheme: typeof s.scheme === 'string' ? s.scheme.toLowerCase() : undefined }));
}

/** The schemes an operation requires: its own `security`, else the document's. */
function requiredSchemes(schemes: Scheme[], op: Record<string, any>, doc: Record<string, any>): Scheme[] {
  const security = Array.isArray(op.security) ? op.security : Array.isArray(doc.security) ? doc.security : [];
  const ids = new Set(security.flatMap((req: unknown) => (isObj(req) ? Object.keys(req) : [])));
  return schemes.filter((s) => ids.has(s.id));
}

const TOKEN_SCHEME = (s: Scheme) => s.type === 'oauth2' || s.type === 'openIdConnect' || (s.type === 'http' && s.scheme === 'bearer');

/**
 * Whether an OpenAPI/Swagger parameter is a credential, and the fact that says so. `where` is the parameter's
 * `in` (`formData` for a Swagger form field); `description` the vendor's own.
 */
export function credentialParam(
  schemes: Scheme[],
  doc: Record<string, any>,
  op: Record<string, any>,
  p: { name: string; in: string; description?: unknown },
): HeldBack | undefined {
  if (p.in === 'path' || p.in === 'body' || RESPONSE_SHAPING.has(p.name)) return undefined;
  const at: HeldBack['in'] = p.in === 'formData' ? 'body' : (p.in as HeldBack['in']);
  const key = schemes.find((s) => s.type === 'apiKey' && s.in === p.in && s.name?.toLowerCase() === p.name.toLowerCase());
  if (key) return { name: p.name, in: at, why: 'credential', basis: `the apiKey security scheme ${key.id} (${key.in} ${key.name})` };
  if (p.in === 'header' && AUTH_HEADERS.test(p.name)) return { name: p.name, in: at, why: 'credential', basis: 'an auth header' };
  if (TOKEN_NAMES.test(p.name) && typeof p.description === 'string' && TOKEN_DESCRIPTION.test(p.description)) {
    const scheme = requiredSchemes(schemes, op, doc).find(TOKEN_SCHEME);
    if (scheme) {
      const said = p.description.match(TOKEN_DESCRIPTION)![0];
      return { name: p.name, in: at, why: 'credential', basis: `the token of the ${scheme.type} security scheme ${scheme.id} the operation requires ("${said}")` };
    }
  }
  return undefined;
}

/** A Discovery document's standard parameters (its top-level `parameters`), held back from every method but `fields`. */
export function discoveryStandardParams(doc: Record<string, any>): HeldBack[] {
  if (!isObj(doc.parameters)) return [];
  const out: HeldBack[] = [];
  for (const [name, p] of Object.entries<any>(doc.parameters)) {
    if (RESPONSE_SHAPING.has(name) || !isObj(p)) continue;
    const at: HeldBack['in'] = p.location === 'path' ? 'query' : p.location === 'header' ? 'header' : 'query';
    out.push({ name, in: at, why: DISCOVERY_CREDENTIALS.has(name) ? 'credential' : 'transport', basis: 'a Discovery standard parameter' });
  }
  return out;
}
