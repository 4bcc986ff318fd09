import { describe, expect, it } from 'vitest';
import { ECONOMIC_RANGES, HISTORY_FIRST_YEAR, HISTORY_LAST_YEAR } from '../../../shared/engine/economy/index.js';
import {
  ELIMINATION_DAYS,
  LIFE_RANGES,
  MORTALITY_IMPROVEMENTS,
  MORTALITY_LAWS,
  MORTALITY_TABLES,
  OCCUPATION_CLASSES,
} from '../../../shared/engine/life/index.js';
import { Draw } from './draw.js';
import { nonFinite, percentilesOutOfOrder } from './document-checks.js';
import { simulate } from '../../../shared/engine/index.js';
import { loadExample } from '../output/example-plans.js';

/**
 * Every economic and life field drawn over its whole accepted range (a quarter of the draws at
 * each end, where the extremes live, the rest uniform inside), with a random horizon of up to 150
 * years, on the three example households: the run must finish and every number of the output
 * document must be finite, and every block of percentiles in order.
 */
const TRIALS = 90;
const PATHS = 40;
const EXAMPLES = ['couple-near-retirement', 'single-retiree-care', 'young-family-mortgage'];

/** A random correlation matrix: the Gram matrix of four unit vectors in 1 to 4 dimensions (rank-deficient ones included). */
function correlation(d: Draw): number[][] {
  const dim = 1 + Math.floor(d.u() * 4);
  const vectors = Array.from({ length: 4 }, () => {
    const v = Array.from({ length: dim }, () => d.u() * 2 - 1);
    const norm = Math.hypot(...v) || 1;
    return v.map((x) => x / norm);
  });
  return vectors.map((a, i) =>
    vectors.map((b, j) =>
      i === j
        ? 1
        : Math.max(
            -1,
            Math.min(
              1,
              a.reduce((s, x, k) => s + x * b[k], 0),
            ),
          ),
    ),
  );
}

function economic(d: Draw): unknown {
  const R = ECONOMIC_RANGES;
  const ou = () => ({
    initial: d.in(R.rate),
    meanReversion: d.in(R.meanReversion),
    longRunMean: d.in(R.rate),
    volatility: d.in(R.factorVolatility),
  });
  const fromYear = d.whole([HISTORY_FIRST_YEAR, HISTORY_LAST_YEAR]);
  const toYear = d.whole([fromYear, HISTORY_LAST_YEAR]);
  return {
    model: d.oneOf(['STOCHASTIC', 'STOCHASTIC', 'HISTORICAL']),
    shortRate: ou(),
    inflation: ou(),
    equity: {
      model: d.oneOf(['GBM', 'RSLN2']),
      riskPremium: d.in(R.riskPremium),
      volatility: d.in(R.volatility),
      regime1Mean: d.in(R.regimeMean),
      regime1Volatility: d.in(R.regimeVolatility),
      regime2Mean: d.in(R.regimeMean),
      regime2Volatility: d.in(R.regimeVolatility),
      p12: d.in(R.probability),
      p21: d.in(R.probability),
    },
    bonds: { maturity: d.in(R.bondMaturity), termPremium: d.in(R.termPremium) },
    property: { realGrowth: d.in(R.realGrowth), volatility: d.in(R.volatility) },
    correlation: correlation(d),
    historical: { method: d.oneOf(['BOOTSTRAP', 'SEQUENTIAL']), fromYear, toYear, blockYears: d.whole([1, toYear - fromYear + 1]) },
  };
}

function life(d: Draw): unknown {
  const L = LIFE_RANGES;
  const bands: { fromAge: number; probability: number }[] = [];
  let age = d.in([0, 60]);
  for (let n = 1 + Math.floor(d.u() * 20); n > 0 && age <= L.jobLossFromAge[1]; n--) {
    bands.push({ fromAge: age, probability: d.in(L.probability) });
    age += 0.5 + d.u() * 10;
  }
  return {
    mortality: {
      law: d.oneOf(MORTALITY_LAWS),
      table: d.oneOf(MORTALITY_TABLES),
      improvement: d.oneOf(MORTALITY_IMPROVEMENTS),
      modalAge: d.in(L.modalAge),
      dispersion: d.in(L.dispersion),
    },
    health: {
      mortalityMultiplier: {
        EXCELLENT: d.in(L.healthMultiplier),
        GOOD: d.in(L.healthMultiplier),
        AVERAGE: d.in(L.healthMultiplier),
        POOR: d.in(L.healthMultiplier),
      },
      smokerMortalityMultiplier: d.in(L.smokerMultiplier),
    },
    longevityRisk: { enabled: d.bool(), volatility: d.in(L.longevityVolatility) },
    disability: {
      enabled: d.bool(),
      occupationClass: d.oneOf(OCCUPATION_CLASSES),
      eliminationDays: d.oneOf(ELIMINATION_DAYS),
      incidenceMultiplier: d.in(L.incidenceMultiplier),
      terminationDurationFactors: Array.from({ length: 1 + Math.floor(d.u() * 50) }, () => d.in(L.terminationFactor)),
      mortalityMultiplier: d.in(L.stateMortalityMultiplier),
    },
    longTermCare: {
      enabled: d.bool(),
      incidenceAt65: d.in(L.probability),
      incidenceGrowth: d.in(L.ltcIncidenceGrowth),
      minimumAge: d.in(L.ltcMinimumAge),
      maximumIncidence: d.in(L.probability),
      recoveryProbability: d.in(L.probability),
      mortalityMultiplier: d.in(L.stateMortalityMultiplier),
      homeCareAnnualCost: d.in(L.annualCost),
      nursingHomeAnnualCost: d.in(L.annualCost),
      nursingHomeShare: d.in(L.probability),
      careCostPremium: d.in(L.careCostPremium),
    },
    unemployment: {
      enabled: d.bool(),
      jobLossByAge: bands,
      reemploymentProbability: d.in(L.probability),
      benefitFraction: d.in(L.probability),
      benefitYears: d.in(L.benefitYears),
    },
  };
}

describe('every accepted economic and life input', () => {
  it(`gives finite outputs, percentiles in order, over ${TRIALS} random draws of the whole accepted ranges`, () => {
    const d = new Draw(20260415);
    let checked = 0;
    for (let trial = 0; trial < TRIALS; trial++) {
      const econ = economic(d);
      const lifeInput = life(d);
      const horizon = d.bool() ? { years: d.whole([1, 150]) } : { untilAge: d.whole([100, 130]) };
      let plan: ReturnType<typeof loadExample>;
      try {
        plan = loadExample(EXAMPLES[trial % EXAMPLES.length], (doc) => {
          doc.assumptions = { economic: econ, life: lifeInput };
          doc.simulation = { paths: PATHS, seed: trial, horizon };
        });
      } catch (err) {
        throw new Error(`trial ${trial}: the draw was refused, so the sampler left the accepted range: ${(err as Error).message}`);
      }
      let out: ReturnType<typeof simulate>;
      try {
        out = simulate(plan, { seed: trial, paths: PATHS, shards: 2 });
      } catch (err) {
        throw new Error(`trial ${trial} failed: ${(err as Error).message}\n${JSON.stringify({ econ, lifeInput, horizon })}`);
      }
      const bad = [...nonFinite(out), ...percentilesOutOfOrder(out)];
      if (bad.length > 0) throw new Error(`trial ${trial}: ${bad.slice(0, 5).join(', ')}\n${JSON.stringify({ econ, lifeInput, horizon })}`);
      checked++;
    }
    expect(checked).toBe(TRIALS);
  }, 60_000);
});
