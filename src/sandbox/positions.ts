// Where a call's name, arguments and fields sit in its text, read as check() reads it (the engine's
// parse/positions.ts): the playground's marks, hovers and quick fixes are placed with this alone.
export { locateCall, type CallLocation, type FieldLocation, type TextRange } from '../engine/parse/positions';
export { parsePath, pointerKeys, valueAt, type Segment } from '../engine/paths';
