/**
 * The local worker threads' code, bundled by esbuild as the functions are for Lambda: the thread's
 * entry (worker-thread.ts) and the batch handler it runs, each module of the project in one scope.
 * Loaded through a development loader instead, every import is a getter: the engine ran a
 * 5,000-path young-family shard in 195 ms there against 130 ms bundled (docs/PERFORMANCE.md), and
 * each thread spent about a second of CPU loading the loader and transforming the sources.
 *
 * The two entries share one chunk (code splitting), so the thread's warm-up compiles the very
 * modules the handler runs. Packages stay outside the bundle and load from node_modules, which
 * keeps the build at about 50 ms: the bundle is written under the project's `.tmp/` so that they
 * resolve, in a directory of its own per pool, removed when the pool closes (or, should its
 * process end without closing it, by the next pool to start).
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { ESM_REQUIRE_BANNER } from '../esm-require-banner.js';

export interface WorkerBundle {
  /** The thread's entry (worker-thread.ts, bundled). */
  thread: URL;
  /** The batch handler module, bundled beside it. */
  handler: URL;
  remove(): void;
}

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BUNDLES = join(PROJECT_ROOT, '.tmp', 'local-workers');

/** Whether process `pid` is running (signal 0 tests without signalling). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the bundles of processes that ended without closing their pool (killed, or crashed). */
function removeOrphans(): void {
  for (const name of readdirSync(BUNDLES)) {
    const pid = Number(/^pool-(\d+)-/.exec(name)?.[1]);
    if (Number.isInteger(pid) && pid !== process.pid && !isRunning(pid)) rmSync(join(BUNDLES, name), { recursive: true, force: true });
  }
}

export async function bundleWorker(handlerModule: URL): Promise<WorkerBundle> {
  mkdirSync(BUNDLES, { recursive: true });
  removeOrphans();
  // Named by the process, so that a later process can tell a bundle whose process has ended.
  const outdir = mkdtempSync(join(BUNDLES, `pool-${process.pid}-`));
  try {
    await build({
      entryPoints: {
        'worker-thread': fileURLToPath(new URL('./worker-thread.ts', import.meta.url)),
        handler: fileURLToPath(handlerModule),
      },
      outdir,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      splitting: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      target: `node${process.versions.node.split('.')[0]}`,
      banner: { js: ESM_REQUIRE_BANNER },
      logLevel: 'silent',
    });
  } catch (error) {
    rmSync(outdir, { recursive: true, force: true });
    throw error;
  }
  return {
    thread: pathToFileURL(join(outdir, 'worker-thread.mjs')),
    handler: pathToFileURL(join(outdir, 'handler.mjs')),
    remove: () => rmSync(outdir, { recursive: true, force: true }),
  };
}
