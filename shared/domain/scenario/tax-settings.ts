import * as z from 'zod/mini';
import { fraction } from './common.js';
import { MAX_AGE, TAX_BANDS_BY_SYSTEM } from '../../engine/household/plan.js';
import { accessAge } from './access-age.js';

/**
 * The scenario's tax rules (docs/TAX.md): `UK` or `US` rules, or `FLAT` (the effective rates of
 * `taxes`). Absent means FLAT in the document; the API fills it in from the household's currency
 * when a scenario is created without one (`defaultTaxSystem`).
 */
export const taxSettingsShape = {
  taxSystem: z.optional(z.enum(['UK', 'US', 'FLAT'])),
  /** UK only: Scottish income tax on non-savings income; the rest of the UK when absent. */
  taxRegion: z.optional(z.enum(['SCOTLAND'])),
  /** US only: default SINGLE for one adult, MARRIED_JOINT for a couple. */
  filingStatus: z.optional(z.enum(['SINGLE', 'MARRIED_JOINT'])),
  /** US only: a flat state income tax rate on AGI less taxable Social Security. */
  stateIncomeTaxRate: z.optional(fraction),
  /** UK only: a pension's tax-free quarter with each withdrawal (default) or as one lump sum at the access age. */
  pensionTaxFreeCash: z.optional(z.enum(['WITH_EACH_WITHDRAWAL', 'LUMP_SUM'])),
};

/** The account types each system knows: CASH, TAXABLE and RETIREMENT everywhere, the wrappers in their own country. */
export const ACCOUNT_TYPES_BY_SYSTEM: Record<'UK' | 'US' | 'FLAT', readonly string[]> = {
  FLAT: ['CASH', 'TAXABLE', 'RETIREMENT'],
  UK: ['CASH', 'TAXABLE', 'RETIREMENT', 'ISA', 'PENSION', 'GIA'],
  US: ['CASH', 'TAXABLE', 'RETIREMENT', 'TRADITIONAL', 'ROTH'],
};

/** The tax system a scenario created through the API takes when it names none (docs/TAX.md, "Defaults"). */
export function defaultTaxSystem(document: Record<string, unknown>, currency: string): 'UK' | 'US' | 'FLAT' {
  if ('taxes' in document) return 'FLAT';
  return currency === 'GBP' ? 'UK' : currency === 'USD' ? 'US' : 'FLAT';
}

interface TaxFields {
  taxSystem?: 'UK' | 'US' | 'FLAT';
  taxRegion?: string;
  filingStatus?: string;
  stateIncomeTaxRate?: number;
  pensionTaxFreeCash?: string;
  accounts: { type: string; ownerId?: string; accessAge?: number; taxFreeCashAge?: number }[];
  strategy: { withdrawalOrder: string[]; taxDeferredFirstUpTo?: string };
  members: { id: string; role: string; birthYear: number }[];
}

/** The cross-field rules of the tax settings: fields of another system, wrappers the system does not have, a joint return of two. */
export function checkTaxSettings(doc: TaxFields, fail: (path: (string | number)[], message: string) => void): void {
  const system = doc.taxSystem ?? 'FLAT';
  if (system !== 'UK' && doc.taxRegion !== undefined) fail(['taxRegion'], 'applies to taxSystem UK only');
  if (system !== 'UK' && doc.pensionTaxFreeCash !== undefined) fail(['pensionTaxFreeCash'], 'applies to taxSystem UK only');
  if (system !== 'US' && doc.filingStatus !== undefined) fail(['filingStatus'], 'applies to taxSystem US only');
  if (system !== 'US' && doc.stateIncomeTaxRate !== undefined) fail(['stateIncomeTaxRate'], 'applies to taxSystem US only');
  const adults = doc.members.filter((m) => m.role !== 'DEPENDANT').length;
  if (doc.filingStatus === 'MARRIED_JOINT' && adults !== 2) fail(['filingStatus'], 'MARRIED_JOINT needs exactly 2 adult members');
  const known = ACCOUNT_TYPES_BY_SYSTEM[system];
  doc.accounts.forEach((a, i) => {
    if (!known.includes(a.type)) fail(['accounts', i, 'type'], `${a.type} accounts do not exist under taxSystem ${system}`);
  });
  doc.strategy.withdrawalOrder.forEach((t, i) => {
    if (!known.includes(t)) fail(['strategy', 'withdrawalOrder', i], `${t} accounts do not exist under taxSystem ${system}`);
  });
  checkWithdrawalTaxOptions(doc, system, fail);
}

/** The band a withdrawal fills first belongs to the scenario's system; a lump sum age is a UK pension's, from its access age. */
function checkWithdrawalTaxOptions(
  doc: TaxFields,
  system: 'UK' | 'US' | 'FLAT',
  fail: (path: (string | number)[], message: string) => void,
) {
  const band = doc.strategy.taxDeferredFirstUpTo;
  if (band !== undefined) {
    if (system === 'FLAT') fail(['strategy', 'taxDeferredFirstUpTo'], 'applies to taxSystem UK or US only');
    else if (!(TAX_BANDS_BY_SYSTEM[system] as readonly string[]).includes(band))
      fail(
        ['strategy', 'taxDeferredFirstUpTo'],
        `${band} is not a band of taxSystem ${system}: one of ${TAX_BANDS_BY_SYSTEM[system].join(', ')}`,
      );
  }
  doc.accounts.forEach((a, i) => {
    if (a.taxFreeCashAge === undefined) return;
    const path = ['accounts', i, 'taxFreeCashAge'];
    if (system !== 'UK' || (a.type !== 'PENSION' && a.type !== 'RETIREMENT'))
      fail(path, 'applies to UK pensions only (PENSION, or RETIREMENT under taxSystem UK)');
    else {
      const from = accessAge(a, doc);
      if (a.taxFreeCashAge < from) fail(path, `must be at least the account's access age (${from}), or ${MAX_AGE} for never`);
    }
  });
}
