// A body's exact bytes (the engine's body.ts), for a panel that needs only them (the playground's replay),
// so its chunk does not depend on the whole checker part.
export { serializeBody } from '../engine/body/body';
