/**
 * `admin usage` and `admin set-quota` on local data: the operator's table of a realm's usage per day
 * (written here into the same data through the ledger, as the service writes it) and its quota.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTable, startEmbeddedStore } from '../../infra/local/dynalite.js';
import { createDocumentClient, createDynamoDbClient } from '../../shared/aws/dynamodb.js';
import { resetDynamoClient, useDynamoClient } from '../../shared/store/client.js';
import { addInlineRunUsage, countApiRequest } from '../../shared/store/usage/ledger.js';
import { defaultTableName } from '../../shared/store/table.js';

const run = promisify(execFile);
const root = new URL('../../', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'admin-usage-'));

/** The local data, never a deployed table. */
const { TABLE_NAME: _deployed, ...environment } = process.env;

async function admin(...args: string[]) {
  try {
    const { stdout, stderr } = await run(join(root, 'node_modules/.bin/tsx'), [join(root, 'scripts/admin.ts'), ...args], {
      cwd: root,
      env: { ...environment, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

beforeAll(async () => {
  expect((await admin('create-realm', 'acme')).code).toBe(0);
  // Usage on two days of March 2026, written through the ledger into the same local data.
  const store = await startEmbeddedStore(dataDir);
  const local = { endpoint: store.endpoint, region: 'us-east-1', credentials: store.credentials };
  await ensureTable(createDynamoDbClient(local), defaultTableName);
  useDynamoClient(createDocumentClient(local));
  try {
    for (let i = 0; i < 3; i += 1) await countApiRequest('acme', new Date('2026-03-02T10:00:00Z'));
    await addInlineRunUsage(
      'acme',
      { counter: 'simulations', paths: 1_000, pathYears: 20_000, computeMs: 35 },
      new Date('2026-03-02T10:00:01Z'),
    );
    await addInlineRunUsage(
      'acme',
      { counter: 'analyses', paths: 500, pathYears: 250_000, computeMs: 900 },
      new Date('2026-03-15T23:59:59Z'),
    );
    await countApiRequest('acme', new Date('2026-04-01T00:00:00Z')); // another month
  } finally {
    resetDynamoClient();
    await store.close();
  }
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('admin usage and set-quota', () => {
  it('prints the days of the month with usage, the total, and the quota', async () => {
    expect((await admin('set-quota', 'acme', '--path-years', '1000000')).stdout).toMatch(/acme may run 1,000,000 path-years a month/);
    const { code, stdout } = await admin('usage', 'acme', '--month', '2026-03');
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines[0]).toBe('Usage of realm acme in 2026-03 (UTC)');
    expect(lines[2]).toMatch(/^day\s+API requests\s+simulations\s+comparisons\s+analyses\s+paths\s+path-years\s+compute ms$/);
    expect(lines[3].split(/\s+/)).toEqual(['2026-03-02', '3', '1', '0', '0', '1,000', '20,000', '35']);
    expect(lines[4].split(/\s+/)).toEqual(['2026-03-15', '0', '0', '0', '1', '500', '250,000', '900']);
    expect(lines[5].split(/\s+/)).toEqual(['total', '3', '1', '0', '1', '1,500', '270,000', '935']);
    expect(stdout).toMatch(/Quota: 1,000,000 path-years a month\. Admitted in \d{4}-\d{2}: 0 \(0\.0%\)/);
  });

  it('removes the quota with --none, and says when a month had no usage', async () => {
    expect((await admin('set-quota', 'acme', '--none')).stdout).toMatch(/acme has no path-year quota/);
    const { stdout } = await admin('usage', 'acme', '--month', '2026-02');
    expect(stdout).toContain('No usage.');
    expect(stdout).toMatch(/Quota: none\./);
  });

  it('refuses bad arguments on stderr', async () => {
    const cases: [string[], RegExp][] = [
      [['usage', 'acme', '--month', '2026-13'], /--month must be YYYY-MM/],
      [['usage', 'nowhere'], /realm nowhere does not exist/],
      [['set-quota', 'acme'], /either --path-years N or --none/],
      [['set-quota', 'acme', '--path-years', '5', '--none'], /either --path-years N or --none/],
      [['set-quota', 'acme', '--path-years=-1'], /whole number/],
      [['set-quota', 'acme', '--path-years', 'lots'], /whole number/],
    ];
    for (const [args, message] of cases) {
      const result = await admin(...args);
      expect(result.code, args.join(' ')).not.toBe(0);
      expect(result.stderr, args.join(' ')).toMatch(message);
    }
  });
});
