import type * as z from 'zod/mini';
import type { scenarioObjectSchema } from './scenario-object.js';
import { birthDateOf } from '../../engine/household/public-pensions.js';
import { isoDate } from '../../engine/pensions/dated.js';
import { eligibilityYear } from '../../engine/pensions/social-security.js';
import { FIRST_RATE_YEAR, getsNewStatePension } from '../../engine/pensions/uk-state-pension.js';
import { CLAIMING, FULL_RETIREMENT_AGE, PIA_BEND_POINTS } from '../../engine/pensions/data/us-social-security.js';

type Doc = z.output<typeof scenarioObjectSchema>;
type Fail = (path: (string | number)[], message: string) => void;

/**
 * The public pensions' cross-field rules (docs/TAX.md, "Public pensions"): an amount or the
 * rules' input, never both; the rules' data covering the member and the start year; one Social
 * Security record per adult. Members' birth dates fall in their birth year.
 */
export function checkPublicPensionRules(doc: Doc, fail: Fail): void {
  const members = new Map(doc.members.map((m) => [m.id, m]));
  doc.members.forEach((m, i) => {
    if (m.birthDate !== undefined && Number(m.birthDate.slice(0, 4)) !== m.birthYear)
      fail(['members', i, 'birthDate'], `must fall in birthYear (${m.birthYear})`);
  });
  const withSocialSecurity = new Set<string>();
  doc.incomes.forEach((inc, i) => {
    const path = ['incomes', i];
    const member = members.get((inc as { memberId?: string }).memberId ?? '');
    if (inc.type === 'STATE_PENSION') {
      if (inc.qualifyingYears === undefined) {
        if (inc.amount === undefined) fail([...path, 'amount'], 'is required unless qualifyingYears is given');
        return;
      }
      if (inc.amount !== undefined) fail([...path, 'amount'], 'must not be given with qualifyingYears: the rules set the amount');
      if (inc.fromAge !== undefined)
        fail([...path, 'fromAge'], 'must not be given with qualifyingYears: the State Pension age follows the birth date');
      if (doc.startYear < FIRST_RATE_YEAR)
        fail([...path, 'qualifyingYears'], `needs a startYear from ${FIRST_RATE_YEAR}, when the new State Pension began`);
      if (member && !getsNewStatePension(birthDateOf(member), member.sex))
        fail(
          [...path, 'qualifyingYears'],
          'applies to the new State Pension only (men born from 6 April 1951, women from 6 April 1953): give amount instead',
        );
    } else if (inc.type === 'SOCIAL_SECURITY') {
      if ((inc.pia === undefined) === (inc.aime === undefined)) fail([...path, 'pia'], 'give exactly one of pia and aime');
      if (inc.claimingAge === CLAIMING.latestAge && inc.claimingMonths > 0)
        fail(
          [...path, 'claimingMonths'],
          `must be 0 at claimingAge ${CLAIMING.latestAge}: the latest claiming age is ${CLAIMING.latestAge}`,
        );
      if (!member) return;
      if (member.role === 'DEPENDANT') fail([...path, 'memberId'], 'must name an adult (PRIMARY or PARTNER)');
      if (withSocialSecurity.has(member.id))
        fail([...path, 'memberId'], `must name a member once: "${member.id}" has a SOCIAL_SECURITY income already`);
      withSocialSecurity.add(member.id);
      const birth = birthDateOf(member);
      if (birth.year < FULL_RETIREMENT_AGE[0].fromBirthYear || isoDate(birth) === `${FULL_RETIREMENT_AGE[0].fromBirthYear}-01-01`)
        fail(
          [...path, 'memberId'],
          `must name a member born from ${FULL_RETIREMENT_AGE[0].fromBirthYear} (the delayed credits of 8% a year)`,
        );
      else if (inc.aime !== undefined && eligibilityYear(birth) <= doc.startYear && eligibilityYear(birth) < PIA_BEND_POINTS[0].year)
        fail(
          [...path, 'aime'],
          `needs bend points for the eligibility year ${eligibilityYear(birth)}, kept from ${PIA_BEND_POINTS[0].year}: give pia instead`,
        );
    }
  });
}
