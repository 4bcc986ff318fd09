import { TAX_KINDS } from '../household/household-tax.js';
import type { PathEvent } from '../household/path-events.js';
import type { PathRunner } from '../household/path-runner.js';
import { MEMBER_STATE_NAMES } from '../life/life-path.js';
import type { Life, LifeYear } from '../output/output-document.js';

/**
 * One simulated life, whole: its outcome, every year's figures and states, and its events. An
 * output's sampled life is one of these with the percentile it was chosen for.
 */
export type ReplayedLife = Omit<Life, 'label' | 'percentile'>;

/**
 * Re-simulates path `pathIndex` on `runner` (a path depends only on the runner's plan and seed and
 * its index) and reads it whole. The output's sampled lives and the lives endpoints both read lives
 * through this, so a life is the same wherever it is shown.
 */
export function replayLife(runner: PathRunner, pathIndex: number): ReplayedLife {
  const plan = runner.compiled.plan;
  const events: PathEvent[] = [];
  const sim = runner.run(pathIndex, events);
  const econ = runner.economy;
  const years: LifeYear[] = [];
  for (let t = 0; t < sim.yearsRun; t++) {
    const end = econ.cpi[t + 1];
    const start = econ.cpi[t];
    years.push({
      year: t,
      calendarYear: plan.startYear + t,
      ages: Object.fromEntries(plan.members.map((m) => [m.id, plan.startYear + t - m.birthYear])),
      states: Object.fromEntries(plan.members.map((m, i) => [m.id, MEMBER_STATE_NAMES[runner.lives[i].state[t]]])),
      unemployed: plan.members.filter((_, i) => runner.lives[i].unemployed[t] === 1).map((m) => m.id),
      inflation: econ.inflation[t],
      shortRate: econ.shortRate[t],
      equityReturn: econ.equityReturn[t],
      bondReturn: econ.bondReturn[t],
      propertyReturn: econ.propertyReturn[t],
      netWorth: { nominal: sim.netWorth[t], real: sim.netWorth[t] / end },
      liquidAssets: { nominal: sim.liquidAssets[t], real: sim.liquidAssets[t] / end },
      income: { nominal: sim.income[t], real: sim.income[t] / start },
      spending: { nominal: sim.spending[t], real: sim.spending[t] / start },
      shortfall: { nominal: sim.shortfall[t], real: sim.shortfall[t] / start },
      taxes: { nominal: sim.taxes[t], real: sim.taxes[t] / start },
      ...(sim.real !== null ? { taxesByKind: taxesByKind(sim.real.kinds, t) } : {}),
    });
  }
  return {
    pathIndex,
    terminalEstate: sim.terminalEstateReal,
    ...(plan.estateTax !== undefined ? { terminalEstateBeforeTax: sim.terminalEstateBeforeTaxReal } : {}),
    success: sim.success,
    depletionYear: sim.depletionYear >= 0 ? sim.depletionYear : null,
    years,
    events: events.map((e) => ({ ...e, calendarYear: plan.startYear + e.year })),
  };
}

/** Year t's taxes by kind, as the real rules split them (nominal). */
function taxesByKind(kinds: Float64Array, t: number): Record<string, number> {
  return Object.fromEntries(TAX_KINDS.map((k, i) => [k, kinds[t * TAX_KINDS.length + i]]));
}
