// `actionable-errors`: the engine as the package exports it. Everything the engine's index exports (check(),
// pack compiling and loading, the exports, BODY_SCHEMA, the codes), and the backend that serves
// AJV standalone validators, for your own packs precompiled as the shipped ones are.
// The shipped packs are separate entry points (`actionable-errors/packs/<id>`), so importing one loads no other.
export * from '../engine';
export { precompiledBackend, type StandaloneValidate } from '../engine/pack/precompiled-backend';
