/** The young-family example (examples/young-family-mortgage.json, every risk on) as a plan, for the household benchmark. */
import { readFileSync } from 'node:fs';
import type { HouseholdPlan } from '../shared/engine/index.js';
import { toHouseholdPlan, validateScenario } from '../shared/domain/scenario/index.js';

export function youngFamily(): HouseholdPlan {
  const doc = JSON.parse(readFileSync(new URL('../examples/young-family-mortgage.json', import.meta.url), 'utf8'));
  const r = validateScenario(doc);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return toHouseholdPlan(r.value);
}
