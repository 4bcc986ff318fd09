/**
 * Path runners of plan variants under one seed, built on first use and kept: a search tries the
 * same variant on many paths, and a runner costs a plan compilation and a life model to build.
 * Also counts what was simulated, for the analysis's cost.
 */
import type { HouseholdPathSimulator } from '../household/household-path.js';
import type { HouseholdPlan } from '../household/plan.js';
import { PathOutcomes, PathRunner, type EconomyShock } from '../household/path-runner.js';

export class RunnerPool {
  private readonly runners = new Map<string, PathRunner>();
  pathsSimulated = 0;
  pathYears = 0;

  constructor(private readonly seed: number) {}

  runner(key: string, build: () => { plan: HouseholdPlan; shock?: EconomyShock }): PathRunner {
    let runner = this.runners.get(key);
    if (!runner) {
      const { plan, shock } = build();
      runner = new PathRunner(plan, this.seed, shock ?? null);
      this.runners.set(key, runner);
    }
    return runner;
  }

  /**
   * Runs every path of `paths` on `runner` in batches; each one's outcome lands at its position in
   * the result (a buffer reused by the next call that asks for no more paths).
   */
  runBatch(runner: PathRunner, paths: ArrayLike<number>): PathOutcomes {
    const G = runner.compiled.goalCount;
    if (this.outcomes === null || this.outcomes.size < paths.length || this.outcomes.goals !== G)
      this.outcomes = new PathOutcomes(Math.max(paths.length, this.outcomes?.size ?? 0), G);
    const out = this.outcomes;
    runner.runBatch(paths, out);
    this.pathsSimulated += paths.length;
    for (let k = 0; k < paths.length; k++) this.pathYears += out.yearsRun[k];
    return out;
  }

  private outcomes: PathOutcomes | null = null;

  /**
   * Runs path `p` on `runner`, drawing the path's lives and economy once for every runner sharing
   * `source`'s generation key (the trials of one path's search): generation is most of a run.
   */
  runShared(source: PathRunner, runner: PathRunner, p: number): HouseholdPathSimulator {
    const key = runner.generationKey;
    if (key === null || key !== source.generationKey) return this.run(runner, p);
    if (source.generated !== p) source.generatePath(p);
    const sim = runner.runOn(source);
    this.pathsSimulated++;
    this.pathYears += sim.yearsRun;
    return sim;
  }

  /** Runs path `p` on `runner` (the whole economy when `fullEconomy`, for figures read off it). */
  run(runner: PathRunner, p: number, fullEconomy = false): HouseholdPathSimulator {
    const sim = runner.run(p, null, fullEconomy);
    this.pathsSimulated++;
    this.pathYears += sim.yearsRun;
    return sim;
  }
}
