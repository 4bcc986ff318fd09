/**
 * The value an assumption takes when the scenario leaves it out: the default of the scenario's
 * assumption set (`assumptions.country`, else the household's currency's, as the API fills it in),
 * read from the engine's own tables so the form shows what a run will use.
 */
import { countryOfCurrency } from '../../../shared/domain/scenario-resource/default-country.ts';
import { economicDefaults } from '../../../shared/engine/economy/assumptions.ts';
import { lifeDefaults } from '../../../shared/engine/life/assumptions.ts';
import { getAt } from '../components/fields.tsx';
import type { Doc } from './doc.ts';
import { DEFAULT_UNTIL_AGE } from './horizon.ts';

/** A reader of the defaults at a field's path (`assumptions.life.disability.incidenceMultiplier`), and the horizon's. */
export function assumptionDefaults(doc: Doc, currency: string): (path: string) => unknown {
  const country =
    doc.assumptions?.country === 'UK' || doc.assumptions?.country === 'US' ? doc.assumptions.country : countryOfCurrency(currency);
  const defaults = {
    assumptions: { country, economic: economicDefaults(country), life: lifeDefaults(country) },
    simulation: { horizon: { untilAge: DEFAULT_UNTIL_AGE } },
  };
  return (path) => (path.startsWith('assumptions.') || path.startsWith('simulation.horizon.') ? getAt(defaults, path) : undefined);
}
