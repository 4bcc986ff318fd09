import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));

describe('the life data modules', () => {
  it('are exactly what scripts/build-life-data.ts makes of the shipped CSVs', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-life-data.ts', '--check'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
