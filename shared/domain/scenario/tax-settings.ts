import * as z from 'zod/mini';
import { fraction } from './common.js';

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
  accounts: { type: string }[];
  strategy: { withdrawalOrder: string[] };
  members: { role: string }[];
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
}
