/** The output endpoints' query options: sections and view. */
import { describe, expect, it } from 'vitest';
import { outputQuerySchema, selectOutput } from '../../shared/domain/runs/output-view.js';
import { planRun } from '../../shared/domain/runs/limits.js';
import type { OutputDocument } from '../../shared/engine/index.js';

const views = { nominal: { mean: 2 }, real: { mean: 1 } };
const document = {
  summary: { probabilityOfSuccess: 0.5 },
  timeSeries: [{ year: 0, netWorth: views, members: { a: { alive: 1 } } }],
  economy: { years: [] },
  lives: [{ years: [{ netWorth: { nominal: 5, real: 4 } }] }],
  metadata: { paths: 10 },
} as unknown as OutputDocument;

describe('output selection', () => {
  it('keeps the asked sections plus metadata, and one view', () => {
    const query = outputQuerySchema.parse({ sections: 'timeSeries,lives', view: 'nominal' });
    expect(selectOutput(document, query)).toEqual({
      timeSeries: [{ year: 0, netWorth: { nominal: { mean: 2 } }, members: { a: { alive: 1 } } }],
      lives: [{ years: [{ netWorth: { nominal: 5 } }] }],
      metadata: { paths: 10 },
    });
    expect(Object.keys(selectOutput(document, outputQuerySchema.parse({})))).toEqual([
      'summary',
      'timeSeries',
      'economy',
      'lives',
      'metadata',
    ]);
  });

  it('rejects unknown sections and views', () => {
    expect(outputQuerySchema.safeParse({ sections: 'summary,other' }).success).toBe(false);
    expect(outputQuerySchema.safeParse({ sections: '' }).success).toBe(false);
    expect(outputQuerySchema.safeParse({ view: 'both' }).success).toBe(false);
  });
});

describe('run planning', () => {
  it('runs small runs inline and splits large ones by path-years, at least the minimum shard count', () => {
    process.env.RUN_INLINE_PATH_YEARS = '1000';
    process.env.SHARD_PATH_YEARS = '10000';
    try {
      expect(planRun(10, 1000)).toEqual({ inline: true });
      const small = planRun(100, 2000);
      expect(small.inline).toBe(false);
      if (!small.inline)
        expect(small.ranges).toEqual([
          { pathStart: 0, pathCount: 50 },
          { pathStart: 50, pathCount: 50 },
        ]);
      const large = planRun(1000, 95_000);
      if (large.inline) throw new Error('expected shards');
      expect(large.ranges).toHaveLength(10);
      expect(large.ranges.reduce((sum, r) => sum + r.pathCount, 0)).toBe(1000);
    } finally {
      delete process.env.RUN_INLINE_PATH_YEARS;
      delete process.env.SHARD_PATH_YEARS;
    }
  });
});
