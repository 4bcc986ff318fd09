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
    const tokenResponse = await fetch(`${runtime.url}/realms/${demo.realm}/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: demo.clientId,
        client_secret: demo.clientSecret,
        username: demo.username,
        password: demo.password,
      }),
    });
    const token = ((await tokenResponse.json()) as { access_token: string }).access_token;
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

/** How often the bench client reads a run while it is going (the web app reads every 400 ms). */
export const POLL_INTERVAL_MS = 20;

/**
 * POSTs a run and polls it until it has ended; the wall time is from the POST to the end, and
 * `postedAt` (epoch ms) is when the POST was sent.
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
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
    run = await service.call('GET', `${collection}/${run.id}`);
  }
  const wallMs = performance.now() - started;
  if (run.status !== 'COMPLETED') throw new Error(`run failed: ${run.error?.reason}`);
  return { run, wallMs, postedAt };
}
