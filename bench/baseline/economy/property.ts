import type { ResolvedEconomicAssumptions } from './assumptions.js';

/**
 * The non-random part of property's annual log return beyond inflation: `realGrowth - σ²/2`, so
 * that `i + realGrowth - σ²/2 + σ·ε` (docs/MODEL.md) has expected real growth factor e^realGrowth.
 * Both the stochastic and the historical economy price property this way.
 */
export function propertyLogDrift(property: ResolvedEconomicAssumptions['property']): number {
  return property.realGrowth - (property.volatility * property.volatility) / 2;
}
