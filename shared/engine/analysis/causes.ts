/**
 * DIAGNOSE's causes: what happened on the paths that fail, against all paths. Each shard counts,
 * on the base plan, every cause among all due paths and among failing ones; causes defined by a
 * share of paths (the worst fifth of early returns, the longest-lived tenth) are counted in fine
 * bins so that the merge can set their thresholds on the whole run and still count exactly.
 */
import type { HouseholdPlan } from '../household/plan.js';
import type { PathRunner } from '../household/path-runner.js';
import { CareSetting, MemberState } from '../life/life-path.js';
import type { CauseResult } from './analysis-document.js';
import { lift } from './estimates.js';

/** Years of the "first decade". */
export const EARLY_YEARS = 10;
const RETURN_BIN = 0.001;
const RETURN_BINS = 1000; // −50% … +50% a year
const AGE_BINS = 131;

/** Counts among all due paths and among failing ones, per bin or per flag. */
export interface CauseCounts {
  due: number;
  failing: number;
  earlyReturn: { all: number[]; failing: number[] };
  earlyInflation: { all: number[]; failing: number[] };
  /** Per adult member (plan order): death age bins (the age at the plan's end if alive then). */
  deathAge: { memberId: string; all: number[]; failing: number[] }[];
  /** Household flags: [all, failing] counts. */
  flags: Record<'CARE_COSTS' | 'DISABILITY' | 'JOB_LOSS', [number, number]>;
  /** Per earner: died before retiring. */
  earnerDeath: { memberId: string; all: number; failing: number }[];
}

export function emptyCauseCounts(plan: HouseholdPlan): CauseCounts {
  const zeros = (k: number) => new Array(k).fill(0);
  const adults = plan.members.filter((m) => m.role !== 'DEPENDANT');
  const earners = adults.filter((m) => plan.incomes.some((i) => i.type === 'SALARY' && i.memberId === m.id));
  return {
    due: 0,
    failing: 0,
    earlyReturn: { all: zeros(RETURN_BINS), failing: zeros(RETURN_BINS) },
    earlyInflation: { all: zeros(RETURN_BINS), failing: zeros(RETURN_BINS) },
    deathAge: adults.map((m) => ({ memberId: m.id, all: zeros(AGE_BINS), failing: zeros(AGE_BINS) })),
    flags: { CARE_COSTS: [0, 0], DISABILITY: [0, 0], JOB_LOSS: [0, 0] },
    earnerDeath: earners.map((m) => ({ memberId: m.id, all: 0, failing: 0 })),
  };
}

const bin = (x: number) => Math.min(RETURN_BINS - 1, Math.max(0, Math.floor((x + 0.5) / RETURN_BIN)));
const binStart = (b: number) => b * RETURN_BIN - 0.5;

/**
 * Counts one due path of the base plan, simulated with its whole economy. Only what happened while
 * the household's plan ran counts (its first `yearsRun` years, to the last adult death): a child's
 * care decades after the plan ended explains none of its failures.
 */
export function countCauses(counts: CauseCounts, plan: HouseholdPlan, runner: PathRunner, failed: boolean, yearsRun: number): void {
  const f = failed ? 1 : 0;
  counts.due++;
  counts.failing += f;
  const econ = runner.economy;
  const T = Math.min(EARLY_YEARS, runner.economyYears);
  let growth = 1;
  for (let t = 0; t < T; t++) growth *= 1 + econ.equityReturn[t];
  const realReturn = T > 0 ? Math.pow(growth / econ.cpi[T], 1 / T) - 1 : 0;
  const inflation = T > 0 ? Math.pow(econ.cpi[T], 1 / T) - 1 : 0;
  counts.earlyReturn.all[bin(realReturn)]++;
  counts.earlyReturn.failing[bin(realReturn)] += f;
  counts.earlyInflation.all[bin(inflation)]++;
  counts.earlyInflation.failing[bin(inflation)] += f;

  const Y = Math.min(yearsRun, runner.compiled.years);
  let care = 0,
    disabled = 0,
    jobLoss = 0;
  plan.members.forEach((m, i) => {
    const life = runner.lives[i];
    const age0 = plan.startYear - m.birthYear;
    for (let t = 0; t < Y; t++) {
      const st = life.state[t];
      if (st === MemberState.DEAD) break;
      if (life.careSetting[t] !== CareSetting.NONE) care = 1;
      if (st === MemberState.DISABLED) disabled = 1;
      if (life.unemployed[t] === 1) jobLoss = 1;
    }
    const deathAge = age0 + (life.deathYear >= 0 && life.deathYear < Y ? life.deathYear : Y);
    const adult = counts.deathAge.find((d) => d.memberId === m.id);
    if (adult) {
      const b = Math.min(AGE_BINS - 1, Math.max(0, deathAge));
      adult.all[b]++;
      adult.failing[b] += f;
    }
    const earner = counts.earnerDeath.find((e) => e.memberId === m.id);
    if (earner && life.deathYear >= 0 && deathAge < m.retirementAge) {
      earner.all++;
      earner.failing += f;
    }
  });
  const flag = (name: keyof CauseCounts['flags'], on: number) => {
    counts.flags[name][0] += on;
    counts.flags[name][1] += on * f;
  };
  flag('CARE_COSTS', care);
  flag('DISABILITY', disabled);
  flag('JOB_LOSS', jobLoss);
}

const addInto = (a: number[], b: readonly number[]) => b.forEach((x, i) => (a[i] += x));

export function mergeCauseCounts(into: CauseCounts, other: CauseCounts): void {
  into.due += other.due;
  into.failing += other.failing;
  addInto(into.earlyReturn.all, other.earlyReturn.all);
  addInto(into.earlyReturn.failing, other.earlyReturn.failing);
  addInto(into.earlyInflation.all, other.earlyInflation.all);
  addInto(into.earlyInflation.failing, other.earlyInflation.failing);
  into.deathAge.forEach((d, k) => {
    addInto(d.all, other.deathAge[k].all);
    addInto(d.failing, other.deathAge[k].failing);
  });
  for (const key of Object.keys(into.flags) as (keyof CauseCounts['flags'])[]) {
    into.flags[key][0] += other.flags[key][0];
    into.flags[key][1] += other.flags[key][1];
  }
  into.earnerDeath.forEach((e, k) => {
    e.all += other.earnerDeath[k].all;
    e.failing += other.earnerDeath[k].failing;
  });
}

function cause(counts: CauseCounts, name: string, description: string, all: number, failing: number, memberId?: string): CauseResult {
  const n = counts.due;
  const F = counts.failing;
  return {
    cause: name,
    description,
    ...(memberId !== undefined ? { memberId } : {}),
    amongFailing: F > 0 ? failing / F : 0,
    amongAll: n > 0 ? all / n : 0,
    lift: lift(failing, all - failing, F - failing, n - F - all + failing),
  };
}

/** Sums bins [from, to) of all and failing counts. */
function binSums(h: { all: number[]; failing: number[] }, from: number, to: number): [number, number] {
  let a = 0,
    f = 0;
  for (let b = from; b < to; b++) {
    a += h.all[b];
    f += h.failing[b];
  }
  return [a, f];
}

/** The first bin at which the cumulative share of paths reaches `share`. */
function quantileBin(all: readonly number[], total: number, share: number): number {
  let run = 0;
  for (let b = 0; b < all.length; b++) if ((run += all[b]) >= share * total) return b;
  return all.length - 1;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** The causes, most over-represented among failing paths first (by lift; then by how many failing paths they touch). */
export function causeResults(counts: CauseCounts, plan: HouseholdPlan): CauseResult[] {
  const n = counts.due;
  const results: CauseResult[] = [];
  // Poor early returns: the worst fifth of paths (bins below the fifth's upper bin edge).
  const rb = quantileBin(counts.earlyReturn.all, n, 0.2) + 1;
  const [ra, rf] = binSums(counts.earlyReturn, 0, rb);
  results.push(
    cause(
      counts,
      'POOR_EARLY_RETURNS',
      `real equity return over the first ${EARLY_YEARS} years below ${pct(binStart(rb))} a year (the worst fifth of paths)`,
      ra,
      rf,
    ),
  );
  const ib = quantileBin(counts.earlyInflation.all, n, 0.8);
  const [ia, iF] = binSums(counts.earlyInflation, ib, RETURN_BINS);
  results.push(
    cause(
      counts,
      'HIGH_EARLY_INFLATION',
      `inflation over the first ${EARLY_YEARS} years at ${pct(binStart(ib))} a year or more (the highest fifth of paths)`,
      ia,
      iF,
    ),
  );
  for (const d of counts.deathAge) {
    const age = quantileBin(d.all, n, 0.9);
    const [la, lf] = binSums(d, age + 1, AGE_BINS);
    results.push(cause(counts, 'LONG_LIFE', `${d.memberId} living past ${age}, the age only a tenth of paths pass`, la, lf, d.memberId));
  }
  const words = {
    CARE_COSTS: 'a member needing long-term care',
    DISABILITY: 'a member disabled',
    JOB_LOSS: 'a member losing their job',
  } as const;
  for (const key of Object.keys(words) as (keyof typeof words)[]) {
    results.push(cause(counts, key, words[key], counts.flags[key][0], counts.flags[key][1]));
  }
  for (const e of counts.earnerDeath) {
    const member = plan.members.find((m) => m.id === e.memberId);
    results.push(
      cause(counts, 'EARNER_DEATH', `${e.memberId} dying before retiring at ${member?.retirementAge}`, e.all, e.failing, e.memberId),
    );
  }
  // A cause that happened on no path (a risk switched off) says nothing.
  return results
    .filter((r) => r.amongAll > 0)
    .sort((a, b) => (b.lift?.value ?? 0) - (a.lift?.value ?? 0) || b.amongFailing - a.amongFailing);
}
