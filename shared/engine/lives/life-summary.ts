import type { PathEvent } from '../household/path-events.js';
import type { PathRunner } from '../household/path-runner.js';
import type { LifeEvent } from '../output/output-document.js';

/** One life as a page of lives lists it: its outcome, depletion, terminal estate and events. */
export interface LifeSummary {
  index: number;
  outcome: 'SUCCEEDED' | 'FAILED';
  depleted: boolean;
  depletionYear: number | null;
  /** The primary member's age in the year of depletion. */
  depletionAge: number | null;
  terminalEstate: number;
  totalShortfall: number;
  /** Years the household ran: through the year the last adult died, or to the horizon. */
  yearsRun: number;
  events: LifeEvent[];
}

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
