// The formats "Copy the suggested call" offers: the caller's own envelope, so the text can be used as it
// is. The formats, their labels and the writing are the engine's (shared/format-labels.ts, formats.ts writeCall).
import { CALL_FORMAT_LABELS, CALL_FORMATS, pythonLiteral, writeCall, type CallFormat } from '../../../sandbox/formats';
import type { InputShape } from '../../../engine/types';

/** Every format but bare arguments: a corrected call is copied with its tool's name. */
export type Envelope = Exclude<CallFormat, 'bare-arguments'>;

export const ENVELOPE_LABELS: Record<Envelope, string> = CALL_FORMAT_LABELS;

export const ENVELOPES = CALL_FORMATS.filter((f): f is Envelope => f !== 'bare-arguments');

/** The envelope a call came in, to copy its correction in the same one. */
export function envelopeOfShape(shape: InputShape | string): Envelope {
  return (ENVELOPES as string[]).includes(shape) ? (shape as Envelope) : 'plain';
}

export { pythonLiteral, writeCall as inEnvelope };
