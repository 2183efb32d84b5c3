// checkCalls(): every call in one model message (a list, parallel tool calls, calls in text), each with its
// own result. grade(): how far your server's own error reply is from the body, point by point.
import { checkCalls, grade } from 'actionable-errors';
import { pack } from 'actionable-errors/packs/stripe';

/** The bodies a model message earns: one per refused call, in order. */
export function refusals(message: unknown) {
  return checkCalls(pack, message, { checks: false }).flatMap((result) => (result.ok ? [] : [result.body!]));
}

/** The points your server's reply misses, each with what to add. */
export function missedPoints(call: unknown, serverReply: unknown): string[] {
  return grade(pack, call, serverReply).points.filter((point) => !point.met).map((point) => `${point.id}: ${point.note}`);
}
