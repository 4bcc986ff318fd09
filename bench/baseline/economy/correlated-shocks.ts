import { RandomStream } from '../random/index.js';
import { choleskyPsd } from './cholesky.js';
import { ECONOMY_STREAMS } from './streams.js';

/**
 * The year's four correlated standard normal shocks over (short rate, inflation, equity,
 * property), eps = L z with L the Cholesky factor of the correlation matrix and z_k drawn from
 * factor k's own stream. z_k is drawn only when some random factor loads on it, so a
 * deterministic factor with no correlation influence costs nothing. The generator's loop applies
 * the factor itself (inlined for speed).
 */
export class CorrelatedShocks {
  readonly rate = new RandomStream();
  readonly inflation = new RandomStream();
  readonly equity = new RandomStream();
  readonly property = new RandomStream();
  /** Row-major 4x4 lower-triangular factor; rows of deterministic factors are zeroed. */
  readonly l = new Float64Array(16);
  private readonly draw = [false, false, false, false];
  /** Streams positioned for each path: those that draw, and those the generator reads for its own ends. */
  private readonly used: boolean[];

  /**
   * streamAlsoUsed[k]: the generator reads factor k's stream beyond its yearly shock (the rate
   * stream for the cash yield's own noise, the equity stream for RSLN2's months).
   */
  constructor(
    correlation: number[][],
    factorIsRandom: readonly boolean[],
    streamAlsoUsed: readonly boolean[] = [false, false, false, false],
  ) {
    const chol = choleskyPsd(correlation);
    if (!chol.ok) throw new RangeError('correlation: must be positive semi-definite');
    for (let i = 0; i < 4; i++) {
      if (!factorIsRandom[i]) continue;
      for (let j = 0; j <= i; j++) {
        this.l[i * 4 + j] = chol.lower[i][j];
        if (chol.lower[i][j] !== 0) this.draw[j] = true;
      }
    }
    this.used = this.draw.map((d, k) => d || streamAlsoUsed[k] === true);
  }

  /** Whether factor k's own stream supplies a normal each year. */
  draws(k: number): boolean {
    return this.draw[k];
  }

  /**
   * Positions the streams in use at the start of path pathIndex (positioning one costs four hashes;
   * most plans leave some factors fixed).
   */
  reset(seed: number, pathIndex: number): void {
    const used = this.used;
    if (used[0]) this.rate.reset(seed, pathIndex, ECONOMY_STREAMS.shortRate);
    if (used[1]) this.inflation.reset(seed, pathIndex, ECONOMY_STREAMS.inflation);
    if (used[2]) this.equity.reset(seed, pathIndex, ECONOMY_STREAMS.equity);
    if (used[3]) this.property.reset(seed, pathIndex, ECONOMY_STREAMS.property);
  }
}
