/**
 * Lambda bundles: each function's bundle size (the .mjs that is loaded; its source map is a
 * separate file) built by esbuild with the same settings as the CDK app, and the time a fresh
 * Node.js process takes to import it with the function's NODE_OPTIONS (the code part of a cold
 * start: evaluating the handler and everything it imports at top level). API handlers target at
 * most 150 ms to import (there is no size target); the queue consumers' figures are printed without a target. A bundle that
 * imports a module left outside it at load time is flagged: that module's loading is part of the
 * cold start too, and is measured here only as far as node_modules stands in for the runtime.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { fallbackHandler, routes } from '../functions/routes.js';
import { esbuildOptions } from '../infra/cdk/bundling.js';
import { PROJECT_ROOT } from '../infra/cdk/create-app.js';
import { handlerEntry, planFunctions } from '../infra/cdk/route-plan.js';
import { DEAD_LETTER_HANDLER, WORKER_HANDLER } from '../infra/cdk/stateless-stack.js';

const API_IMPORT_TARGET_MS = 150;
/** Fresh processes per bundle; the median is compared with the target, the fastest shows the noise of a busy machine. */
const IMPORT_RUNS = 5;
/** Under the repository, so that a module a bundle ever left outside it would resolve from node_modules as from a Lambda runtime's. */
const OUT_DIR = join(PROJECT_ROOT, '.tmp', 'bundles');

/** What a function's environment holds in the cloud; values only need to be well-formed. */
const LAMBDA_LIKE_ENV = {
  TABLE_NAME: 'household-scenarios',
  SHARD_QUEUE_URL: 'https://sqs.eu-west-1.amazonaws.com/123456789012/shards',
  SIGNING_KEY_ID: 'arn:aws:kms:eu-west-1:123456789012:key/00000000-0000-0000-0000-000000000000',
  ISSUER_BASE_URL: 'https://api.example.com',
  LOG_LEVEL: 'info',
  AWS_REGION: 'eu-west-1',
  NODE_OPTIONS: '--enable-source-maps',
};

function line(label: string, value: string, unit = '', target = ''): void {
  console.log(`  ${label}`.padEnd(48), `${value} ${unit}`.padEnd(22), target);
}

interface Measured {
  handler: string;
  kind: 'api' | 'worker';
  bytes: number;
  importMs: number;
  fastestImportMs: number;
  exportsHandler: boolean;
  heaviest: string[];
  /** Modules left out of the bundle that it imports statically: loaded from the runtime at every cold start. */
  loadedAtStart: string[];
}

/** The largest contributors to a bundle, grouped by package (or by top-level folder for our code). */
function heaviestInputs(metafile: Metafile, outfile: string): string[] {
  const output = Object.entries(metafile.outputs).find(([path]) => path.endsWith(outfile.split('/').slice(-2).join('/')))?.[1];
  if (!output) return [];
  const byGroup = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1];
    const group = pkg ?? input.split('/').slice(0, 2).join('/');
    byGroup.set(group, (byGroup.get(group) ?? 0) + bytesInOutput);
  }
  return [...byGroup.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([group, bytes]) => `${group} ${(bytes / 1024).toFixed(0)} KB`);
}

/**
 * Milliseconds to import the bundle in a fresh process: the median of several processes. The clock
 * stops one event-loop turn after the import, so work a module only starts while it is evaluated
 * (a route loading its token verification, see shared/http/stack.ts) is counted too, as Lambda's
 * init phase pays it before the first request.
 */
function importTime(file: string): { median: number; fastest: number } {
  const script = [
    'const t0 = performance.now();',
    `const m = await import(${JSON.stringify(pathToFileURL(file).href)});`,
    'await new Promise((r) => setImmediate(r));',
    "if (typeof m.handler !== 'function') process.exit(3);",
    'process.stdout.write(String(performance.now() - t0));',
  ].join(' ');
  const times: number[] = [];
  for (let i = 0; i < IMPORT_RUNS; i++) {
    const out = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, ...LAMBDA_LIKE_ENV },
      encoding: 'utf8',
    });
    if (out.status !== 0) throw new Error(`importing ${file} failed (exit ${out.status}): ${out.stderr.slice(0, 500)}`);
    times.push(Number(out.stdout));
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], fastest: times[0] };
}

async function measure(handler: string, kind: Measured['kind']): Promise<Measured> {
  const outfile = join(OUT_DIR, handler, 'index.mjs');
  mkdirSync(join(OUT_DIR, handler), { recursive: true });
  const result = await build(esbuildOptions(handlerEntry(PROJECT_ROOT, handler), outfile));
  const metafile = result.metafile!;
  const entryOutput = Object.values(metafile.outputs).find((o) => o.entryPoint !== undefined);
  const imported = importTime(outfile);
  return {
    handler,
    kind,
    bytes: statSync(outfile).size,
    importMs: imported.median,
    fastestImportMs: imported.fastest,
    exportsHandler: entryOutput?.exports.includes('handler') ?? false,
    heaviest: heaviestInputs(metafile, outfile),
    loadedAtStart: [
      ...new Set(
        (entryOutput?.imports ?? []).filter((i) => i.external && i.kind === 'import-statement' && !isBuiltin(i.path)).map((i) => i.path),
      ),
    ],
  };
}

export async function run(): Promise<void> {
  rmSync(OUT_DIR, { recursive: true, force: true });
  const apiHandlers = [...new Set([...planFunctions(routes, PROJECT_ROOT).map((p) => p.handler), fallbackHandler])];
  const results: Measured[] = [];
  for (const handler of apiHandlers) results.push(await measure(handler, 'api'));
  for (const handler of [WORKER_HANDLER, DEAD_LETTER_HANDLER]) results.push(await measure(handler, 'worker'));

  const over: Measured[] = [];
  for (const r of results) {
    const kb = r.bytes / 1024;
    const timeTarget = r.kind === 'api' ? `target: <= ${API_IMPORT_TARGET_MS} ms` : '';
    line(`${r.handler} bundle`, kb.toFixed(1), 'KB');
    line(
      `${r.handler} cold import (median of ${IMPORT_RUNS})`,
      r.importMs.toFixed(1),
      'ms',
      `${timeTarget}${timeTarget ? '; ' : ''}fastest ${r.fastestImportMs.toFixed(1)} ms`,
    );
    if (!r.exportsHandler) console.log(`  !! ${r.handler} does not export handler`);
    if (r.loadedAtStart.length > 0) console.log(`  !! ${r.handler} loads at start, outside the bundle: ${r.loadedAtStart.join(', ')}`);
    if (r.kind === 'api' && r.importMs > API_IMPORT_TARGET_MS) over.push(r);
  }
  const api = results.filter((r) => r.kind === 'api');
  line('API handlers', String(api.length), 'functions');
  line('largest API bundle', (Math.max(...api.map((r) => r.bytes)) / 1024).toFixed(1), 'KB');
  line('slowest API cold import', Math.max(...api.map((r) => r.importMs)).toFixed(1), 'ms', `target: <= ${API_IMPORT_TARGET_MS} ms`);
  for (const r of [...over, ...results.filter((x) => x.kind === 'worker')]) {
    console.log(`  ${r.handler}: heaviest inputs: ${r.heaviest.join(', ')}`);
  }
  if (over.length > 0) console.log(`  over target: ${over.map((r) => r.handler).join(', ')}`);
  // zod/mini with the English locale costs 19-62 KB (the OpenAPI routes add its JSON Schema generator).
  if (results.some((r) => r.heaviest.some((h) => Number(/^zod (\d+) KB$/.exec(h)?.[1] ?? 0) > 70))) {
    console.log('  note: zod over 70 KB means a bundled module imports classic `zod` (every schema method is kept) or');
    console.log('        reads a zod namespace as a value (`{ z }`, `z.core.X`, `z.locales`: every locale is kept). Schemas');
    console.log("        use `import * as z from 'zod/mini'`; anything else is a named import, e.g. `$ZodError` from 'zod/v4/core'.");
  }
}
