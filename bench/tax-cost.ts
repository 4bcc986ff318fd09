/**
 * What real tax rules cost the household engine: the young family simulated under FLAT (its own
 * flat rates), UK and US rules, in one process, alternating rounds, CPU time. Target: each real
 * system at most 1.3 x FLAT.
 */
import { simulate } from '../shared/engine/index.js';
import type { HouseholdPlan, PlanTax } from '../shared/engine/household/plan.js';
import { youngFamily } from './young-family.js';

const PATHS = 10_000;

function under(plan: HouseholdPlan, system: 'UK' | 'US'): HouseholdPlan {
  const tax: PlanTax = { system, filingStatus: 'MARRIED_JOINT', stateIncomeTaxRate: 0.04, pensionTaxFreeCash: 'WITH_EACH_WITHDRAWAL' };
  return { ...plan, tax };
}

function cpu(f: () => unknown): number {
  const start = process.cpuUsage();
  f();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Medians of `rounds` alternating rounds of each system; returns the CPU seconds of each and prints the ratios. */
export function taxCost(rounds = 5, line: (label: string, ...parts: string[]) => void = console.log): Record<string, number> {
  const flat = youngFamily();
  const plans: Record<string, HouseholdPlan> = { FLAT: flat, UK: under(flat, 'UK'), US: under(flat, 'US') };
  for (const p of Object.values(plans)) simulate(p, { seed: 1, paths: 1_000 });
  const times: Record<string, number[]> = { FLAT: [], UK: [], US: [] };
  for (let r = 0; r < rounds; r++)
    for (const [k, p] of Object.entries(plans)) times[k]!.push(cpu(() => simulate(p, { seed: 2024, paths: PATHS })));
  const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
  line(
    `  (c) young family under real tax rules, ${PATHS.toLocaleString('en-US')} paths, medians of ${rounds} alternating rounds (CPU time)`,
  );
  for (const k of ['UK', 'US'])
    line(`  ${k} rules`.padEnd(48), `${m[k]!.toFixed(3)} CPU-s`, `${(m[k]! / m.FLAT!).toFixed(2)} x FLAT (target <= 1.3)`);
  line('  FLAT'.padEnd(48), `${m.FLAT!.toFixed(3)} CPU-s`);
  return m;
}

if (process.argv[1]?.endsWith('tax-cost.ts')) taxCost();
