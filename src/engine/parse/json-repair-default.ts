// Installs jsonrepair as the parse stage's repairer (json-repair.ts says why it is injected). Imported for
// its effect by every entry point that checks calls.
import { jsonrepair } from 'jsonrepair';
import { installJsonRepair } from './json-repair';

installJsonRepair(jsonrepair);
