import { UK_IHT } from './data/uk-inheritance-tax.js';

export interface UkEstate {
  /** The estate's net value at death (assets less debts), pensions included. */
  estate: number;
  /** Unused pension funds in it (outside the estate for deaths before 6 April 2027). */
  pensions: number;
  /** Net value of the home in it (less the debt secured on it), passed to direct descendants. */
  residence: number;
  /** Date of death (ISO). */
  date: string;
  /** Nil-rate bands available: 2 when a late spouse's or civil partner's unused bands transfer, else 1. */
  bands: number;
  /** How far the bands have risen since their freeze ended (1 while frozen). */
  index: number;
}

/** The net estate chargeable: unused pensions count from 6 April 2027. */
export function chargeableEstate(e: Pick<UkEstate, 'estate' | 'pensions' | 'date'>): number {
  return e.date >= UK_IHT.pensionsInEstateFrom.value ? e.estate : e.estate - e.pensions;
}

/**
 * The residence nil-rate band available: each band's GBP 175,000, less GBP 1 for every GBP 2 of
 * estate above GBP 2m, at most the home's net value.
 */
export function residenceNilRateBand(e: UkEstate): number {
  const full = e.bands * UK_IHT.residenceNilRateBand.value * e.index;
  const taper = Math.max(0, chargeableEstate(e) - UK_IHT.taperThreshold.value * e.index) / 2;
  return Math.max(0, Math.min(full - taper, e.residence));
}

/** Inheritance tax on a death: 40% of the chargeable estate above the nil-rate and residence nil-rate bands. */
export function ukInheritanceTax(e: UkEstate): number {
  const taxable = chargeableEstate(e) - e.bands * UK_IHT.nilRateBand.value * e.index - residenceNilRateBand(e);
  return taxable > 0 ? UK_IHT.rate.value * taxable : 0;
}
