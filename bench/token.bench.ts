/**
 * Token endpoint latency: `client_credentials` through the real local runtime (HTTP server, API
 * Gateway event, middy stack, dynalite, RS256 signing), sequential requests from one client.
 * Client secrets are scrypt hashes (N=2^15, r=8, p=3), deliberately slow and not cached, so the
 * hash dominates; the raw scrypt time is printed beside it for comparison.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootstrapDemo, localIdentityPlugin } from '../infra/local/bootstrap-demo.js';
import { startLocalRuntime } from '../infra/local/runtime.js';
import { hashSecret, scryptCost, verifySecret } from '../shared/identity/hashing.js';

const WARMUP = 5;
const REQUESTS = 100;

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

function line(label: string, value: string, unit: string, target = ''): void {
  console.log(`  ${label}`.padEnd(48), `${value} ${unit}`.padEnd(14), target);
}

export async function run(): Promise<void> {
  process.env.LOG_LEVEL = 'warn';
  // One client asking back to back from one address: measured without the hashing budget's refusals.
  process.env.HASH_BUDGET_PER_ADDRESS ??= '100000';
  const dataDir = mkdtempSync(join(tmpdir(), 'token-bench-'));
  const runtime = await startLocalRuntime({ port: 0, dataDir, plugins: [localIdentityPlugin] });
  try {
    const demo = (await bootstrapDemo(runtime))!;
    const url = `${demo.issuer}/protocol/openid-connect/token`;
    const authorization = `Basic ${Buffer.from(`${demo.clientId}:${demo.clientSecret}`).toString('base64')}`;
    const once = async () => {
      const started = performance.now();
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`token endpoint answered ${response.status}`);
      return performance.now() - started;
    };
    for (let i = 0; i < WARMUP; i += 1) await once();
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i += 1) times.push(await once());
    times.sort((a, b) => a - b);

    const stored = await hashSecret('benchmark-secret');
    const scryptTimes: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const started = performance.now();
      await verifySecret('benchmark-secret', stored);
      scryptTimes.push(performance.now() - started);
    }
    scryptTimes.sort((a, b) => a - b);

    console.log(
      `  client_credentials, ${REQUESTS} sequential requests; scrypt N=2^${Math.log2(scryptCost.N)} r=${scryptCost.r} p=${scryptCost.p}`,
    );
    line('token endpoint p50', quantile(times, 0.5).toFixed(1), 'ms');
    line('token endpoint p99', quantile(times, 0.99).toFixed(1), 'ms');
    line('token endpoint throughput (1 client)', (1000 / (times.reduce((a, b) => a + b, 0) / times.length)).toFixed(1), 'req/s');
    line('scrypt verify alone p50', quantile(scryptTimes, 0.5).toFixed(1), 'ms');
  } finally {
    await runtime.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
