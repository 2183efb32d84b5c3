// The playground's uses of AJV itself, loaded by dynamic import only when needed: the sandbox's AJV part
// (src/sandbox/ajv.ts), a user's own tool definitions marked in their text (the "Your tools" tab, an imported
// API document among them) and the bare AJV error shown beside the body. Shipped packs validate with
// generated code (checker.ts), so the first check never waits for AJV's compiler.
export * from '../../../sandbox/ajv';
export { bareError } from '../views/bare';
export { compileCustomTools, compileImportedPack } from './custom-tools';
