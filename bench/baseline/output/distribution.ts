import { QuantileSketch } from '../stats/index.js';
import { FixedPointSum } from './fixed-point-sum.js';
import type { DistributionJson } from './shard-result.js';

/** One figure's values across paths: a quantile sketch for its percentiles and an exact sum (in `unit`s) for its mean. */
export class Distribution {
  readonly sketch = new QuantileSketch();
  readonly sum: FixedPointSum;
  constructor(unit: number) {
    this.sum = new FixedPointSum(unit);
  }
  add(x: number): void {
    this.sketch.add(x);
    this.sum.add(x);
  }
  toJSON(): DistributionJson {
    return { sketch: this.sketch.toJSON(), sum: this.sum.toJSON(), unit: this.sum.unit };
  }
}
