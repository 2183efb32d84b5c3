// The parts of the engine the first body does not need, loaded right after it (or at once for a replay):
// the editor's markers (diagnostics, the span each body entry is about), the replay of a transcript, and the
// exports with their strict variants (strict-lint alone is the size of the checker). Kept out of checker.ts
// so the JavaScript before the first body stays small (tests/e2e/playground-size.test.ts).
import { exportPack } from '../../engine/exports';
import { replay } from '../../engine/replay';
import { readTranscript } from '../../engine/transcript';
import { diagnosticsFor, replacementText } from './diagnostics';
import { entrySources } from './faults';

export { diagnosticsFor, entrySources, exportPack, readTranscript, replacementText, replay };
