import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CareSetting,
  memberLifeChain,
  MemberState,
  resolveLifeAssumptions,
  survivalProbabilities,
  unemploymentBenefitShare,
  annualCareCost,
  type LifeAssumptionsInput,
} from '../../../shared/engine/life/index.js';
import { disabilityIncidence, jobLossProbability, ultimateClaimTermination } from '../../../shared/engine/life/morbidity.js';
import { member, meanAndError, proportionError, simulate, START_YEAR } from './helpers.js';

const off = {
  longevityRisk: { enabled: false },
  disability: { enabled: false },
  longTermCare: { enabled: false },
  unemployment: { enabled: false },
};

describe('disability', () => {
  it('incidence and termination are the shipped 2013 IDI rates', () => {
    const a = resolveLifeAssumptions();
    const rows = readFileSync(new URL('../../../data/disability/2013-idi-base-incidence.csv', import.meta.url), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(','));
    for (const [sex, cls, age] of [
      ['M', '2', 50],
      ['F', '4', 33],
      ['M', '1', 64],
    ] as const) {
      const perMille = rows
        .filter((r) => r[1] === cls && r[2] === sex && r[3] === '90' && Number(r[4]) === age)
        .reduce((s, r) => s + Number(r[5]), 0);
      expect(disabilityIncidence(a, sex === 'M' ? 'MALE' : 'FEMALE', Number(cls), age)).toBeCloseTo(perMille / 1000, 10);
    }
    expect(ultimateClaimTermination('FEMALE', 1, 35)).toBeCloseTo(0.02881941, 6);
  });

  it('simulated onsets and prevalence match the exact chain; none after retirement or without a salary', () => {
    const input: LifeAssumptionsInput = { ...off, disability: { enabled: true } };
    const m = member({ birthYear: START_YEAR - 30, employed: true, retirementAge: 65, sex: 'FEMALE', occupationClass: 3 });
    const years = 45;
    const n = 20_000;
    const onsets = new Float64Array(n);
    const disabledAt = new Float64Array(years);
    let disabledFromRetirement = 0;
    simulate(input, [m], years, n, 5, ([life], p) => {
      for (let t = 0; t < years; t++) {
        if (life.state[t] === MemberState.DISABLED) {
          disabledAt[t]++;
          if (t === 0 || life.state[t - 1] !== MemberState.DISABLED) onsets[p]++;
          if (START_YEAR + t - m.birthYear >= 65) disabledFromRetirement++;
        }
      }
    });
    expect(disabledFromRetirement).toBe(0);
    const chain = memberLifeChain(resolveLifeAssumptions(input), m, START_YEAR, years);
    const { mean, se } = meanAndError(onsets);
    expect(Math.abs(mean - chain.disabilityOnset.reduce((s, x) => s + x, 0))).toBeLessThan(4 * se);
    for (const t of [10, 20, 30]) {
      expect(Math.abs(disabledAt[t] / n - chain.disabled[t])).toBeLessThan(4 * proportionError(chain.disabled[t], n));
    }
    let disabledWithoutSalary = 0;
    simulate(input, [{ ...m, employed: false }], years, 500, 5, ([life]) => {
      if (life.state.some((s) => s === MemberState.DISABLED)) disabledWithoutSalary++;
    });
    expect(disabledWithoutSalary).toBe(0);
  });
});

describe('long-term care', () => {
  const years = 56;
  const at65 = (sex: 'MALE' | 'FEMALE') => member({ birthYear: START_YEAR - 65, sex });

  it('calibration: about half of people turning 65 ever need paid care', () => {
    const a = resolveLifeAssumptions();
    const male = memberLifeChain(a, at65('MALE'), START_YEAR, years).everInCare;
    const female = memberLifeChain(a, at65('FEMALE'), START_YEAR, years).everInCare;
    // Published aggregate (ASPE, Favreault and Dey 2015): about 52% of people turning 65, women
    // more often than men. The calibration aims at the same.
    expect((male + female) / 2).toBeGreaterThan(0.47);
    expect((male + female) / 2).toBeLessThan(0.55);
    expect(female).toBeGreaterThan(male);
  });

  it('simulated incidence matches the law; most episodes last under two years; costs follow the settings', () => {
    const input: LifeAssumptionsInput = { ...off, longTermCare: { enabled: true } };
    const a = resolveLifeAssumptions(input);
    const m = at65('FEMALE');
    const n = 20_000;
    const ever = new Float64Array(n);
    let episodes = 0;
    let shortEpisodes = 0;
    let nursing = 0;
    let badSettings = 0;
    simulate(input, [m], years, n, 9, ([life], p) => {
      let length = 0;
      for (let t = 0; t <= years; t++) {
        const inCare = t < years && life.state[t] === MemberState.LTC;
        if (inCare) {
          if (length === 0 && life.careSetting[t] === CareSetting.NURSING_HOME) nursing++;
          if (life.careSetting[t] === CareSetting.NONE) badSettings++;
          length++;
          ever[p] = 1;
          // The year of death counts as half a year, as for life expectancy.
          if (life.deathYear === t) {
            episodes++;
            if (length - 0.5 < 2) shortEpisodes++;
            length = 0;
          }
        } else if (length > 0) {
          episodes++;
          if (length < 2) shortEpisodes++;
          length = 0;
        }
        if (t < years && !inCare && life.careSetting[t] !== CareSetting.NONE) badSettings++;
      }
    });
    expect(badSettings).toBe(0);
    const exact = memberLifeChain(a, m, START_YEAR, years).everInCare;
    const { mean, se } = meanAndError(ever);
    expect(Math.abs(mean - exact)).toBeLessThan(4 * se);
    const shortShare = shortEpisodes / episodes;
    expect(shortShare - 4 * proportionError(shortShare, episodes)).toBeGreaterThan(0.5);
    const nhShare = nursing / episodes;
    expect(Math.abs(nhShare - a.longTermCare.nursingHomeShare)).toBeLessThan(
      4 * proportionError(a.longTermCare.nursingHomeShare, episodes),
    );
    expect(annualCareCost(a, CareSetting.NURSING_HOME, 10, 1.3)).toBeCloseTo(
      a.longTermCare.nursingHomeAnnualCost * 1.3 * (1 + a.longTermCare.careCostPremium) ** 10,
      6,
    );
    expect(annualCareCost(a, CareSetting.NONE, 3, 1.1)).toBe(0);
  });

  it('raised mortality in care and disability leaves the member survival at the table', () => {
    const input: LifeAssumptionsInput = { longevityRisk: { enabled: false } };
    const m = member({ birthYear: START_YEAR - 55, employed: true, retirementAge: 67 });
    const n = 20_000;
    const alive = new Float64Array(years);
    simulate(input, [m], years, n, 13, ([life]) => {
      for (let t = 0; t < years; t++) if (life.state[t] !== MemberState.DEAD) alive[t]++;
    });
    const a = resolveLifeAssumptions(input);
    const s = survivalProbabilities(a, m, START_YEAR, years);
    const chain = memberLifeChain(a, m, START_YEAR, years);
    for (const t of [10, 25, 35]) {
      expect(chain.alive[t]).toBeCloseTo(s[t], 9);
      expect(Math.abs(alive[t] / n - s[t])).toBeLessThan(4 * proportionError(s[t], n));
    }
  });
});

describe('job loss', () => {
  it('job-loss frequency by age band and spell persistence match the inputs', () => {
    const input: LifeAssumptionsInput = { ...off, mortality: { law: 'NONE' }, unemployment: { enabled: true } };
    const a = resolveLifeAssumptions(input);
    const m = member({ birthYear: START_YEAR - 20, employed: true, retirementAge: 67 });
    const years = 50;
    const n = 10_000;
    const bands = a.unemployment.jobLossByAge.map(() => ({ events: 0, exposure: 0 }));
    let stay = 0;
    let spellYears = 0;
    let unemployedRetired = 0;
    simulate(input, [m], years, n, 21, ([life]) => {
      for (let t = 0; t < years; t++) {
        const age = START_YEAR + t - m.birthYear;
        if (age >= 67) {
          unemployedRetired += life.unemployed[t];
          continue;
        }
        if (t > 0 && life.unemployed[t - 1] === 1) {
          spellYears++;
          stay += life.unemployed[t];
          continue;
        }
        const band = bands[a.unemployment.jobLossByAge.findLastIndex((b) => age >= b.fromAge)];
        band.exposure++;
        band.events += life.unemployed[t];
      }
    });
    expect(unemployedRetired).toBe(0);
    a.unemployment.jobLossByAge.forEach(({ fromAge, probability: p }, i) => {
      const { events, exposure } = bands[i];
      expect(exposure).toBeGreaterThan(0);
      expect(jobLossProbability(a, fromAge)).toBe(p);
      expect(Math.abs(events / exposure - p)).toBeLessThan(4 * proportionError(p, exposure));
    });
    const q = 1 - a.unemployment.reemploymentProbability;
    expect(Math.abs(stay / spellYears - q)).toBeLessThan(4 * proportionError(q, spellYears));
  });

  it('benefit is paid for benefitYears of a spell', () => {
    const a = resolveLifeAssumptions({ unemployment: { benefitFraction: 0.5, benefitYears: 1.5 } });
    expect([0, 1, 2].map((k) => unemploymentBenefitShare(a, k))).toEqual([0.5, 0.25, 0]);
  });
});
