/**
 * The country whose assumption set a scenario takes its defaults from: its mortality tables and
 * their improvement, and its economy (docs/LIFE.md, docs/ECONOMY.md). Every parameter can still be
 * overridden; the country only chooses what the overrides are laid over.
 */
export const COUNTRIES = ['US', 'UK'] as const;
export type Country = (typeof COUNTRIES)[number];

/** The assumption set of a scenario that names no country (the CLI, and scenarios written before countries). */
export const DEFAULT_COUNTRY: Country = 'US';
