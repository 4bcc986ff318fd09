/**
 * The local runtime (HTTP server, dynalite, in-process queue, worker threads) for the end-to-end
 * bench sections, with the demo realm's user token and a JSON caller.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootstrapDemo, localIdentityPlugin } from '../infra/local/bootstrap-demo.js';
import { shardQueuePlugin, warmShardWorkers } from '../infra/local/queue-plugin.js';
import { startLocalRuntime } from '../infra/local/runtime.js';
import { passwordGrant } from './password-grant.js';

export interface BenchService {
  url: string;
  /** The demo realm's user, to sign in with through a browser. */
  user: { username: string; password: string };
  call(method: string, path: string, body?: unknown): Promise<Record<string, any>>;
  close(): Promise<void>;
}

export async function startBenchService(): Promise<BenchService> {
  process.env.LOG_LEVEL ??= 'warn';
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-service-'));
  const runtime = await startLocalRuntime({ port: 0, dataDir, plugins: [shardQueuePlugin, localIdentityPlugin] });
  const close = async () => {
    await runtime.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // The worker threads start and warm up at once, as under `npm start`.
    await warmShardWorkers();
    const demo = await bootstrapDemo(runtime);
    if (!demo) throw new Error('no demo realm');
    const token = (await passwordGrant(runtime.url, demo)).access_token;
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${runtime.url}${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return (await response.json()) as Record<string, any>;
    };
    return { url: runtime.url, user: { username: demo.username, password: demo.password }, call, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * How long each GET of a going run waits for it to end (`?wait=`, the longest the API allows): the
 * client re-issues the GET while the run has not ended, and sees the end as the server re-reads the
 * run, without a request per poll (docs/API.md).
 */
export const WAIT_SECONDS = 20;

/**
 * POSTs a run and waits for it to end with GETs that wait; the wall time is from the POST to the
 * end, and `postedAt` (epoch ms) is when the POST was sent.
 */
export async function runToEnd(
  service: BenchService,
  collection: string,
  body: unknown,
): Promise<{ run: Record<string, any>; wallMs: number; postedAt: number }> {
  const postedAt = Date.now();
  const started = performance.now();
  let run = await service.call('POST', collection, body);
  if (!run.id) throw new Error(`POST ${collection}: ${JSON.stringify(run)}`);
  while (run.status !== 'COMPLETED' && run.status !== 'FAILED') {
    run = await service.call('GET', `${collection}/${run.id}?wait=${WAIT_SECONDS}`);
    if (!run.status) throw new Error(`GET ${collection}/${run.id}: ${JSON.stringify(run)}`);
  }
  const wallMs = performance.now() - started;
  if (run.status !== 'COMPLETED') throw new Error(`run failed: ${run.error?.reason}`);
  return { run, wallMs, postedAt };
}
