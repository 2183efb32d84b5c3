// The sandbox's parts as plain dynamic imports, for createSandbox(files, plainParts): each part its own
// chunk in a bundle. The playground gives its own loaders instead (page-sandbox.ts), its chunks holding a part
// and the playground's helpers beside it, so that each part is one chunk there too.
import type { SandboxParts } from './index';

export const plainParts: SandboxParts = {
  checker: () => import('./checker'),
  extra: () => import('./extra'),
  ajv: () => import('./ajv'),
  grader: () => import('./grade'),
};
