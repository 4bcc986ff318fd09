/**
 * The one set of esbuild settings for Lambda bundles. The CDK functions and the bundle benchmark
 * both read it, so the size and start-up figures measured locally are those of what is deployed.
 */
import { OutputFormat, SourceMapMode, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';
import { ESM_REQUIRE_BANNER } from '../esm-require-banner.js';

/** esbuild's target for the Lambda runtime chosen in `service-function.ts`. */
export const LAMBDA_NODE_TARGET = 'node24';

/** ES module entry points where a package has no `exports` map (the AWS SDK's packages), so esbuild can drop unused exports. */
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
  // Everything a function imports is bundled, the AWS SDK too. `NodejsFunction` would leave
  // `@aws-sdk/*` to the runtime's copy by default, whose CommonJS build costs a cold start 110-190 ms
  // to load, and whose version is not the one the project is tested with (docs/DEPLOY.md, "Cold start").
  externalModules: [],
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
    metafile: true,
    logLevel: 'silent',
  };
}

/**
 * Files a function reads at run time, copied beside its bundle: the docs page's renderer, which the
 * service serves itself (functions/system/redoc-script.ts).
 */
export const assetsBeside: Record<string, string[]> = {
  'system/docs-script': ['node_modules/redoc/bundles/redoc.standalone.js'],
};

/** The bundling of one handler module: the common settings, plus copying its run-time files. */
export function bundlingFor(handler: string): BundlingOptions {
  const files = assetsBeside[handler];
  if (!files) return lambdaBundling;
  return {
    ...lambdaBundling,
    commandHooks: {
      beforeBundling: () => [],
      beforeInstall: () => [],
      afterBundling: (inputDir: string, outputDir: string) => files.map((file) => `cp "${inputDir}/${file}" "${outputDir}/"`),
    },
  };
}
