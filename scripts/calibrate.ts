/**
 * Calibrates the economic defaults from the shipped Shiller data (data/markets/shiller.csv).
 *
 *   npm run calibrate
 *
 * Writes two files the engine imports (the engine itself does no file I/O):
 *   shared/engine/economy/historical-returns.json  annual January-to-January returns for HISTORICAL
 *   shared/engine/economy/calibrated-defaults.json the fitted STOCHASTIC defaults
 * and prints a table of the fitted figures. docs/ECONOMY.md explains every step.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { wantsHelp } from './cli-support.js';
import { dirname, join } from 'node:path';
import { resolveEconomicAssumptions } from '../shared/engine/economy/index.js';
import { fitBondFund } from './calibrate-bonds.js';
import { calibrateUk, UK_STATISTICS_FILE } from './calibrate-uk.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const economyDir = join(root, 'shared', 'engine', 'economy');

/** Calibration window for the STOCHASTIC defaults: the post-war monetary regime. */
const FIT_FROM = 1950;
const FIT_TO = 2022;
/**
 * The data hold a 10-year Treasury yield but no bill rate. The short-rate proxy is the January
 * 10-year yield less this term spread (an assumption: the post-war average gap between the
 * 10-year Treasury yield and the 3-month bill rate is of this order).
 */
const TERM_SPREAD = 0.015;

interface MonthRow {
  year: number;
  month: number;
  cpi: number;
  longRatePct: number;
  realTotalReturnPrice: number;
  bondGross: number | undefined;
}

function readMonths(): MonthRow[] {
  const text = readFileSync(join(root, 'data', 'markets', 'shiller.csv'), 'utf8').trim();
  const [header, ...lines] = text.split(/\r?\n/);
  const cols = header.split(',');
  const at = (name: string) => {
    const i = cols.indexOf(name);
    if (i < 0) throw new Error(`shiller.csv: missing column ${name}`);
    return i;
  };
  const iDate = at('date');
  const iCpi = at('cpi');
  const iRate = at('gs10_long_rate_pct');
  const iTr = at('real_total_return_price');
  const iBond = at('monthly_total_bond_return_gross');
  return lines.map((line) => {
    const f = line.split(',');
    const [y, m] = f[iDate].split('-').map(Number);
    return {
      year: y,
      month: m,
      cpi: Number(f[iCpi]),
      longRatePct: Number(f[iRate]),
      realTotalReturnPrice: Number(f[iTr]),
      bondGross: f[iBond] === '' ? undefined : Number(f[iBond]),
    };
  });
}

export interface AnnualHistory {
  source: string;
  firstYear: number;
  lastYear: number;
  /** Per year y (index y - firstYear), January y to January y + 1, simple nominal returns. */
  equity: number[];
  bonds: number[];
  inflation: number[];
  /** The 10-year Treasury yield in January of year y (decimal); one more entry, for lastYear + 1. */
  longRate: number[];
}

function annualise(months: MonthRow[]): AnnualHistory {
  const byKey = new Map(months.map((r) => [r.year * 100 + r.month, r]));
  const years: number[] = [];
  const equity: number[] = [];
  const bonds: number[] = [];
  const inflation: number[] = [];
  const longRate: number[] = [];
  for (let y = months[0].year; ; y++) {
    const jan = byKey.get(y * 100 + 1);
    const nextJan = byKey.get((y + 1) * 100 + 1);
    if (!jan || !nextJan) {
      if (jan) longRate.push(round(jan.longRatePct / 100));
      break;
    }
    // Row m's bond gross return runs from month m to month m + 1, so Jan..Dec make the year.
    let bondGross = 1;
    for (let m = 1; m <= 12; m++) {
      const g = byKey.get(y * 100 + m)?.bondGross;
      if (g === undefined) throw new Error(`shiller.csv: bond return missing for ${y}-${m}`);
      bondGross *= g;
    }
    const cpiRatio = nextJan.cpi / jan.cpi;
    years.push(y);
    // Real total-return index (dividends reinvested) times the CPI ratio = nominal total return.
    equity.push(round((nextJan.realTotalReturnPrice / jan.realTotalReturnPrice) * cpiRatio - 1));
    bonds.push(round(bondGross - 1));
    inflation.push(round(cpiRatio - 1));
    longRate.push(round(jan.longRatePct / 100));
  }
  return {
    source: 'data/markets/shiller.csv (Robert Shiller, monthly US market data), January to January',
    firstYear: years[0],
    lastYear: years[years.length - 1],
    equity,
    bonds,
    inflation,
    longRate,
  };
}

function round(x: number, digits = 12): number {
  return Number(x.toPrecision(digits));
}

const mean = (x: number[]) => x.reduce((s, v) => s + v, 0) / x.length;
function sd(x: number[]): number {
  const m = mean(x);
  return Math.sqrt(x.reduce((s, v) => s + (v - m) ** 2, 0) / (x.length - 1));
}
function corr(x: number[], y: number[]): number {
  const mx = mean(x);
  const my = mean(y);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let k = 0; k < x.length; k++) {
    sxy += (x[k] - mx) * (y[k] - my);
    sxx += (x[k] - mx) ** 2;
    syy += (y[k] - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

/**
 * Ornstein-Uhlenbeck parameters from the AR(1) regression x_{k+1} = c + phi x_k + e on an annual
 * series: the exact discretisation has phi = exp(-a), c = theta (1 - phi) and
 * Var(e) = sigma^2 (1 - phi^2) / (2a).
 */
function fitOu(x: number[]): { meanReversion: number; longRunMean: number; volatility: number; residuals: number[] } {
  const xs = x.slice(0, -1);
  const ys = x.slice(1);
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  for (let k = 0; k < xs.length; k++) {
    sxy += (xs[k] - mx) * (ys[k] - my);
    sxx += (xs[k] - mx) ** 2;
  }
  const phi = sxy / sxx;
  if (!(phi > 0 && phi < 1)) throw new Error(`AR(1) coefficient ${phi} is outside (0, 1): no OU fit`);
  const c = my - phi * mx;
  const residuals = ys.map((v, k) => v - c - phi * xs[k]);
  const se = Math.sqrt(residuals.reduce((s, e) => s + e * e, 0) / (residuals.length - 2));
  const a = -Math.log(phi);
  return {
    meanReversion: a,
    longRunMean: c / (1 - phi),
    volatility: se * Math.sqrt((2 * a) / (1 - phi * phi)),
    residuals,
  };
}

function calibrate(h: AnnualHistory) {
  const idx = (y: number) => y - h.firstYear;
  // Series over FIT_FROM..FIT_TO, plus one year either side where the regressions need it.
  const yearsFit: number[] = [];
  for (let y = FIT_FROM; y <= FIT_TO; y++) yearsFit.push(y);
  const infl = [h.inflation[idx(FIT_FROM - 1)], ...yearsFit.map((y) => h.inflation[idx(y)])];
  const rate = [...yearsFit.map((y) => h.longRate[idx(y)] - TERM_SPREAD), h.longRate[idx(FIT_TO + 1)] - TERM_SPREAD];
  const inflationFit = fitOu(infl); // residual k: inflation innovation of year FIT_FROM + k
  const rateFit = fitOu(rate); // residual k: rate innovation over year FIT_FROM + k
  // Equity log excess return over the short-rate proxy (a continuously compounded rate).
  const excess = yearsFit.map((y) => Math.log(1 + h.equity[idx(y)]) - (h.longRate[idx(y)] - TERM_SPREAD));
  const equityVol = sd(excess);
  const equityPremium = mean(excess) + (equityVol * equityVol) / 2;

  // Property has no series in the data: stated assumptions (docs/ECONOMY.md).
  const propertyRealGrowth = 0.01;
  const propertyVolatility = 0.08;
  const propertyEquityCorrelation = 0.2;

  const rRes = rateFit.residuals;
  const iRes = inflationFit.residuals;
  const c = (a: number[], b: number[]) => round(corr(a, b), 4);
  const correlation = [
    [1, c(rRes, iRes), c(rRes, excess), 0],
    [c(rRes, iRes), 1, c(iRes, excess), 0],
    [c(rRes, excess), c(iRes, excess), 1, propertyEquityCorrelation],
    [0, 0, propertyEquityCorrelation, 1],
  ];
  const r4 = (x: number) => round(x, 4);
  const shortRate = {
    initial: r4(rateFit.longRunMean),
    meanReversion: r4(rateFit.meanReversion),
    longRunMean: r4(rateFit.longRunMean),
    volatility: r4(rateFit.volatility),
  };
  const inflation = {
    initial: r4(inflationFit.longRunMean),
    meanReversion: r4(inflationFit.meanReversion),
    longRunMean: r4(inflationFit.longRunMean),
    volatility: r4(inflationFit.volatility),
  };
  // The bond fund: its maturity and term premium reproduce the history's annual bond returns
  // (volatility and mean) under the fitted rate model (calibrate-bonds.ts).
  const bondHistory = yearsFit.map((y) => h.bonds[idx(y)]);
  const bondTarget = { mean: mean(bondHistory), sd: sd(bondHistory) };
  const bondRealMean = mean(yearsFit.map((y) => (1 + h.bonds[idx(y)]) / (1 + h.inflation[idx(y)]) - 1));
  const bonds = fitBondFund(resolveEconomicAssumptions({ shortRate, inflation, correlation }), bondTarget);
  return {
    calibration: {
      source: 'data/markets/shiller.csv',
      window: [FIT_FROM, FIT_TO],
      termSpread: TERM_SPREAD,
      method: 'npm run calibrate (scripts/calibrate.ts); see docs/ECONOMY.md',
      bondReturns: { mean: r4(bondTarget.mean), sd: r4(bondTarget.sd), realMean: r4(bondRealMean) },
    },
    shortRate,
    inflation,
    bonds,
    equity: { riskPremium: r4(equityPremium), volatility: r4(equityVol) },
    property: { realGrowth: propertyRealGrowth, volatility: propertyVolatility },
    correlation,
    historical: { fromYear: h.firstYear, toYear: h.lastYear, termSpread: TERM_SPREAD },
  };
}

/** The UK set: from the published statistics, written beside the US defaults. */
function mainUk() {
  const fitted = calibrateUk(root);
  writeFileSync(join(economyDir, 'calibrated-defaults-uk.json'), `${JSON.stringify(fitted, null, 2)}\n`);
  report(
    [
      ['statistics', `${UK_STATISTICS_FILE}, ${fitted.calibration.period}`],
      ['short rate: long-run mean', fitted.shortRate.longRunMean],
      ['inflation: long-run mean', fitted.inflation.longRunMean],
      ['equity: risk premium', fitted.equity.riskPremium],
      ['equity: volatility', fitted.equity.volatility],
      ['bonds: maturity (years)', fitted.bonds.maturity],
      ['bonds: term premium', fitted.bonds.termPremium],
      ['from the US fit', fitted.calibration.fromUsFit.join(', ')],
    ],
    'shared/engine/economy/calibrated-defaults-uk.json',
  );
}

/** Prints the fitted figures, one per line, and what was written. */
function report(rows: [string, number | string][], wrote: string): void {
  for (const [label, value] of rows) console.log(label.padEnd(36), String(value));
  console.log(`wrote ${wrote}`);
}

function main() {
  if (wantsHelp()) {
    process.stdout.write(
      'usage: npm run calibrate [-- --country US|UK]: refits the economic defaults of a country (US by default) and ' +
        'rewrites them: US from data/markets/shiller.csv into shared/engine/economy/calibrated-defaults.json and ' +
        'historical-returns.json; UK from data/markets/uk-long-run-statistics.csv into calibrated-defaults-uk.json ' +
        '(docs/ECONOMY.md)\n',
    );
    return;
  }
  const at = process.argv.indexOf('--country');
  const country = at < 0 ? 'US' : process.argv[at + 1];
  if (country === 'UK') return mainUk();
  if (country !== 'US') throw new Error(`--country: must be US or UK, not ${country}`);
  const history = annualise(readMonths());
  writeFileSync(join(economyDir, 'historical-returns.json'), `${JSON.stringify(history)}\n`);
  const fitted = calibrate(history);
  writeFileSync(join(economyDir, 'calibrated-defaults.json'), `${JSON.stringify(fitted, null, 2)}\n`);

  const rows: [string, number | string][] = [
    ['history years', `${history.firstYear}-${history.lastYear}`],
    ['fit window', `${FIT_FROM}-${FIT_TO}`],
    ['short rate: long-run mean', fitted.shortRate.longRunMean],
    ['short rate: mean reversion', fitted.shortRate.meanReversion],
    ['short rate: volatility', fitted.shortRate.volatility],
    ['inflation: long-run mean', fitted.inflation.longRunMean],
    ['inflation: mean reversion', fitted.inflation.meanReversion],
    ['inflation: volatility', fitted.inflation.volatility],
    ['equity: risk premium', fitted.equity.riskPremium],
    ['equity: volatility', fitted.equity.volatility],
    [
      'bonds: history mean, sd, real mean',
      `${fitted.calibration.bondReturns.mean} ${fitted.calibration.bondReturns.sd} ${fitted.calibration.bondReturns.realMean}`,
    ],
    ['bonds: maturity (years)', fitted.bonds.maturity],
    ['bonds: term premium', fitted.bonds.termPremium],
    ['corr(rate, inflation)', fitted.correlation[0][1]],
    ['corr(rate, equity)', fitted.correlation[0][2]],
    ['corr(inflation, equity)', fitted.correlation[1][2]],
    ['property (assumed): real growth', fitted.property.realGrowth],
    ['property (assumed): volatility', fitted.property.volatility],
    ['corr(equity, property) (assumed)', fitted.correlation[2][3]],
  ];
  report(rows, 'shared/engine/economy/historical-returns.json and calibrated-defaults.json');
}

main();
