import { describe, expect, it } from 'vitest';
import { analyse, analysisIssues } from '../../../shared/engine/analysis/index.js';
import { loadExample } from '../output/example-plans.js';
import { PathRunner } from '../../../shared/engine/household/path-runner.js';
import { MemberState } from '../../../shared/engine/life/life-path.js';

describe('DIAGNOSE', () => {
  it('on the care example, care costs rank among the top causes of failure', () => {
    const care = loadExample('single-retiree-care');
    const d = analyse(care, { type: 'DIAGNOSE' }, { seed: 7, paths: 3000 }).diagnose!;
    expect(d.failingPaths).toBeGreaterThan(50);
    const rank = d.causes.findIndex((c) => c.cause === 'CARE_COSTS');
    expect(rank).toBeGreaterThanOrEqual(0);
    expect(rank).toBeLessThan(3);
    const careCause = d.causes[rank];
    // Over-represented among failing paths, beyond sampling error.
    expect(careCause.lift!.interval95[0]).toBeGreaterThan(1);
    expect(careCause.amongFailing).toBeGreaterThan(careCause.amongAll);
  });

  it("counts a member's care only while the plan runs: never a child's after the last adult has died", () => {
    // An 80-year-old with a 30-year-old dependant over 90 years: the plan ends with the adult's
    // death, and the dependant's care falls decades later.
    const p = loadExample('single-retiree-care', (doc) => {
      doc.members.push({ id: 'heir', role: 'DEPENDANT', birthYear: doc.startYear - 30, sex: 'FEMALE' });
      doc.simulation.horizon = { years: 90 };
    });
    const paths = 600;
    const d = analyse(p, { type: 'DIAGNOSE' }, { seed: 7, paths }).diagnose!;
    const runner = new PathRunner(p, 7);
    let inPlan = 0;
    let overHorizon = 0;
    for (let k = 0; k < paths; k++) {
      const sim = runner.run(k, null, true);
      const cared = (until: number) =>
        runner.lives.some((l) => Array.from(l.careSetting.subarray(0, until)).some((c, t) => c !== 0 && l.state[t] !== MemberState.DEAD));
      if (cared(sim.yearsRun)) inPlan++;
      if (cared(p.years)) overHorizon++;
    }
    expect(overHorizon).toBeGreaterThan(inPlan);
    expect(d.causes.find((c) => c.cause === 'CARE_COSTS')!.amongAll).toBe(inPlan / paths);
  });

  it('on the young family, the actions include retiring later and spending less, each with a non-zero effect', () => {
    const yf = loadExample('young-family-mortgage');
    const d = analyse(yf, { type: 'DIAGNOSE', target: { probability: 0.9 } }, { seed: 7, paths: 1500 }).diagnose!;
    expect(d.probability.value).toBeLessThan(0.9);
    const spend = d.actions.find((a) => a.lever.type === 'SPENDING')!;
    const retire = d.actions.find((a) => a.lever.type === 'RETIREMENT_AGE')!;
    expect(spend.change).toBeLessThan(0);
    expect(retire.change).toBeGreaterThan(0);
    for (const a of [spend, retire]) {
      expect(a.effect.value).toBeGreaterThan(0);
      expect(a.effect.interval95[0]).toBeGreaterThan(0);
      expect(a.effect.standardError).toBeLessThan(a.effect.unpairedStandardError);
    }
    // Ranked by the share of its range each action needs.
    const share = (a: (typeof d.actions)[number]) =>
      a.status === 'UNREACHABLE' ? Infinity : Math.abs(a.change) / (a.bracket.max - a.bracket.min);
    for (let k = 1; k < d.actions.length; k++) expect(share(d.actions[k])).toBeGreaterThanOrEqual(share(d.actions[k - 1]));
  });
});

describe('SENSITIVITY', () => {
  // A couple near retirement: every input moves its success by more than its sampling error.
  const couple = loadExample('couple-near-retirement');
  const s = analyse(couple, { type: 'SENSITIVITY' }, { seed: 7, paths: 1500 }).sensitivity!;
  const entry = (name: string) => s.inputs.find((i) => i.input === name)!;

  it('moves success the right way: a higher premium and a later retirement raise it, longer lives lower it', () => {
    expect(entry('EQUITY_PREMIUM').successChange.up.interval95[0]).toBeGreaterThan(0);
    expect(entry('EQUITY_PREMIUM').successChange.down.interval95[1]).toBeLessThan(0);
    expect(entry('RETIREMENT_AGE').successChange.up.interval95[0]).toBeGreaterThan(0);
    // MORTALITY down (×0.8): longer lives.
    expect(entry('MORTALITY').successChange.down.interval95[1]).toBeLessThan(0);
    expect(entry('SPENDING').successChange.up.interval95[1]).toBeLessThan(0);
  });

  it('every paired standard error is smaller than the unpaired one would be', () => {
    for (const e of s.inputs) {
      for (const side of [e.successChange.down, e.successChange.up]) {
        if (side.value !== 0) expect(side.standardError).toBeLessThan(side.unpairedStandardError);
      }
    }
  });

  it("gives the median estate's change a bootstrapped standard error, on Student's t with paths − 1 degrees of freedom", () => {
    // Batch means over 16 batches (t on 15 degrees of freedom, 2.131) covered the truth about 90% of the time.
    const change = entry('SPENDING').medianTerminalEstateChange.up;
    expect(change.standardError).toBeGreaterThan(0);
    expect((change.interval95[1] - change.interval95[0]) / 2 / change.standardError).toBeCloseTo(1.9615, 3);
  });

  it('sorts inputs by their swing in success, largest first', () => {
    const swing = (e: (typeof s.inputs)[number]) => Math.abs(e.successChange.up.value - e.successChange.down.value);
    for (let k = 1; k < s.inputs.length; k++) expect(swing(s.inputs[k])).toBeLessThanOrEqual(swing(s.inputs[k - 1]));
  });
});

describe('SENSITIVITY default moves at the edge of the valid range', () => {
  const couple = loadExample('couple-near-retirement');
  /** The couple with the given equity volatility and chris (60 in 2025) retiring at 61. */
  const edge = (volatility: number) => ({
    ...couple,
    members: couple.members.map((m) => (m.id === 'chris' ? { ...m, retirementAge: 61 } : m)),
    assumptions: {
      ...couple.assumptions,
      economic: { ...couple.assumptions.economic, equity: { ...couple.assumptions.economic.equity, volatility } },
    },
  });
  const entry = (s: ReturnType<typeof analyse>, name: string) => s.sensitivity!.inputs.find((i) => i.input === name)!;

  it('shortens a default move that would leave the range, and says so', () => {
    const plan = edge(0.03);
    for (const request of [
      { type: 'SENSITIVITY' as const },
      { type: 'SENSITIVITY' as const, inputs: [{ input: 'EQUITY_VOLATILITY' as const }] },
    ])
      expect(analysisIssues(plan, request)).toEqual([]);
    const s = analyse(plan, { type: 'SENSITIVITY' }, { seed: 7, paths: 200 });
    const vol = entry(s, 'EQUITY_VOLATILITY');
    expect(vol.down).toBeCloseTo(-0.03, 15);
    expect(vol.up).toBe(0.05);
    expect(vol.limited?.down).toMatch(/−0\.05 .*shortened to −0\.03/);
    expect(vol.limited?.up).toBeUndefined();
    // chris is 60: a retirement age of 61 moves down by one year at most.
    const age = entry(s, 'RETIREMENT_AGE');
    expect(age.down).toBe(-1);
    expect(age.limited?.down).toMatch(/chris/);
  });

  it('reports a default move that cannot be made at all as not made, with no change', () => {
    const s = analyse(edge(0), { type: 'SENSITIVITY', inputs: [{ input: 'EQUITY_VOLATILITY' }] }, { seed: 7, paths: 200 });
    const vol = entry(s, 'EQUITY_VOLATILITY');
    expect(vol.down).toBe(0);
    expect(vol.limited?.down).toMatch(/cannot be made/);
    expect(vol.successChange.down.value).toBe(0);
    expect(vol.successChange.down.standardError).toBe(0);
  });

  it('still refuses a move the client chose outside the range, naming it', () => {
    const issues = analysisIssues(edge(0.03), { type: 'SENSITIVITY', inputs: [{ input: 'EQUITY_VOLATILITY', down: -0.05 }] });
    expect(issues.map((i) => i.field)).toEqual(['inputs[0].down']);
  });
});

describe('STRESS', () => {
  it('an equity fall and a decade of high inflation lower success against the unshocked plan, paired', () => {
    const couple = loadExample('couple-near-retirement');
    const st = analyse(couple, { type: 'STRESS' }, { seed: 7, paths: 1500 }).stress!;
    expect(st.shocks.map((s) => s.shock.type)).toEqual([
      'EQUITY_FALL',
      'HIGH_INFLATION',
      'RATES_UP',
      'HISTORICAL',
      'HISTORICAL',
      'HISTORICAL',
      'HISTORICAL',
      'HISTORICAL',
    ]);
    const fall = st.shocks[0];
    expect(fall.successChange.value).toBeLessThan(0);
    expect(fall.successChange.interval95[1]).toBeLessThan(0);
    expect(fall.outcome.success).toBeCloseTo(st.base.success + fall.successChange.value, 12);
    const inflation = st.shocks[1];
    expect(inflation.successChange.interval95[1]).toBeLessThan(0);
    for (const s of st.shocks)
      if (s.successChange.value !== 0) expect(s.successChange.standardError).toBeLessThan(s.successChange.unpairedStandardError);
  });
});

describe('request checks against the plan', () => {
  const yf = loadExample('young-family-mortgage');
  it('names the field of each problem', () => {
    const fields = (r: Parameters<typeof analysisIssues>[1]) => analysisIssues(yf, r).map((i) => i.field);
    expect(fields({ type: 'SOLVE', lever: { type: 'RETIREMENT_AGE', memberId: 'nobody' } })).toEqual(['lever.memberId']);
    expect(fields({ type: 'SOLVE', lever: { type: 'CONTRIBUTION', accountId: 'nope' } })).toEqual(['lever.accountId']);
    expect(fields({ type: 'SOLVE', lever: { type: 'SPENDING', min: 5000, max: 100 } })).toEqual(['lever.max']);
    expect(fields({ type: 'SOLVE', lever: { type: 'SPENDING' }, target: { probability: 1 } })).toEqual(['target.probability']);
    expect(fields({ type: 'SOLVE', lever: { type: 'SPENDING' }, target: { goalId: 'nope' } })).toEqual(['target.goalId']);
    expect(fields({ type: 'DIAGNOSE', maxTrials: 1000 })).toEqual(['maxTrials']);
    expect(fields({ type: 'STRESS', shocks: [{ type: 'HISTORICAL', startYear: 1700 }] })).toEqual(['shocks[0].startYear']);
    expect(fields({ type: 'SENSITIVITY', inputs: [{ input: 'MORTALITY', down: -1 }] })).toEqual(['inputs[0].down']);
  });
});
