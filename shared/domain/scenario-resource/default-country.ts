/**
 * A scenario written through the API that names no `assumptions.country` takes its household's:
 * UK for a household in pounds sterling, US otherwise (docs/API.md). The CLI, which has no
 * household, leaves it out and runs on the US set.
 */
import type { Country } from '../../engine/country.js';

export function countryOfCurrency(currency: string): Country {
  return currency === 'GBP' ? 'UK' : 'US';
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The document with `assumptions.country` set from the currency where it names none; anything else is left for validation to judge. */
export function withDefaultCountry(document: unknown, currency: string): unknown {
  if (!isObject(document)) return document;
  const assumptions = document.assumptions ?? {};
  if (!isObject(assumptions) || assumptions.country !== undefined) return document;
  return { ...document, assumptions: { ...assumptions, country: countryOfCurrency(currency) } };
}
