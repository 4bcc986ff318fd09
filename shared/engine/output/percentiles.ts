import { ExactSum } from '../stats/index.js';
import { type MergedDistribution, readSketch } from './merge-shards.js';
import type { DistributionJson, ExactSumJson, SketchReading } from './shard-result.js';
import type { Percentiles } from './output-document.js';

export const PERCENTILE_LEVELS = [5, 10, 25, 50, 75, 90, 95] as const;
const LEVELS = PERCENTILE_LEVELS.map((p) => p / 100);

export function sumValue(json: ExactSumJson): number {
  return ExactSum.fromJSON(json).value();
}

/** Percentiles from the merged sketch (within its relative accuracy) and the exact mean; nulls when there are no values. */
export function percentiles(d: DistributionJson): Percentiles {
  return sketchPercentiles(readSketch(d.sketch), () => sumValue(d.sum), d.unit);
}

/** percentiles() of a merged distribution held in memory. */
export function mergedPercentiles(d: MergedDistribution): Percentiles {
  return sketchPercentiles(d.sketch, () => d.sum.value(), d.unit);
}

function sketchPercentiles(sketch: SketchReading, sum: () => number, unit: number): Percentiles {
  const n = sketch.count;
  if (n === 0) return { p5: null, p10: null, p25: null, p50: null, p75: null, p90: null, p95: null, mean: null };
  const [p5, p10, p25, p50, p75, p90, p95] = sketch.quantiles(LEVELS);
  return { p5, p10, p25, p50, p75, p90, p95, mean: (sum() * unit) / n };
}
