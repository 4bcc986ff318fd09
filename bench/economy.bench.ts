/**
 * Economy generation throughput on one core: path-years per second generating into one reused
 * EconomyPath, 10,000 paths x 60 years (per CPU second of this process, and per wall second).
 * Target: 5 million path-years/s for the full correlated four-factor GBM economy; RSLN2 and
 * HISTORICAL for information.
 */
import {
  allocateEconomyPath,
  createEconomyGenerator,
  resolveEconomicAssumptions,
  type EconomicAssumptionsInput,
} from '../shared/engine/economy/index.js';

const PATHS = 10_000;
const YEARS = 60;

function measure(label: string, overrides: EconomicAssumptionsInput, target = ''): void {
  const generator = createEconomyGenerator(resolveEconomicAssumptions(overrides), 20240601, YEARS);
  const path = allocateEconomyPath(YEARS);
  let checksum = 0;
  for (let k = 0; k < 2_000; k++) generator.generate(k, path); // warm up
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  for (let k = 0; k < PATHS; k++) {
    generator.generate(k, path);
    checksum += path.cpi[YEARS];
  }
  const cpu = process.cpuUsage(cpu0);
  const wallSeconds = (performance.now() - t0) / 1000;
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  if (!Number.isFinite(checksum)) throw new Error('non-finite economy');
  const pathYears = PATHS * YEARS;
  // CPU time is the one-core figure even when other processes share the machine; wall time is shown too.
  const rate = pathYears / cpuSeconds / 1e6;
  const wallRate = pathYears / wallSeconds / 1e6;
  console.log(
    `  ${label}`.padEnd(48),
    `${rate.toFixed(2)} M path-years/CPU-s`.padEnd(26),
    `(${wallRate.toFixed(2)} M/s wall)`.padEnd(20),
    target,
  );
}

export async function run(): Promise<void> {
  console.log(`  (${PATHS} paths x ${YEARS} years, one core, reused EconomyPath)`);
  measure('STOCHASTIC GBM, four correlated factors', {}, 'target: >= 5 M path-years/s');
  measure('STOCHASTIC RSLN2 (monthly regimes)', { equity: { model: 'RSLN2' } });
  measure('HISTORICAL BOOTSTRAP', { model: 'HISTORICAL' });
  measure('HISTORICAL SEQUENTIAL', { model: 'HISTORICAL', historical: { method: 'SEQUENTIAL' } });
  measure('equity only (rates, inflation, property fixed)', {
    shortRate: { initial: 0, longRunMean: 0, volatility: 0 },
    inflation: { initial: 0, longRunMean: 0, volatility: 0 },
    property: { volatility: 0 },
    correlation: [
      [1, 0, 0, 0],
      [0, 1, 0, 0],
      [0, 0, 1, 0],
      [0, 0, 0, 1],
    ],
  });
}
