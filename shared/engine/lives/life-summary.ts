import type { PathEvent } from '../household/path-events.js';
import type { PathRunner } from '../household/path-runner.js';
import type { LifeSummary } from './life-summary-shape.js';

export type { LifeSummary };

/** Replays life `index` on `runner` and summarises it (the same replay as replay-life.ts, without its yearly figures). */
export function lifeSummary(runner: PathRunner, index: number): LifeSummary {
  const c = runner.compiled;
  const events: PathEvent[] = [];
  const sim = runner.run(index, events);
  const depleted = sim.depletionYear >= 0;
  return {
    index,
    outcome: sim.success ? 'SUCCEEDED' : 'FAILED',
    depleted,
    depletionYear: depleted ? sim.depletionYear : null,
    depletionAge: depleted ? c.memberAge0[c.primary] + sim.depletionYear : null,
    terminalEstate: sim.terminalEstateReal,
    totalShortfall: sim.totalShortfallReal,
    yearsRun: sim.yearsRun,
    events: events.map((e) => ({ ...e, calendarYear: c.plan.startYear + e.year })),
  };
}
