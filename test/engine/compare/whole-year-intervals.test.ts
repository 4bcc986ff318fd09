import { describe, expect, it } from 'vitest';
import { compare } from '../../../shared/engine/index.js';
import { studentTCritical } from '../../../shared/engine/stats/index.js';
import { saver } from './saver-plan.js';

describe('intervals of depletion-age percentile differences', () => {
  it('are difference ± t · SE with their ends rounded to whole years (the whole numbers within t · SE + 0.5)', () => {
    const paths = 1000;
    const doc = compare(saver(62), saver(67), { seed: 21, paths });
    const t = studentTCritical(0.95, paths - 1);
    const figures = doc.summary.filter((f) => /^depletionAge\.p\d+$/.test(f.figure));
    expect(figures).toHaveLength(7);
    let neighbours = 0;
    for (const f of figures) {
      const { difference: d, standardError: se, interval95 } = f;
      if (d === null || se === null) throw new Error(`${f.figure}: no difference or standard error`);
      expect(Number.isInteger(d), f.figure).toBe(true);
      expect(interval95, f.figure).toEqual([Math.round(d - t * se), Math.round(d + t * se)]);
      expect(interval95![0]).toBeLessThanOrEqual(d);
      expect(interval95![1]).toBeGreaterThanOrEqual(d);
      if (interval95![0] < d || interval95![1] > d) neighbours++;
    }
    // At 1,000 paths the standard errors are about half a year: most intervals take in a neighbouring year.
    expect(neighbours).toBeGreaterThan(3);
  });
});
