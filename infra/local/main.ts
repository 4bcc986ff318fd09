/**
 * `npm start`: the whole service on this machine, with the web app at /app (built first when
 * missing). PORT (default 3000), DATA_DIR (default ./.data), LOG_LEVEL. Plugins (queue workers) are registered in ./plugins.ts.
 */
import { bootstrapDemo, describeDemo, localIdentityPlugin } from './bootstrap-demo.js';
import { localPlugins } from './plugins.js';
import { warmShardWorkers } from './queue-plugin.js';
import { startLocalRuntime } from './runtime.js';
import { ensureWebApp } from './web-build.js';

if (await ensureWebApp()) process.stdout.write('Built the web app (web/dist)\n');

const runtime = await startLocalRuntime({ plugins: [...localPlugins, localIdentityPlugin], ready: false });
process.stdout.write(
  [
    `Household scenarios API listening on ${runtime.url} (data in ${runtime.dataDir})`,
    `  health:   curl ${runtime.url}/health`,
    `  API docs: ${runtime.url}/docs  (OpenAPI: ${runtime.url}/openapi.json)`,
    `  web app:  ${runtime.url}/app`,
    `  calls:    curl -H "Authorization: Bearer <access token>" ${runtime.url}/households`,
    `  tokens:   POST ${runtime.url}/realms/<realm>/protocol/openid-connect/token`,
    '',
  ].join('\n'),
);
// The shard workers start while the demo realm is set up, so the first run does not wait for them.
void warmShardWorkers().catch((error: unknown) => process.stderr.write(`shard workers failed to start: ${String(error)}\n`));
const demoCredentials = await bootstrapDemo(runtime);
if (demoCredentials) process.stdout.write(describeDemo(demoCredentials, runtime.dataDir));
runtime.markReady();

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${signal}: shutting down\n`);
    runtime.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`shutdown failed: ${String(error)}\n`);
        process.exit(1);
      },
    );
  });
}
