/**
 * Which estate tax applies follows the scenario's tax system: UK inheritance tax, the US federal
 * estate tax, or none (FLAT, or no system named).
 */
export type EstateTaxSystem = 'UK' | 'US';

export function estateTaxSystem(taxSystem: string | undefined): EstateTaxSystem | undefined {
  return taxSystem === 'UK' || taxSystem === 'US' ? taxSystem : undefined;
}
