import { checkTaxSettings } from './tax-settings.js';
import type * as z from 'zod/mini';
import type { scenarioObjectSchema } from './scenario-object.js';
import { checkAssumptionRules } from './assumption-rules.js';
import { checkPublicPensionRules } from './public-pension-rules.js';
import { MAX_AGE, youngestAdultAge } from '../../engine/household/plan.js';

type Doc = z.output<typeof scenarioObjectSchema>;
type Path = (string | number)[];

const ALLOCATION_TOLERANCE = 1e-9;

/**
 * Rules that span fields: unique ids, references between items, allocations summing to 1,
 * timings inside the horizon, a horizon that makes sense, and the semantic checks of the
 * economic and life assumptions. Each failure is one issue naming its field.
 */
/** Accounts with an owner's access age and contributions out of salary. */
const PENSION_ACCOUNTS: readonly string[] = ['RETIREMENT', 'PENSION', 'TRADITIONAL', 'ROTH'];

export function checkScenarioRules(doc: Doc, ctx: z.core.$RefinementCtx<Doc>): void {
  const fail = (path: Path, message: string) => ctx.addIssue({ code: 'custom', path, message });

  const lists = ['members', 'incomes', 'expenses', 'accounts', 'properties', 'liabilities', 'insurance', 'goals'] as const;
  for (const name of lists) {
    const seen = new Set<string>();
    (doc[name] as { id: string }[]).forEach((item, i) => {
      if (seen.has(item.id)) fail([name, i, 'id'], `must be unique within ${name}: "${item.id}" is used twice`);
      seen.add(item.id);
    });
  }

  checkTaxSettings(doc, fail);
  const members = new Map(doc.members.map((m) => [m.id, m]));
  const properties = new Map(doc.properties.map((p) => [p.id, p]));
  const liabilities = new Set(doc.liabilities.map((l) => l.id));
  const ageAtStart = (memberId: string) => doc.startYear - members.get(memberId)!.birthYear;
  const memberRef = (path: Path, id: string | undefined, required: boolean): boolean => {
    if (id === undefined) {
      if (required) fail(path, 'must name a member');
      return false;
    }
    if (!members.has(id)) {
      fail(path, `must name an existing member: no member has id "${id}"`);
      return false;
    }
    return true;
  };

  const primaries = doc.members.filter((m) => m.role === 'PRIMARY').length;
  if (primaries !== 1) fail(['members'], `must have exactly one PRIMARY member (found ${primaries})`);
  if (doc.members.filter((m) => m.role === 'PARTNER').length > 1) fail(['members'], 'must have at most one PARTNER member');
  doc.members.forEach((m, i) => {
    if (m.birthYear > doc.startYear) fail(['members', i, 'birthYear'], `must not be after startYear (${doc.startYear})`);
    else if (doc.startYear - m.birthYear > MAX_AGE) fail(['members', i, 'birthYear'], `gives an age above ${MAX_AGE} in startYear`);
  });

  // An item that ended before the simulation starts would never apply: a mistake, not a no-op.
  const yearRange = (path: Path, from: number | undefined, to: number | undefined) => {
    if (to !== undefined && to < doc.startYear) fail([...path, 'toYear'], `must not be before startYear (${doc.startYear})`);
    else if (from !== undefined && to !== undefined && to < from) fail([...path, 'toYear'], 'must not be before fromYear');
  };
  doc.properties.forEach((p, i) => {
    if (p.sellYear !== undefined && p.sellYear < doc.startYear)
      fail(['properties', i, 'sellYear'], `must not be before startYear (${doc.startYear})`);
  });

  doc.incomes.forEach((inc, i) => {
    const path: Path = ['incomes', i];
    if (inc.type === 'RENTAL') {
      const p = properties.get(inc.propertyId);
      if (!p) fail([...path, 'propertyId'], `must name an existing property: no property has id "${inc.propertyId}"`);
      else if (p.type !== 'RENTAL') fail([...path, 'propertyId'], `must name a RENTAL property ("${inc.propertyId}" is a ${p.type})`);
    } else if (inc.type === 'OTHER') {
      memberRef([...path, 'memberId'], inc.memberId, false);
      yearRange(path, inc.fromYear, inc.toYear);
    } else {
      memberRef([...path, 'memberId'], inc.memberId, true);
    }
  });

  doc.expenses.forEach((exp, i) => {
    if (exp.type === 'OTHER') yearRange(['expenses', i], exp.fromYear, exp.toYear);
  });

  doc.accounts.forEach((acc, i) => {
    const path: Path = ['accounts', i];
    const pension = PENSION_ACCOUNTS.includes(acc.type);
    const needsOwner = pension || acc.type === 'ISA' || acc.glidePath !== undefined;
    memberRef([...path, 'ownerId'], acc.ownerId, needsOwner);
    if (acc.allocation) {
      const sum = acc.allocation.cash + acc.allocation.bonds + acc.allocation.equity;
      if (Math.abs(sum - 1) > ALLOCATION_TOLERANCE) fail([...path, 'allocation'], `weights must sum to 1 (they sum to ${sum})`);
    }
    if (acc.glidePath && acc.glidePath.endAge <= acc.glidePath.startAge) fail([...path, 'glidePath', 'endAge'], 'must be above startAge');
    if (!pension) {
      if (acc.accessAge !== undefined)
        fail([...path, 'accessAge'], 'applies to retirement accounts only (RETIREMENT, PENSION, TRADITIONAL, ROTH)');
      if (acc.contributionFraction > 0 || acc.employerMatch > 0)
        fail([...path, 'contributionFraction'], 'contributions apply to retirement accounts only (RETIREMENT, PENSION, TRADITIONAL, ROTH)');
    }
  });

  // An owner pays contributions out of one salary: between their accounts, at most all of it.
  const contributed = new Map<string, number>();
  doc.accounts.forEach((acc, i) => {
    if (!PENSION_ACCOUNTS.includes(acc.type) || acc.ownerId === undefined || acc.contributionFraction === 0) return;
    const total = (contributed.get(acc.ownerId) ?? 0) + acc.contributionFraction;
    if (total > 1 + ALLOCATION_TOLERANCE && (contributed.get(acc.ownerId) ?? 0) <= 1 + ALLOCATION_TOLERANCE)
      fail(
        ['accounts', i, 'contributionFraction'],
        `takes member "${acc.ownerId}"'s contributions to ${+total.toFixed(6)} of their salary: ` +
          "one owner's accounts may take at most 1 between them",
      );
    contributed.set(acc.ownerId, total);
  });

  // Properties bought by a HOME_PURCHASE goal, and the goal buying each.
  const purchases = new Map<string, (typeof doc.goals)[number]>();
  doc.goals.forEach((g, i) => {
    if (g.propertyId === undefined) return;
    const path: Path = ['goals', i, 'propertyId'];
    if (g.type !== 'HOME_PURCHASE') fail(path, 'applies to HOME_PURCHASE goals only');
    else if (!properties.has(g.propertyId)) fail(path, `must name an existing property: no property has id "${g.propertyId}"`);
    else if (purchases.has(g.propertyId)) fail(path, `property "${g.propertyId}" is already bought by another goal`);
    else if (g.recurrence !== undefined) fail(['goals', i, 'recurrence'], 'a goal buying a property happens once: it takes no recurrence');
    else {
      purchases.set(g.propertyId, g);
      const sellYear = properties.get(g.propertyId)!.sellYear;
      if (sellYear !== undefined && g.year !== undefined && sellYear <= g.year) {
        fail(
          ['properties', doc.properties.findIndex((p) => p.id === g.propertyId), 'sellYear'],
          `must be after the year the property is bought (${g.year})`,
        );
      }
    }
  });
  const financing = new Set<string>();
  doc.liabilities.forEach((l, i) => {
    if (l.propertyId !== undefined && !properties.has(l.propertyId)) {
      fail(['liabilities', i, 'propertyId'], `must name an existing property: no property has id "${l.propertyId}"`);
    }
    const bought = l.propertyId !== undefined && purchases.has(l.propertyId);
    if (bought && l.balance !== undefined)
      fail(
        ['liabilities', i, 'balance'],
        `must be omitted: the loan on property "${l.propertyId}" is its price less the deposit, taken when goal ` +
          `"${purchases.get(l.propertyId!)!.id}" buys it`,
      );
    if (!bought && l.balance === undefined) fail(['liabilities', i, 'balance'], 'is required');
    if (bought) {
      if (financing.has(l.propertyId!))
        fail(['liabilities', i, 'propertyId'], `property "${l.propertyId}" is already financed by another liability`);
      financing.add(l.propertyId!);
    }
  });
  doc.goals.forEach((g, i) => {
    if (g.propertyId !== undefined && purchases.get(g.propertyId) === g && !financing.has(g.propertyId)) {
      fail(
        ['goals', i, 'propertyId'],
        `needs a MORTGAGE or LOAN naming property "${g.propertyId}" (propertyId, no balance) to finance what the deposit does not cover`,
      );
    }
  });

  doc.insurance.forEach((ins, i) => memberRef(['insurance', i, 'insuredId'], ins.insuredId, true));

  doc.goals.forEach((g, i) => {
    const path: Path = ['goals', i];
    if (g.memberId !== undefined && !memberRef([...path, 'memberId'], g.memberId, false)) return;
    if (g.year !== undefined && g.year < doc.startYear) fail([...path, 'year'], `must not be before startYear (${doc.startYear})`);
    if (g.liabilityId !== undefined) {
      if (g.type !== 'DEBT_PAYOFF') fail([...path, 'liabilityId'], 'applies to DEBT_PAYOFF goals only');
      else if (!liabilities.has(g.liabilityId))
        fail([...path, 'liabilityId'], `must name an existing liability: no liability has id "${g.liabilityId}"`);
    }
    if (g.type === 'LEGACY') {
      if (g.year !== undefined || g.age !== undefined || g.recurrence !== undefined)
        fail(path, 'a LEGACY goal is measured at the last death: it takes no year, age or recurrence');
      return;
    }
    if (g.type === 'RETIREMENT') {
      if (g.memberId === undefined) fail([...path, 'memberId'], 'must name the member whose retirement the goal follows');
      if (g.year !== undefined || g.recurrence !== undefined)
        fail(path, 'a RETIREMENT goal runs every year from retirement: it takes no year or recurrence (only an optional age)');
      return;
    }
    if (g.year !== undefined && g.age !== undefined) fail([...path, 'age'], 'give either year or age, not both');
    if (g.year === undefined && g.age === undefined) fail([...path, 'year'], 'must give a year, or a memberId and an age');
    if (g.age !== undefined) {
      if (g.memberId === undefined) fail([...path, 'memberId'], 'must name the member whose age times the goal');
      else if (g.age < ageAtStart(g.memberId))
        fail([...path, 'age'], `gives a goal year before startYear (the member is ${ageAtStart(g.memberId)} in startYear)`);
    }
    if (g.type === 'CUSTOM_RECURRING' && g.recurrence === undefined)
      fail([...path, 'recurrence'], 'must be given for a CUSTOM_RECURRING goal');
  });

  const order = doc.strategy.withdrawalOrder;
  if (new Set(order).size !== order.length) fail(['strategy', 'withdrawalOrder'], 'must not name an account type twice');

  const born = doc.members.filter((m) => m.birthYear <= doc.startYear);
  const horizon = doc.simulation.horizon;
  if (horizon && 'untilAge' in horizon && born.length > 0) {
    const youngest = youngestAdultAge(doc.startYear, born);
    if (horizon.untilAge <= youngest)
      fail(['simulation', 'horizon', 'untilAge'], `must be above the youngest adult's age in startYear (${youngest})`);
  }

  checkAssumptionRules(doc.assumptions, fail);
  checkPublicPensionRules(doc, fail);
}
