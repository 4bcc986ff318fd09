/**
 * The life model of one household: simulates each member's states, job losses and death on a path
 * from the member's own random streams (and one systematic longevity stream per path).
 *
 * Order of events in year t (MODEL.md): states move first (care onset or recovery, disability
 * onset, recovery or its end at retirement age), then employment moves for healthy workers, then
 * the member may die; a death in year t shows as DEAD from t + 1 on.
 */
import { RandomStream, streamId } from '../random/index.js';
import type { ResolvedLifeAssumptions } from './assumptions.js';
import { CareSetting, MemberState, type MemberLifePath } from './life-path.js';
import { buildMemberRates, type LifeMemberSpec, type MemberRates } from './member-rates.js';

export interface LifeModel {
  readonly years: number;
  /** Fills out[i] with member i's life on path pathIndex (same order as the member specs). */
  simulatePath(pathIndex: number, out: MemberLifePath[]): void;
}

const LONGEVITY_STREAM = streamId('life:longevity');

interface MemberStreams {
  readonly mortality: number;
  readonly disability: number;
  readonly care: number;
  readonly unemployment: number;
}

export function createLifeModel(
  a: ResolvedLifeAssumptions,
  members: LifeMemberSpec[],
  startYear: number,
  years: number,
  seed: number,
): LifeModel {
  if (!Number.isInteger(years) || years < 0) throw new RangeError('years must be a non-negative integer');
  const rates = members.map((m) => buildMemberRates(a, m, startYear, years).rates);
  const streams: MemberStreams[] = members.map((m) => ({
    mortality: streamId('life:mortality:' + m.id),
    disability: streamId('life:disability:' + m.id),
    care: streamId('life:ltc:' + m.id),
    unemployment: streamId('life:unemployment:' + m.id),
  }));
  const longevity = a.longevityRisk.enabled && a.longevityRisk.volatility > 0 && a.mortality.law !== 'NONE';
  const sigma = a.longevityRisk.volatility;
  const mortalityOnly = !a.disability.enabled && !a.longTermCare.enabled && !a.unemployment.enabled;
  const kappa = new Float64Array(years);
  const mortalityRng = new RandomStream();
  const disabilityRng = new RandomStream();
  const careRng = new RandomStream();
  const unemploymentRng = new RandomStream();
  const longevityRng = new RandomStream();

  return {
    years,
    simulatePath(pathIndex: number, out: MemberLifePath[]): void {
      if (out.length !== members.length) throw new RangeError('out must hold one life path per member');
      if (longevity) {
        // kappa_0 = 0: year 0 has the projected rates; the walk has no drift, because the
        // projection already carries the expected improvement.
        longevityRng.reset(seed, pathIndex, LONGEVITY_STREAM);
        let k = 0;
        for (let t = 0; t < years; t++) {
          kappa[t] = k;
          k += sigma * longevityRng.normal();
        }
      }
      for (let i = 0; i < members.length; i++) {
        const path = out[i];
        if (path.years !== years) throw new RangeError(`out[${i}] has ${path.years} years, the model ${years}`);
        const r = rates[i];
        const s = streams[i];
        mortalityRng.reset(seed, pathIndex, s.mortality);
        if (mortalityOnly && !longevity) simulateMortalityOnly(r, mortalityRng, path);
        else {
          disabilityRng.reset(seed, pathIndex, s.disability);
          careRng.reset(seed, pathIndex, s.care);
          unemploymentRng.reset(seed, pathIndex, s.unemployment);
          simulateMember(r, longevity ? kappa : null, mortalityRng, disabilityRng, careRng, unemploymentRng, path);
        }
      }
    },
  };
}

/** The fast path: one uniform per member-year against the precomputed death probability. */
function simulateMortalityOnly(r: MemberRates, rng: RandomStream, path: MemberLifePath): void {
  const q = r.qHealthy;
  const years = r.years;
  path.unemployed.fill(0);
  path.careSetting.fill(0);
  path.deathYear = -1;
  const state = path.state;
  for (let t = 0; t < years; t++) {
    state[t] = MemberState.HEALTHY;
    if (rng.uniform() < q[t]) {
      path.deathYear = t;
      state.fill(MemberState.DEAD, t + 1);
      return;
    }
  }
}

function simulateMember(
  r: MemberRates,
  kappa: Float64Array | null,
  mortalityRng: RandomStream,
  disabilityRng: RandomStream,
  careRng: RandomStream,
  unemploymentRng: RandomStream,
  path: MemberLifePath,
): void {
  const years = r.years;
  const F = r.maxDuration;
  const { state: stateOut, unemployed: unemployedOut, careSetting: careOut } = path;
  path.deathYear = -1;
  let state: number = MemberState.HEALTHY;
  let duration = 0;
  let setting: number = CareSetting.NONE;
  let unemployed = 0;
  for (let t = 0; t < years; t++) {
    // 1. Health states move.
    if (state === MemberState.HEALTHY) {
      const lam = r.careIncidence[t];
      if (lam > 0 && careRng.uniform() < lam) {
        state = MemberState.LTC;
        setting = careRng.uniform() < r.nursingHomeShare ? CareSetting.NURSING_HOME : CareSetting.HOME;
      } else if (r.disabilityActive[t] === 1 && disabilityRng.uniform() < r.disabilityIncidence[t]) {
        state = MemberState.DISABLED;
        duration = 0;
      }
    } else if (state === MemberState.DISABLED) {
      if (r.disabilityActive[t] === 0) state = MemberState.HEALTHY;
      else {
        duration = duration < F ? duration + 1 : F;
        if (disabilityRng.uniform() < r.disabilityRecovery[t * F + duration - 1]) state = MemberState.HEALTHY;
      }
    } else if (careRng.uniform() < r.careRecovery) {
      state = MemberState.HEALTHY;
      setting = CareSetting.NONE;
    }
    // 2. Employment moves, for healthy workers only (a disabled or cared-for member is not "unemployed").
    const loss = r.jobLoss[t];
    if (state === MemberState.HEALTHY && loss >= 0) {
      unemployed = unemploymentRng.uniform() < (unemployed === 1 ? 1 - r.reemployment : loss) ? 1 : 0;
    } else unemployed = 0;
    stateOut[t] = state;
    unemployedOut[t] = unemployed;
    careOut[t] = setting;
    // 3. Death, at the rate of the state the member is in this year.
    const q = state === MemberState.HEALTHY ? r.qHealthy[t] : state === MemberState.DISABLED ? r.qDisabled[t] : r.qCare[t];
    let dies: boolean;
    if (kappa === null || q <= 0 || q >= 1) dies = mortalityRng.uniform() < q;
    else {
      // ln m_x <- ln m_x + b_x kappa_t on the force of mortality m = -ln(1 - q).
      const shocked = -Math.expm1(Math.log1p(-q) * Math.exp(r.longevitySensitivity[t] * kappa[t]));
      dies = mortalityRng.uniform() < shocked;
    }
    if (dies) {
      path.deathYear = t;
      stateOut.fill(MemberState.DEAD, t + 1);
      unemployedOut.fill(0, t + 1);
      careOut.fill(CareSetting.NONE, t + 1);
      return;
    }
  }
}
