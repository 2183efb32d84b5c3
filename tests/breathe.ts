// Set up before every unit and integration test file: one turn of the event loop before each test. Vitest
// runs a file's tests back to back on promises alone, and a promise gives timers and messages no turn, so a
// file of many heavy tests (every imported pack against its spec, 106 s) held its worker as one block, the
// worker missed the reply to its own progress report, and Vitest failed a run whose tests had all passed
// ("Timeout calling onTaskUpdate"). A single test that runs long breathes inside (tests/corpus-sample.ts).
import { beforeEach } from 'vitest';
import { letWorkerBreathe } from './corpus-sample';

beforeEach(letWorkerBreathe);
