/**
 * ES module bundles have no `require`; some CommonJS dependencies call it for Node built-ins, so a
 * bundle defines one from `import.meta.url`. Every esbuild bundle of the project's code starts with
 * it: the functions' (infra/cdk/bundling.ts) and the local worker threads' (infra/local/worker-bundle.ts).
 * A module of its own, so that the local runtime takes it without loading the CDK.
 */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __bundleCreateRequire } from 'node:module'; const require = __bundleCreateRequire(import.meta.url);";
