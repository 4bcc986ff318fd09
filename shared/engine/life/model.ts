/**
 * The life model of one household: simulates each member's states, job losses and death on a path
 * from the member's own random streams (and one systematic longevity stream per path).
 *
 * Order of events in year t (docs/MODEL.md): states move first (care onset or recovery, disability
 * onset, recovery or its end at retirement age), then employment moves for healthy workers, then
 * the member may die; a death in year t shows as DEAD from t + 1 on.
 */
import { RandomStream, streamId } from '../random/index.js';
import { validateLifeAssumptions, type ResolvedLifeAssumptions } from './assumptions.js';
import { CareSetting, MemberState, type MemberLifePath } from './life-path.js';
import { buildMemberRates, type LifeMemberSpec, type MemberRates } from './member-rates.js';
import { validateLifeMembers } from './members.js';

export interface LifeModel {
  readonly years: number;
  /**
   * Fills out[i] with member i's life on path pathIndex (same order as the member specs). The
   * paths are this model's to write: it may leave in a path, from one call to the next, what no
   * path changes (nothing else may write into them).
   */
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
  // Callers validate first (the scenario schema, validateLifeAssumptions, validateLifeMembers);
  // this is the last line of defence against a NaN in the output.
  const problems = [...validateLifeAssumptions(a), ...validateLifeMembers(members)];
  if (problems.length > 0) throw new RangeError(problems.map((e) => `${e.field}: ${e.message}`).join('; '));
  const rates = members.map((m) => buildMemberRates(a, m, startYear, years).rates);
  const streams: MemberStreams[] = members.map((m) => ({
    mortality: streamId(`life:mortality:${m.id}`),
    disability: streamId(`life:disability:${m.id}`),
    care: streamId(`life:ltc:${m.id}`),
    unemployment: streamId(`life:unemployment:${m.id}`),
  }));
  const longevity = a.longevityRisk.enabled && a.longevityRisk.volatility > 0 && a.mortality.law !== 'NONE';
  const sigma = a.longevityRisk.volatility;
  const mortalityOnly = !a.disability.enabled && !a.longTermCare.enabled && !a.unemployment.enabled;
  const kappa = new Float64Array(years);
  // Upper bound of the shock's factor on any death probability in year t (see simulateMember).
  const shockBound = new Float64Array(years);
  const maxSensitivity = Math.max(0, ...rates.flatMap((r) => Array.from(r.longevitySensitivity)));
  const mortalityRng = new RandomStream();
  const disabilityRng = new RandomStream();
  const careRng = new RandomStream();
  const unemploymentRng = new RandomStream();
  const longevityRng = new RandomStream();
  // The paths whose job-loss and care series hold zeros for every year. A member with mortality
  // alone never changes them, so only a buffer's first path writes them (two fills per member and
  // path were a measurable share of generation). Nothing but this model writes into
  // the paths it fills (LifeModel.simulatePath).
  const quiet = new WeakSet<MemberLifePath>();

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
          shockBound[t] = k > 0 ? Math.exp(maxSensitivity * k) : 1;
          k += sigma * longevityRng.normal();
        }
      }
      for (let i = 0; i < members.length; i++) {
        const path = out[i];
        if (path.years !== years) throw new RangeError(`out[${i}] has ${path.years} years, the model ${years}`);
        const r = rates[i];
        const s = streams[i];
        mortalityRng.reset(seed, pathIndex, s.mortality);
        if (mortalityOnly && !longevity) {
          if (!quiet.has(path)) {
            path.unemployed.fill(0);
            path.careSetting.fill(0);
            quiet.add(path);
          }
          simulateMortalityOnly(r, mortalityRng, path);
        } else {
          const k = longevity ? kappa : null;
          simulateMember(r, seed, pathIndex, s, k, shockBound, mortalityRng, disabilityRng, careRng, unemploymentRng, path);
        }
      }
    },
  };
}

// Plain constants (not property loads) in the hot loop.
const HEALTHY = MemberState.HEALTHY;
const DISABLED = MemberState.DISABLED;
const LTC = MemberState.LTC;
const DEAD = MemberState.DEAD;
const NO_CARE = CareSetting.NONE;
const HOME = CareSetting.HOME;
const NURSING_HOME = CareSetting.NURSING_HOME;

/**
 * The fast path: one uniform per member-year against the precomputed death probability. Writes
 * the state and death year only: the path's job-loss and care series hold zeros already.
 */
function simulateMortalityOnly(r: MemberRates, rng: RandomStream, path: MemberLifePath): void {
  const q = r.qHealthy;
  const years = r.years;
  path.deathYear = -1;
  const state = path.state;
  for (let t = 0; t < years; t++) {
    state[t] = HEALTHY;
    if (rng.uniform() < q[t]) {
      path.deathYear = t;
      state.fill(DEAD, t + 1);
      return;
    }
  }
}

/**
 * One member's year-by-year life with every risk. The disability, care and job-loss streams are
 * positioned on their first use only, so a member who can never use one pays nothing for it.
 */
function simulateMember(
  r: MemberRates,
  seed: number,
  pathIndex: number,
  streams: MemberStreams,
  kappa: Float64Array | null,
  shockBound: Float64Array,
  mortalityRng: RandomStream,
  disabilityRng: RandomStream,
  careRng: RandomStream,
  unemploymentRng: RandomStream,
  path: MemberLifePath,
): void {
  const years = r.years;
  const F = r.maxDuration;
  const stateOut = path.state;
  const unemployedOut = path.unemployed;
  const careOut = path.careSetting;
  const qHealthy = r.qHealthy;
  const qDisabled = r.qDisabled;
  const qCare = r.qCare;
  const careIncidence = r.careIncidence;
  const careRecovery = r.careRecovery;
  const nursingHomeShare = r.nursingHomeShare;
  const disabilityActive = r.disabilityActive;
  const disabilityIncidence = r.disabilityIncidence;
  const disabilityRecovery = r.disabilityRecovery;
  const jobLoss = r.jobLoss;
  const stayUnemployed = 1 - r.reemployment;
  const sensitivity = r.longevitySensitivity;
  let disabilityReady = false;
  let careReady = false;
  let unemploymentReady = false;
  path.deathYear = -1;
  let state = HEALTHY as number;
  let duration = 0;
  let setting = NO_CARE as number;
  let unemployed = 0;
  for (let t = 0; t < years; t++) {
    // 1. Health states move.
    if (state === HEALTHY) {
      const lam = careIncidence[t];
      if (lam > 0) {
        if (!careReady) {
          careRng.reset(seed, pathIndex, streams.care);
          careReady = true;
        }
        if (careRng.uniform() < lam) {
          state = LTC;
          setting = careRng.uniform() < nursingHomeShare ? NURSING_HOME : HOME;
        }
      }
      if (state === HEALTHY && disabilityActive[t] === 1) {
        if (!disabilityReady) {
          disabilityRng.reset(seed, pathIndex, streams.disability);
          disabilityReady = true;
        }
        if (disabilityRng.uniform() < disabilityIncidence[t]) {
          state = DISABLED;
          duration = 0;
        }
      }
    } else if (state === DISABLED) {
      if (disabilityActive[t] === 0) state = HEALTHY;
      else {
        duration = duration < F ? duration + 1 : F;
        if (disabilityRng.uniform() < disabilityRecovery[t * F + duration - 1]) state = HEALTHY;
      }
    } else if (careRng.uniform() < careRecovery) {
      state = HEALTHY;
      setting = NO_CARE;
    }
    // 2. Employment moves, for healthy workers only (a disabled or cared-for member is not "unemployed").
    const loss = jobLoss[t];
    if (state === HEALTHY && loss >= 0) {
      if (!unemploymentReady) {
        unemploymentRng.reset(seed, pathIndex, streams.unemployment);
        unemploymentReady = true;
      }
      unemployed = unemploymentRng.uniform() < (unemployed === 1 ? stayUnemployed : loss) ? 1 : 0;
    } else unemployed = 0;
    stateOut[t] = state;
    unemployedOut[t] = unemployed;
    careOut[t] = setting;
    // 3. Death, at the rate of the state the member is in this year.
    const q = state === HEALTHY ? qHealthy[t] : state === DISABLED ? qDisabled[t] : qCare[t];
    const u = mortalityRng.uniform();
    let dies: boolean;
    if (kappa === null || q <= 0 || q >= 1) dies = u < q;
    else if (u >= q * shockBound[t]) {
      // The shocked probability 1 - (1 - q)^f is at most q max(1, f) <= q shockBound[t]: the
      // member survives whatever the exact value, and most member-years end here.
      dies = false;
    } else {
      // ln m_x <- ln m_x + b_x kappa_t on the force of mortality m = -ln(1 - q).
      dies = u < -Math.expm1(Math.log1p(-q) * Math.exp(sensitivity[t] * kappa[t]));
    }
    if (dies) {
      path.deathYear = t;
      stateOut.fill(DEAD, t + 1);
      unemployedOut.fill(0, t + 1);
      careOut.fill(NO_CARE, t + 1);
      return;
    }
  }
}
