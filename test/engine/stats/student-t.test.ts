import { describe, expect, it } from 'vitest';
import { studentTCritical, studentTWithin } from '../../../shared/engine/stats/index.js';

// Two-sided 95% and 99% critical values as published in standard t tables (four decimals).
const T95: [number, number][] = [
  [1, 12.7062],
  [2, 4.3027],
  [3, 3.1824],
  [5, 2.5706],
  [9, 2.2622],
  [10, 2.2281],
  [20, 2.086],
  [30, 2.0423],
  [31, 2.0395],
  [60, 2.0003],
  [120, 1.9799],
];
const T99: [number, number][] = [
  [1, 63.6567],
  [4, 4.6041],
  [15, 2.9467],
  [31, 2.744],
];

describe("Student's t critical values", () => {
  it('match the published tables', () => {
    for (const [df, t] of T95) expect(studentTCritical(0.95, df)).toBeCloseTo(t, 4);
    for (const [df, t] of T99) expect(studentTCritical(0.99, df)).toBeCloseTo(t, 4);
  });

  it('approach the normal quantile for many degrees of freedom, continuously across the switch to the expansion', () => {
    // t = z + (z^3 + z) / (4 df) + O(df^-2), z the normal quantile.
    const z = 1.959963984540054;
    expect(studentTCritical(0.95, 100_000)).toBeCloseTo(z + (z ** 3 + z) / 4e5, 8);
    expect(Math.abs(studentTCritical(0.95, 1000) - studentTCritical(0.95, 1001))).toBeLessThan(1e-5);
    expect(studentTCritical(0.95, 1000)).toBeGreaterThan(studentTCritical(0.95, 1001));
  });

  it('has the closed forms of one and two degrees of freedom', () => {
    // df = 1 is the Cauchy law: P(|T| <= t) = 2 atan(t) / pi; df = 2: t / sqrt(2 + t^2).
    for (const t of [0.3, 1, 4.2]) {
      expect(studentTWithin(t, 1)).toBeCloseTo((2 * Math.atan(t)) / Math.PI, 14);
      expect(studentTWithin(t, 2)).toBeCloseTo(t / Math.sqrt(2 + t * t), 14);
    }
  });

  it('refuses what has no meaning', () => {
    expect(() => studentTCritical(1, 5)).toThrow(RangeError);
    expect(() => studentTCritical(0.95, 0)).toThrow(RangeError);
    expect(() => studentTCritical(0.95, 2.5)).toThrow(RangeError);
  });
});
