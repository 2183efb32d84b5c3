// The chunks the page loads when first wanted, declared in one place: each is the module named here with
// what it imports that the page has not loaded yet. Two kinds are declared elsewhere, for the bundler: the
// sandbox's parts (checker, extra, AJV, grader) beside the page's sandbox (page-sandbox.ts says why), the
// later ones from inside the checker's chunk (checker.ts); and the early first body's script is the page's
// own (playground.astro). Workers are `?worker` imports (workers/), packs globs (pack-files.ts).
// A module loaded from here never imports this file, which would close a circle: the island hands such a
// module what it loads in turn (Monaco's loader to the editors, the strict lint panel to Your tools).

/** Tabs other than the call's. */
export const loadReplayPanel = () => import('../panels/ReplayPanel');
export const loadStatePanel = () => import('../panels/StatePanel');
export const loadDefinitionsPanel = () => import('../panels/DefinitionsPanel');

/** Panels of the result column, after the body. */
export const loadSuggestedPanel = () => import('../panels/SuggestedPanel');
export const loadBarePanel = () => import('../panels/BarePanel');
export const loadStrictLintPanel = () => import('../panels/StrictLintPanel');
/** The grade panel, with the sandbox's grader part (grader.ts). */
export const loadGrader = () => import('./grader');

/** Monaco, the JSON language and the editor's marks. */
export const loadMonaco = () => import('../editor/monaco-setup');
/** The examples menu's catalogue, when the menu opens. */
export const loadExampleCatalogue = () => import('../examples/ExampleCatalogue');
/** Your tools: the YAML reader for a pasted document, and the page's side of the spec importer's worker. */
export const loadYamlDocument = () => import('../../../yaml-document');
export const loadSpecImport = () => import('../workers/spec-import');
