/**
 * The local service killed (SIGKILL) while a simulation is half run and an analysis waits in the
 * queue: after a restart on the same data both complete, with exactly the documents an
 * uninterrupted run of the same seed gives, and each is counted once in /usage.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../infra/cdk/create-app.js';
import { retireeScenario } from '../e2e/runs/scenarios.js';

const dataDir = mkdtempSync(join(tmpdir(), 'hs-resume-'));
let service: ChildProcess | undefined;
afterAll(() => {
  service?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** Starts the service on `port` and `dataDir`; resolves once it has printed `ready`. */
function startService(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/runs/fixtures/service-process.ts'], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      LOCAL_WORKERS: '1',
      SHARD_PATH_YEARS: '100000',
      RUN_INLINE_PATH_YEARS: '20000',
    },
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('ready\n')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`the service exited (${code}) before it was ready`)));
  });
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe('a local service killed in the middle of its runs', () => {
  it('resumes the half-run simulation and the queued analysis after a restart, with the uninterrupted output, counted once', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    service = await startService(port);
    const demo = JSON.parse(readFileSync(join(dataDir, 'demo-credentials.json'), 'utf8')) as Record<string, string>;
    const tokenFor = async (grant: Record<string, string>) => {
      const response = await fetch(`${url}/realms/demo/protocol/openid-connect/token`, {
        method: 'POST',
        body: new URLSearchParams({ client_id: demo.clientId, client_secret: demo.clientSecret, ...grant }),
      });
      return ((await response.json()) as { access_token: string }).access_token;
    };
    const token = await tokenFor({ grant_type: 'password', username: demo.username, password: demo.password });
    const call = async (method: string, path: string, body?: unknown, bearer = token) => {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: { Authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    };
    const household = (await call('POST', '/households', { name: 'Resumed', currency: 'USD' })).body.id as string;
    const scenario = (await call('POST', `/households/${household}/scenarios`, retireeScenario(67, 20))).body.id as string;
    const base = `/households/${household}/scenarios/${scenario}`;
    const simulation = { paths: 30_000, seed: 21 };
    const analysis = {
      type: 'SOLVE',
      lever: { type: 'RETIREMENT_AGE', memberId: 'pat' },
      target: { probability: 0.8 },
      paths: 2_000,
      seed: 22,
    };
    const startBoth = async () => {
      const sim = await call('POST', `${base}/simulations`, simulation);
      const ana = await call('POST', `${base}/analyses`, analysis);
      expect([sim.status, sim.body.status, ana.status, ana.body.status]).toEqual([201, 'QUEUED', 201, 'QUEUED']);
      expect(sim.body.shards).toBeGreaterThanOrEqual(4);
      return { simulation: `${base}/simulations/${sim.body.id}`, analysis: `${base}/analyses/${ana.body.id}` };
    };
    const finished = async (path: string) => {
      const deadline = Date.now() + 240_000;
      for (;;) {
        const run = (await call('GET', path)).body;
        if (run.status === 'COMPLETED' || run.status === 'FAILED' || Date.now() > deadline) return run;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const documents = async (runs: { simulation: string; analysis: string }) => {
      const output = (await call('GET', `${runs.simulation}/output`)).body;
      const { analysis: document } = (await call('GET', runs.analysis)).body;
      // Engine time differs between any two runs; everything else must be the same.
      for (const metadata of [output.metadata, document.metadata]) metadata.elapsedMs = 0;
      return { output, document };
    };

    const interrupted = await startBoth();
    // Half run: a shard of the simulation has joined, the rest (and the whole analysis) wait.
    for (;;) {
      const run = (await call('GET', interrupted.simulation)).body;
      expect(run.status).not.toBe('COMPLETED');
      if (run.completedShards >= 1) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await call('GET', interrupted.analysis)).body.status).toBe('QUEUED');
    await killed(service);

    service = await startService(port);
    const resumedSimulation = await finished(interrupted.simulation);
    const resumedAnalysis = await finished(interrupted.analysis);
    expect([resumedSimulation.status, resumedAnalysis.status], JSON.stringify([resumedSimulation.error, resumedAnalysis.error])).toEqual([
      'COMPLETED',
      'COMPLETED',
    ]);

    const uninterrupted = await startBoth();
    const reference = [await finished(uninterrupted.simulation), await finished(uninterrupted.analysis)];
    expect(reference.map((run) => run.status)).toEqual(['COMPLETED', 'COMPLETED']);
    expect(await documents(interrupted)).toEqual(await documents(uninterrupted));

    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const usage = await call('GET', `/usage?from=${day(-1)}&to=${day(1)}`, undefined, await tokenFor({ grant_type: 'client_credentials' }));
    expect(usage.status).toBe(200);
    const pathYears = 2 * (resumedSimulation.pathYears + resumedAnalysis.pathYears);
    expect(usage.body.total).toMatchObject({ runs: 4, simulations: 2, analyses: 2, pathYears });
  }, 600_000);
});
