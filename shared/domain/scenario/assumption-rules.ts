import { resolveEconomicAssumptions, validateEconomicAssumptions } from '../../engine/economy/index.js';
import { resolveLifeAssumptions, validateLifeAssumptions } from '../../engine/life/index.js';
import type { Country } from '../../engine/country.js';

type Fail = (path: (string | number)[], message: string) => void;

/** Turns the engine's dotted field names (`assumptions.economic.correlation[1][2]`) back into path segments. */
function toPath(field: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const part of field.split('.')) {
    const m = /^([^[]*)((?:\[\d+\])*)$/.exec(part);
    if (!m) {
      out.push(part);
      continue;
    }
    if (m[1]) out.push(m[1]);
    for (const idx of m[2].matchAll(/\[(\d+)\]/g)) out.push(Number(idx[1]));
  }
  return out;
}

/** The semantic checks of the economic and life assumptions (defaults plus overrides), done by the engine that uses them. */
export function checkAssumptionRules(assumptions: { country?: Country; economic?: unknown; life?: unknown }, fail: Fail): void {
  try {
    const economic = resolveEconomicAssumptions(assumptions.economic as never, assumptions.country);
    for (const e of validateEconomicAssumptions(economic, 'assumptions.economic')) fail(toPath(e.field), e.message);
  } catch (err) {
    fail(['assumptions', 'economic'], err instanceof Error ? err.message : 'is not a valid set of economic assumptions');
  }
  try {
    const life = resolveLifeAssumptions(assumptions.life as never, assumptions.country);
    for (const e of validateLifeAssumptions(life, 'assumptions.life')) fail(toPath(e.field), e.message);
  } catch (err) {
    fail(['assumptions', 'life'], err instanceof Error ? err.message : 'is not a valid set of life assumptions');
  }
}
