import type { AccountType, PlanTax } from '../../engine/household/plan.js';
import type { ScenarioDocument } from './scenario-document.js';

type Account = Pick<ScenarioDocument['accounts'][number], 'type' | 'accessAge' | 'ownerId'>;

/** Whole-year ages from which retirement accounts may be drawn when the scenario gives none (docs/TAX.md). */
const FLAT_ACCESS_AGE = 60;
/** US: the 10% additional tax stops at 59 1/2, taken as the year the owner turns 60. */
const US_ACCESS_AGE = 60;

/**
 * A retirement account's access age: the scenario's, or by default 60; a UK PENSION's default is the
 * normal minimum pension age the owner reaches it under, 55 for those who turn 55 before 6 April
 * 2028 and 57 for the rest (Finance Act 2022 s.10; births from 1973 are taken to reach 55 after it).
 */
export function accessAge(a: Account, doc: { members: readonly { id: string; birthYear: number }[] }): number {
  if (!['RETIREMENT', 'PENSION', 'TRADITIONAL', 'ROTH'].includes(a.type)) return 0;
  if (a.accessAge !== undefined) return a.accessAge;
  if (a.type === 'PENSION') {
    const owner = doc.members.find((m) => m.id === a.ownerId);
    return owner !== undefined && owner.birthYear + 55 < 2028 ? 55 : 57;
  }
  return a.type === 'TRADITIONAL' || a.type === 'ROTH' ? US_ACCESS_AGE : FLAT_ACCESS_AGE;
}

/** The plan's real tax rules, when the scenario names a system other than FLAT. */
export function planTax(doc: ScenarioDocument): { tax?: PlanTax } {
  if (doc.taxSystem === undefined || doc.taxSystem === 'FLAT') return {};
  const adults = doc.members.filter((m) => m.role !== 'DEPENDANT').length;
  return {
    tax: {
      system: doc.taxSystem,
      ...(doc.taxRegion !== undefined ? { region: doc.taxRegion } : {}),
      filingStatus: doc.filingStatus ?? (adults === 2 ? 'MARRIED_JOINT' : 'SINGLE'),
      stateIncomeTaxRate: doc.stateIncomeTaxRate ?? 0,
      pensionTaxFreeCash: doc.pensionTaxFreeCash ?? 'WITH_EACH_WITHDRAWAL',
    },
  };
}

/**
 * The order deficits are drawn in. Under FLAT, the scenario's. Under UK or US rules, each generic
 * type named brings its system's wrappers of the same kind right after it (TAXABLE the GIA,
 * RETIREMENT the PENSION or TRADITIONAL), and the tax-free wrappers not named come last: by default
 * taxable, then tax-deferred, then tax-free.
 */
export function withdrawalOrder(doc: ScenarioDocument): AccountType[] {
  const named = doc.strategy.withdrawalOrder as AccountType[];
  if (doc.taxSystem === undefined || doc.taxSystem === 'FLAT') return [...named];
  const uk = doc.taxSystem === 'UK';
  const order: AccountType[] = [];
  const add = (t: AccountType) => {
    if (!order.includes(t)) order.push(t);
  };
  for (const t of named) {
    add(t);
    if (t === 'TAXABLE' && uk) add('GIA');
    if (t === 'RETIREMENT') add(uk ? 'PENSION' : 'TRADITIONAL');
  }
  add(uk ? 'ISA' : 'ROTH');
  return order;
}
