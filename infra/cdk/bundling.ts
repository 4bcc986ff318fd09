/**
 * The one set of esbuild settings for Lambda bundles. The CDK functions and the bundle benchmark
 * both read it, so the size and start-up figures measured locally are those of what is deployed.
 */
import { OutputFormat, SourceMapMode, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';

/** esbuild's target for the Lambda runtime chosen in `service-function.ts`. */
export const LAMBDA_NODE_TARGET = 'node24';

/**
 * ESM bundles have no `require`; some CommonJS dependencies call it for Node built-ins, so the bundle
 * defines one from `import.meta.url`.
 */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __bundleCreateRequire } from 'node:module'; const require = __bundleCreateRequire(import.meta.url);";

/**
 * The AWS SDK is bundled, from its ES module build (`MAIN_FIELDS`), tree-shaken to the clients and
 * commands a function uses. Importing the runtime's own copy instead costs a cold start far more
 * than it saves in size: Node.js loads it as hundreds of CommonJS files, and compiling them and
 * scanning each for its named exports (the ESM-from-CommonJS interop) took 150-200 ms for the
 * DynamoDB client alone (docs/DEPLOY.md, "Cold start").
 *
 * Left out are only modules the bundled SDK reaches through a dynamic `import()` that a function
 * never takes: the credential providers after the environment one (Lambda always puts the role's
 * credentials in the environment, so the default chain stops at `fromEnv`), the clients they use,
 * and event streams (no DynamoDB, SQS or KMS call has one). Should one of them ever be needed, it
 * loads from the SDK the Lambda runtime ships.
 */
export const EXTERNAL_MODULES = [
  '@aws-sdk/credential-provider-ini',
  '@aws-sdk/credential-provider-sso',
  '@aws-sdk/credential-provider-process',
  '@aws-sdk/credential-provider-web-identity',
  '@aws-sdk/credential-provider-http',
  '@aws-sdk/credential-provider-login',
  '@aws-sdk/nested-clients',
  '@aws-sdk/token-providers',
  '@smithy/credential-provider-imds',
  '@smithy/core/event-streams',
];

/** ES module entry points, so esbuild can drop unused exports (of the SDK above all). */
export const MAIN_FIELDS = ['module', 'main'];

/** Settings for `NodejsFunction`: bundled on this machine with the installed esbuild, never in Docker. */
export const lambdaBundling: BundlingOptions = {
  format: OutputFormat.ESM,
  target: LAMBDA_NODE_TARGET,
  minify: true,
  sourceMap: true,
  sourceMapMode: SourceMapMode.EXTERNAL,
  sourcesContent: false,
  banner: ESM_REQUIRE_BANNER,
  mainFields: MAIN_FIELDS,
  externalModules: EXTERNAL_MODULES,
  forceDockerBundling: false,
};

/** The same bundle, built with the esbuild API (what `NodejsFunction` runs through its CLI). */
export function esbuildOptions(entryPoint: string, outfile: string): BuildOptions {
  return {
    entryPoints: [entryPoint],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: LAMBDA_NODE_TARGET,
    minify: true,
    sourcemap: 'external',
    sourcesContent: false,
    banner: { js: ESM_REQUIRE_BANNER },
    mainFields: MAIN_FIELDS,
    external: EXTERNAL_MODULES,
    metafile: true,
    logLevel: 'silent',
  };
}
