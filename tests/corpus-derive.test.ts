// The corpus's extracts, remade from upstream source (src/cli/corpus-tau-bench.ts, src/cli/corpus-stripe-requests.ts),
// on small files of our own in the upstream shapes. The expected error order and schema values are what Python's
// ast.walk and ast.literal_eval give for the same fixture (checked with CPython 3.11).
import { expect, test } from 'vitest';
import { pyJsonLoads } from '../src/cli/corpus-python-json';
import { deriveStripeRequests } from '../src/cli/corpus-stripe-requests';
import { deriveTauBenchTestActions, deriveTauBenchTools } from '../src/cli/corpus-tau-bench';

const TOOL = `# A tool in tau-bench's shape.
from typing import Any, Dict


class OrderLamp(Tool):
    @staticmethod
    def invoke(data: Dict[str, Any], lamp_id: str, count: int = 1, *, note: str = "") -> str:
        if lamp_id not in data:
            return "Error: no such lamp"
        for n in range(count):
            if n > 9:
                return f"Error: too many lamps, {n} asked"
            elif n < 0:
                return (
                    "Error: "
                    "negative count"
                )
            else:
                return "Error: unreachable " + lamp_id
        try:
            x = 1 / count
        except ZeroDivisionError as e:
            return f'Error: {e}'
        if count == 1: return "Error: one lamp only"
        return "Done"

    @staticmethod
    def get_info() -> Dict[str, Any]:
        return {
            "type": "function",
            "function": {
                "name": "order_lamp",  # a comment
                "strict": True,
                "note": None,
                "weight": 1.0,
                "tags": ("a", 'b',),
                "text": 'it\\'s "lit"\\n',
            },
        }
`;

const TASKS = `from x import Action, Task

TASKS_TEST = [
    Task(user_id="u1", actions=[Action(name="order_lamp", kwargs={"lamp_id": "L1", "count": 2})], outputs=[]),
    Task(
        user_id="u2",
        actions=[
            Action(name="order_lamp", kwargs={"lamp_id": "L2", "price": 9.5}),
            Action(name="think", kwargs={}),
        ],
    ),
]
`;

const files = new Map([
  ['tau_bench/envs/shop/tools/order_lamp.py', TOOL],
  ['tau_bench/envs/shop/tools/__init__.py', 'from .order_lamp import OrderLamp\n'],
  ['tau_bench/envs/shop/tasks_test.py', TASKS],
]);

test('a tool: its class, invoke() parameters, "Error" returns in ast.walk order (f-strings as source), get_info() as JSON', () => {
  expect(JSON.parse(deriveTauBenchTools(files))).toEqual({
    shop: [
      {
        class: 'OrderLamp',
        file: 'tau_bench/envs/shop/tools/order_lamp.py',
        invoke_params: ['data', 'lamp_id', 'count'],
        // Breadth first: the function's own ifs, then what the for and the except hold, then the elif, a level deeper.
        error_returns: ['Error: no such lamp', 'Error: one lamp only', 'f"Error: too many lamps, {n} asked"', "f'Error: {e}'", 'Error: negative count'],
        schema: { type: 'function', function: { name: 'order_lamp', strict: true, note: null, weight: 1, tags: ['a', 'b'], text: 'it\'s "lit"\n' } },
      },
    ],
  });
  // json.dumps(indent=2): a float keeps its ".0", no newline at the end.
  expect(deriveTauBenchTools(files)).toContain('"weight": 1.0,\n');
  expect(deriveTauBenchTools(files).endsWith('\n}')).toBe(true);
});

test("the test actions: one json.dumps line per Action, with the task's and the action's index", () => {
  expect(deriveTauBenchTestActions(files)).toBe(
    [
      '{"domain": "shop", "task_index": 0, "action_index": 0, "name": "order_lamp", "kwargs": {"lamp_id": "L1", "count": 2}}',
      '{"domain": "shop", "task_index": 1, "action_index": 0, "name": "order_lamp", "kwargs": {"lamp_id": "L2", "price": 9.5}}',
      '{"domain": "shop", "task_index": 1, "action_index": 1, "name": "think", "kwargs": {}}',
      '',
    ].join('\n'),
  );
});

test('what is not a literal stops the extract instead of changing it', () => {
  const computed = TOOL.replace('"strict": True,', '"strict": STRICT,');
  expect(() => deriveTauBenchTools(new Map([['tau_bench/envs/shop/tools/order_lamp.py', computed]]))).toThrow(/the name STRICT/);
  const fString = TASKS.replace('"lamp_id": "L1"', '"lamp_id": f"L{1}"');
  expect(() => deriveTauBenchTestActions(new Map([['tau_bench/envs/shop/tasks_test.py', fString]]))).toThrow(/f-string/);
  expect(() => deriveTauBenchTestActions(new Map([['tau_bench/envs/shop/tasks_test.py', 'TASKS = [Task(user_id="u")]\n']]))).toThrow(/no list of actions/);
});

test("the Stripe extract: each listed path's operations in the spec's order, request side only, json.dumps(indent=1)", () => {
  const spec = pyJsonLoads(
    JSON.stringify({
      info: { title: 'Lamp API', version: '1' },
      paths: {
        '/v1/lamps': {
          get: { operationId: 'GetLamps', parameters: [{ in: 'query', name: 'limit', schema: { type: 'integer' } }], responses: {} },
          post: {
            operationId: 'PostLamps',
            summary: 'Make a lamp',
            requestBody: { required: false, content: { 'application/x-www-form-urlencoded': { schema: { type: 'object' }, encoding: { tags: { style: 'deepObject' } } } } },
          },
        },
        '/v1/bulbs': { delete: { operationId: 'DeleteBulbs' } },
        '/v1/other': { get: { operationId: 'GetOther' } },
      },
    }),
  );
  const text = deriveStripeRequests(spec, ['/v1/lamps', '/v1/bulbs']);
  expect(text.startsWith('{\n "source_info": {\n  "title": "Lamp API",')).toBe(true);
  const out = JSON.parse(text) as { operations: Record<string, unknown>[]; components: object };
  expect(out.operations.map((o) => [o.operationId, o.method, o.path])).toEqual([
    ['GetLamps', 'GET', '/v1/lamps'],
    ['PostLamps', 'POST', '/v1/lamps'],
    ['DeleteBulbs', 'DELETE', '/v1/bulbs'],
  ]);
  expect(out.operations[1]).toEqual({
    operationId: 'PostLamps',
    method: 'POST',
    path: '/v1/lamps',
    summary: 'Make a lamp',
    description: null,
    parameters: [],
    requestBody_content_type: 'application/x-www-form-urlencoded',
    requestBody_required: false,
    requestBody_schema: { type: 'object' },
    requestBody_encoding: { tags: { style: 'deepObject' } },
  });
  expect(out.operations[0]).toMatchObject({ requestBody_content_type: null, requestBody_schema: null, parameters: [{ name: 'limit' }] });
  expect(out.components).toEqual({});
  expect(() => deriveStripeRequests(spec, ['/v1/none'])).toThrow(/path \/v1\/none/);
});
