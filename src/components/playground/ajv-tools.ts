// The playground's uses of AJV itself, loaded by dynamic import only when needed: a user's own tool
// definitions (the "Your tools" tab, an imported API document among them) and the bare AJV error shown
// beside the body. Shipped packs validate with generated code (checker.ts), so the first check never waits
// for AJV's compiler.
export { bareError } from './bare';
export { compileCustomTools, compileImportedPack } from './custom-tools';
