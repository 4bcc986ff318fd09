import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = new URL('../../', import.meta.url).pathname;
const tsx = join(root, 'node_modules/.bin/tsx');
const dir = mkdtempSync(join(tmpdir(), 'tax-cli-'));

async function tax(body: unknown) {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(body));
  try {
    const { stdout, stderr } = await run(tsx, [join(root, 'scripts/tax.ts'), file], { cwd: root });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('npm run tax', () => {
  it("prints one year's tax, as POST /tax-calculations answers it", async () => {
    // Rev. Proc. 2024-40: single, 2025, 60,000 of wages, taxable 44,250 after the 15,750 deduction.
    const { code, stdout } = await tax({ system: 'US', taxYear: 2025, people: [{ age: 40, earnings: 60000 }] });
    expect(code).toBe(0);
    const out = JSON.parse(stdout);
    expect(out.people[0].incomeTax).toBe(5071.5);
    expect(out.people[0].socialContributions).toBe(4590);
  });

  it('names each bad field and exits with 1', async () => {
    const { code, stderr } = await tax({ system: 'UK', taxYear: 2024, people: [{ age: 40 }] });
    expect(code).toBe(1);
    expect(stderr).toContain('taxYear: has no UK rules');
  });
});
