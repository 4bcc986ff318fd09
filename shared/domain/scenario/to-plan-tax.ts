import type { AccountType, PlanTax } from '../../engine/household/plan.js';
import type { ScenarioDocument } from './scenario-document.js';

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
