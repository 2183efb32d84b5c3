// The checkout's prepack: `npm pack` or `npm publish` here would pack the repository's README.md (npm always
// packs the README at a package's root) and the checkout's own lib/. The package is packed from a staged
// folder instead (src/cli/stage-package.ts), so this stops with the command that does that. Plain JavaScript:
// it runs before anything is built.
console.error(
  [
    'npm pack and npm publish do not run in this checkout: they would pack the repository\'s README.',
    'To build the package and its tarball: npm run tarball (writes <name>-<version>.tgz here).',
    'Before a release: npm run release:check; then publish from .release/package/.',
  ].join('\n'),
);
process.exit(1);
