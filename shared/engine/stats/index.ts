/** Mergeable statistics: exact sums (order-independent to the bit) and a quantile sketch. */
export { ExactSum, type ExactSumJSON } from './exact-sum.js';
export {
  QuantileSketch,
  quantilesOf,
  readBucketCounts,
  zeroedCounts,
  encodeBucketCounts,
  encodeSingleValues,
  nextSingle,
  magnitudeKey,
  representative,
  NO_VALUE,
  SKETCH_MANTISSA_BITS,
  type BucketReader,
  type DenseBuckets,
  type DenseSketch,
  type SketchJSON,
  type SketchReader,
} from './quantile-sketch.js';
export { studentTCritical, studentTWithin } from './student-t.js';
