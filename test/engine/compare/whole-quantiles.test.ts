import { describe, expect, it } from 'vitest';
import { ageFigures } from '../../../shared/engine/compare/paired-ages.js';

describe('percentiles of whole numbers', () => {
  // Ages 70, 71, 72 held by 2, 5 and 3 paths: n = 10, cumulative counts 2, 7, 10.
  const ages = [-1, 70, 71, 72];
  const counts = [4, 2, 5, 3];
  const qs = [0.1, 0.2, 0.25, 0.5, 0.9];

  it('reads TYPE_1 percentiles as the order statistic x_(ceil(q n)), no depletion (-1) left out', () => {
    // Ranks 1, 2, 3 (2.5 up), 5, 9.
    expect(ageFigures(ages, counts, qs)).toEqual({ mean: (140 + 355 + 216) / 10, quantiles: [70, 70, 71, 71, 72] });
  });

  it('reads MID percentiles on a continuous scale: a − 0.5 + (q n − #below a) / #at a', () => {
    const { quantiles } = ageFigures(ages, counts, qs, 0, 'MID');
    const expected = [69.5 + 1 / 2, 69.5 + 2 / 2, 70.5 + 0.5 / 5, 70.5 + 3 / 5, 71.5 + 2 / 3];
    quantiles.forEach((q, i) => expect(q).toBeCloseTo(expected[i], 12));
  });

  it('rounds a MID percentile to the TYPE_1 one away from the edges of a whole number', () => {
    const many = [0.05, 0.1, 0.2, 0.25, 0.5, 0.75, 0.9, 0.95];
    const type1 = ageFigures(ages, counts, many).quantiles;
    const mid = ageFigures(ages, counts, many, 0, 'MID').quantiles;
    // p20 sits at the edge 70.5 (q n = 2 paths, all of age 70): its TYPE_1 percentile is 70.
    mid.forEach((q, i) => {
      if (Math.abs(q! - Math.floor(q!) - 0.5) > 1e-12) expect(Math.round(q!)).toBe(type1[i]);
      else expect(q! - 0.5).toBe(type1[i]);
    });
  });
});
