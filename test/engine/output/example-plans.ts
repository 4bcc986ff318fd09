import { readFileSync } from 'node:fs';
import { toHouseholdPlan, validateScenario } from '../../../shared/domain/scenario/index.js';
import type { HouseholdPlan } from '../../../shared/engine/index.js';

export function loadExample(name: string, patch: (doc: any) => void = () => {}): HouseholdPlan {
  const doc = JSON.parse(readFileSync(new URL(`../../../examples/${name}.json`, import.meta.url), 'utf8'));
  patch(doc);
  const r = validateScenario(doc);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return toHouseholdPlan(r.value);
}
