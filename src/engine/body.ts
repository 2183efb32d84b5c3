// Stage 6, body: assembles exactly what the model is handed. One fault gives the flat body; several give
// `validation_failed` with at most ten entries and the count of the rest. `retryable` is always there.
import { codeInfo } from './codes';
import type { Body, BodyError, Fault, Json } from './types';

export const MAX_ERRORS = 10;

function entry(f: Fault): BodyError {
  const e: BodyError = { field: f.field, code: f.code, message: f.message };
  if (f.hasReceived) e.received = f.received as Json;
  if (f.showCandidates && f.candidates.length) e.did_you_mean = f.candidates;
  return e;
}

export function assembleBody(faults: Fault[]): Body {
  if (faults.length === 1) {
    const f = faults[0];
    const body: Body = { error: f.code };
    if (f.field !== '') body.field = f.field;
    body.message = f.message;
    for (const [k, v] of Object.entries(f.extra ?? {})) body[k] = v;
    if (f.hasReceived) body.received = f.received as Json;
    if (f.showCandidates && f.candidates.length) body.did_you_mean = f.candidates;
    body.retryable = codeInfo(f.code).retryable;
    return body;
  }
  const shown = faults.slice(0, MAX_ERRORS);
  const left = faults.length - shown.length;
  const message = left > 0
    ? `${faults.length} fields were rejected; the first ${MAX_ERRORS} are listed. Correct them and call again to see the rest.`
    : `${faults.length} fields were rejected. Correct all of them and call again.`;
  const body: Body = { error: 'validation_failed', message, errors: shown.map(entry) as unknown as Json[] };
  if (left > 0) body.omitted = left;
  body.retryable = shown.some((f) => codeInfo(f.code).retryable);
  return body;
}

/** The exact bytes handed to the model. */
export function serializeBody(body: Body): string {
  return JSON.stringify(body);
}
