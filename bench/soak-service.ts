/**
 * The service under soak: `npm start`'s entry (infra/local/main.ts) in a child process of its own,
 * on a temporary data directory and a free port, so that the resident set read from /proc is the
 * service's alone. A preload (soak-heap-report.ts) reports the main thread's heap figures over
 * the IPC channel. The demo realm's user signs in with the password grant, as a client would.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DemoCredentials, demoCredentialsFile } from '../infra/local/bootstrap-demo.js';
import { passwordGrant } from './password-grant.js';
import type { HeapReport } from './soak-heap-report.js';

const root = fileURLToPath(new URL('..', import.meta.url));

export interface SoakService {
  url: string;
  pid: number;
  /** The latest heap figures the service reported. */
  heap(): HeapReport | undefined;
  /** A bearer token for the demo user, renewed before it expires. */
  token(): Promise<string>;
  stop(): Promise<void>;
}

/** Waits for the line in which `npm start` names its address. */
function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url && output.includes('Created realm')) {
        child.stdout?.off('data', onData);
        resolve(url);
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the service exited (${code}) before it was ready:\n${output}`)));
  });
}

export async function startSoakService(env: Record<string, string>): Promise<SoakService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'soak-service-'));
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', './bench/soak-heap-report.ts', 'infra/local/main.ts'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: '0', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  let heap: HeapReport | undefined;
  child.on('message', (message: HeapReport) => {
    heap = message;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const url = await listeningUrl(child);
    // Past the start-up lines, the service's output is not read; it must still be drained.
    child.stdout?.resume();
    const demo = JSON.parse(readFileSync(join(dataDir, demoCredentialsFile), 'utf8')) as DemoCredentials;
    let current: { token: Promise<string>; renewAt: number } | undefined;
    const token = () => {
      if (!current || Date.now() >= current.renewAt) {
        const grant = passwordGrant(url, demo);
        // Renewed at half its lifetime, so no request carries a token about to expire.
        current = { token: grant.then((g) => g.access_token), renewAt: Number.POSITIVE_INFINITY };
        const pending = current;
        grant.then(
          (g) => {
            pending.renewAt = Date.now() + (g.expires_in * 1000) / 2;
          },
          () => {
            pending.renewAt = 0;
          },
        );
      }
      return current.token;
    };
    await token();
    return { url, pid: child.pid as number, heap: () => heap, token, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
