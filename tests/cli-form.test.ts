// The CLI's --form: a rejected call's body in a wire form (serializeBody's), the same bytes the engine writes,
// with the pack's docs link where it has one; usage mistakes exit 2.
import { expect, test } from 'vitest';
import { runCli } from '../src/cli/run';
import { check, docUrlFor, packFromToolDefinitions, serializeBody, WIRE_FORMS } from '../src/engine';
import { getPack } from '../src/packs';

const io = (stdin: string) => ({ stdin: () => stdin, readFile: () => { throw new Error('ENOENT'); }, pack: getPack, toolsPack: packFromToolDefinitions });
const refund = { name: 'create_refund', arguments: { payment_intent: 'pi_3MtwBwLkdIwHu7ix28a3tqPa', reason: 'fraud' } };
const stripe = getPack('stripe')!;
const body = check(stripe, refund).body!;

test.each(WIRE_FORMS)('--form %s prints the body in that form, exit 1', (form) => {
  const out = runCli(['--pack', 'stripe', '--form', form], io(JSON.stringify(refund)));
  expect(out).toEqual({ stdout: serializeBody(body, { form, pack: 'stripe', docUrl: docUrlFor(stripe, 'create_refund') }) + '\n', stderr: '', code: 1 });
});

test('--base-url names the type of problem+json; Stripe links the operation as doc_url', () => {
  const out = JSON.parse(runCli(['--pack', 'stripe', '--form', 'problem+json', '--base-url', 'https://example.com/'], io(JSON.stringify(refund))).stdout);
  expect([out.type, out.doc_url, out.error]).toEqual(['https://example.com/errors/#stripe-invalid_reason', 'https://docs.stripe.com/api/refunds/create', 'invalid_reason']);
});

test('an accepted call prints the call as it will run, whatever the form', () => {
  const ok = { name: 'create_refund', arguments: { payment_intent: 'pi_3MtwBwLkdIwHu7ix28a3tqPa' } };
  expect(runCli(['--pack', 'stripe', '--form', 'aip-193'], io(JSON.stringify(ok)))).toEqual(runCli(['--pack', 'stripe'], io(JSON.stringify(ok))));
});

test.each([
  [['--form', 'xml'], '--form takes one of body, problem+json, aip-193, json-rpc, mcp, not "xml"'],
  [['--form', 'mcp', '--jsonl'], '--form writes the body of a call checked on its own; it does not go with --full, --jsonl, --export, --lint, --replay or --grade'],
  [['--base-url', 'https://example.com/'], '--base-url goes with --form problem+json'],
])('%j is a usage error', (flags, message) => {
  const out = runCli(['--pack', 'stripe', ...flags], io(''));
  expect(out.code).toBe(2);
  expect(out.stderr).toContain(`error: ${message}\n`);
});
