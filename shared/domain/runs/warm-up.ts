/**
 * A fresh worker's first fan-in compiles the merge, the binary shard result's reader and writer and
 * the output's code as it runs, which made its first merge and output 60 to 100 ms slower than later
 * ones (Node.js 24, a 10,000-path young-family run). A worker of a long-running service pays that at
 * start-up instead: it runs the fan-in of a small simulation once, in memory (nothing is stored).
 */
import { splitPathsByCost } from '../../engine/index.js';
import { buildRunDocument, runShard, storedShardResult, type RunWork } from './run-engine.js';
import { plansOf } from './run-input.js';

/** Paths of the warm-up run: enough to fill every distribution of the plan, a few milliseconds of engine time. */
const WARM_UP_PATHS = 128;

/**
 * Times the warm-up fan-in runs. The merge into the completing shard's own accumulator is optimised
 * only after a few runs: a fresh process's first fan-in of a 10,000-path run after one warm-up took
 * 32 to 40 ms (Node.js 24, 3 processes), after four 22 to 27 ms, against 16 to 18 ms warm. Each run
 * costs about 50 ms of start-up.
 */
const WARM_UP_FAN_INS = 4;

/** Simulates two shards of `scenario` (a scenario document), encodes one as a shard would store it, and merges both into the output. */
export function warmUpFanIn(scenario: unknown): void {
  const work: RunWork = { kind: 'SIMULATION', plans: plansOf({ scenarios: [scenario] }) };
  for (let run = 0; run < WARM_UP_FAN_INS; run++) {
    const [own, other] = splitPathsByCost(WARM_UP_PATHS, 2).map((range) => runShard(work, 1, range));
    buildRunDocument(work, [own, storedShardResult(work, other)], { seed: 1, shards: 2, elapsedMs: 0 });
  }
}
