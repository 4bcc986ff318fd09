/**
 * Every function's bundle, built with the deployed esbuild settings: the AWS calls it makes go
 * through the AWS SDK's clients, bundled from their ES module build. A bundle that reaches the store
 * carries DynamoDB's document client, one that sends shards carries the SQS client, one that signs
 * or verifies tokens with KMS carries the KMS client, and every one carries the X-Ray tracer that
 * wraps them. None carries a second copy from the SDK's CommonJS build or imports a package from
 * outside itself, and none carries what only the bench, the local runtime or the CLI use.
 */
import { isBuiltin } from 'node:module';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { fallbackHandler, routes } from '../../functions/routes.js';
import { esbuildOptions } from '../../infra/cdk/bundling.js';
import { PROJECT_ROOT } from '../../infra/cdk/create-app.js';
import { handlerEntry, planFunctions } from '../../infra/cdk/route-plan.js';
import { DEAD_LETTER_HANDLER, WORKER_HANDLER } from '../../infra/cdk/stateless-stack.js';

const handlers = [
  ...new Set([...planFunctions(routes, PROJECT_ROOT).map((p) => p.handler), fallbackHandler, WORKER_HANDLER, DEAD_LETTER_HANDLER]),
];

/** Which SDK client a bundle must carry when it contains a given module of ours. */
const clientFor: [ourModule: string, sdkPackages: string[]][] = [
  ['shared/store/client.ts', ['@aws-sdk/client-dynamodb', '@aws-sdk/lib-dynamodb']],
  ['shared/queue/sqs-queue.ts', ['@aws-sdk/client-sqs']],
  ['shared/aws/kms.ts', ['@aws-sdk/client-kms']],
];

/** One esbuild run over every entry point (the shared modules are parsed once): each output's inputs and outside imports. */
async function bundleInputs(): Promise<{ handler: string; inputs: string[]; externals: string[] }[]> {
  const entries = Object.fromEntries(handlers.map((handler) => [handler, handlerEntry(PROJECT_ROOT, handler)]));
  const { entryPoints: _one, outfile: _file, ...options } = esbuildOptions(entries[handlers[0]], 'unused.mjs');
  // Only the module graph is read: nothing written, minified or mapped.
  const result = await build({
    ...options,
    entryPoints: entries,
    outdir: join(PROJECT_ROOT, '.tmp', 'bundle-check'),
    outExtension: { '.js': '.mjs' },
    write: false,
    minify: false,
    sourcemap: false,
  });
  return Object.entries(result.metafile!.outputs)
    .filter(([, output]) => output.entryPoint !== undefined)
    .map(([path, output]) => ({
      handler: path.replace(/^.*bundle-check\//, '').replace(/\.mjs$/, ''),
      inputs: Object.keys(output.inputs),
      externals: output.imports.filter((i) => i.external && !isBuiltin(i.path)).map((i) => i.path),
    }));
}

describe('function bundles', () => {
  it('carry the AWS SDK clients for the calls they make, from the ES module build', async () => {
    const found = await bundleInputs();
    expect(found.map((f) => f.handler).sort()).toEqual([...handlers].sort());
    const usesStore = found.filter((f) => f.inputs.includes('shared/store/client.ts')).map((f) => f.handler);
    // Everything but the static documentation pages reaches the table.
    expect(usesStore.length).toBeGreaterThan(handlers.length - 4);
    expect(found.find((f) => f.handler === WORKER_HANDLER)!.inputs).toContain('shared/store/client.ts');
    for (const { handler, inputs, externals } of found) {
      for (const [ours, packages] of clientFor) {
        if (!inputs.includes(ours)) continue;
        for (const pkg of packages) {
          expect(
            inputs.some((i) => i.startsWith(`node_modules/${pkg}/dist-es/`)),
            `${handler} bundles ${pkg}`,
          ).toBe(true);
        }
      }
      expect(
        inputs.filter((i) => /node_modules\/@aws-sdk\/[^/]+\/dist-cjs\//.test(i)),
        handler,
      ).toEqual([]);
      expect(externals, handler).toEqual([]);
      // Every function traces its SDK calls (shared/aws/tracing.ts): Powertools' Tracer from its ES
      // module build, over the X-Ray SDK; an HTTP handler also carries the Tracer's middy middleware.
      expect(inputs, handler).toContain('shared/aws/tracing.ts');
      expect(inputs, handler).toContain('node_modules/@aws-lambda-powertools/tracer/lib/esm/Tracer.js');
      expect(
        inputs.some((i) => i.startsWith('node_modules/aws-xray-sdk-core/')),
        `${handler} bundles aws-xray-sdk-core`,
      ).toBe(true);
      expect(
        inputs.filter((i) => i.startsWith('node_modules/@aws-lambda-powertools/') && i.includes('/lib/cjs/')),
        handler,
      ).toEqual([]);
      if (inputs.includes('shared/http/stack.ts')) {
        expect(inputs, handler).toContain('node_modules/@aws-lambda-powertools/tracer/lib/esm/middleware/middy.js');
      }
      // The benchmark's sketch library, the embedded store and the TypeScript loader serve the bench,
      // the local runtime and the CLI; a function never carries them.
      expect(
        inputs.filter((i) => /^node_modules\/(@datadog\/sketches-js|dynalite|tsx)\//.test(i)),
        handler,
      ).toEqual([]);
    }
    // Starting a run sends shards to SQS; the token endpoint signs with KMS.
    expect(found.find((f) => f.handler === 'simulations/create')!.inputs).toContain('shared/queue/sqs-queue.ts');
    expect(found.find((f) => f.handler === 'identity/token')!.inputs).toContain('shared/aws/kms.ts');
  });
});
