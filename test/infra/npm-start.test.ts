/**
 * `npm start` as a person runs it: /health answers only once the demo realm and its credentials
 * file exist, and the server stops when the npm process gets SIGTERM or the terminal's Ctrl-C
 * (SIGINT to the process group), leaving no process behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../infra/cdk/create-app.js';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code)),
  );

async function start(): Promise<{ npm: ChildProcess; url: string; dataDir: string; statuses: number[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hs-start-'));
  const port = await freePort();
  // detached: npm leads its own process group, as in a terminal.
  const npm = spawn('npm', ['start'], {
    cwd: PROJECT_ROOT,
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
  });
  const url = `http://127.0.0.1:${port}`;
  const statuses: number[] = [];
  const deadline = Date.now() + 60_000;
  for (;;) {
    const status = await fetch(`${url}/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (status !== 0) statuses.push(status);
    if (status === 200) {
      // Ready means ready: the README's first call reads this file.
      expect(existsSync(join(dataDir, 'demo-credentials.json'))).toBe(true);
      return { npm, url, dataDir, statuses };
    }
    if (Date.now() > deadline) throw new Error(`npm start did not become healthy: ${statuses.join(',')}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function stopsOn(signal: 'SIGTERM' | 'SIGINT', target: 'npm' | 'group') {
  const { npm, url, dataDir, statuses } = await start();
  try {
    expect(statuses.every((s) => s === 503 || s === 200)).toBe(true);
    if (target === 'npm') process.kill(npm.pid!, signal);
    else process.kill(-npm.pid!, signal);
    await exited(npm);
    const deadline = Date.now() + 15_000;
    while (
      (await fetch(`${url}/health`).then(
        () => true,
        () => false,
      )) &&
      Date.now() < deadline
    )
      await new Promise((r) => setTimeout(r, 100));
    expect(
      await fetch(`${url}/health`).then(
        () => 'still answering',
        () => 'stopped',
      ),
    ).toBe('stopped');
  } finally {
    if (alive(npm.pid!)) process.kill(-npm.pid!, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('npm start', () => {
  it('is healthy only with the demo realm ready, and stops when the npm process gets SIGTERM', () => stopsOn('SIGTERM', 'npm'));
  it('stops on Ctrl-C (SIGINT to the process group)', () => stopsOn('SIGINT', 'group'));
});
