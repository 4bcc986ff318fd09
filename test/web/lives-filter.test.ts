/**
 * The Lives view's pure parts: each plain choice as the query language's condition and in words,
 * the ages a choice may ask about (the parser's horizon), an API error's field put back at its
 * choice, the share's 95% range against its closed form, and the fan's rows from a year-grouped
 * answer, each side cut where fewer than 100 of its lives run.
 */
import { describe, expect, it } from 'vitest';
import {
  ageRange,
  choiceCondition,
  choiceOfField,
  describeChoice,
  describeFilter,
  type FilterChoice,
  filterCondition,
  missing,
} from '../../web/src/lives/filter.js';
import { drawnRows, livesFanRows, PERCENTILES } from '../../web/src/lives/fan-rows.js';
import { shareInterval } from '../../web/src/lives/share.js';

const names = {
  main: 'Alex',
  member: (id: string) => ({ alex: 'Alex', sam: 'Sam' })[id] ?? 'someone',
  goal: (id: string) => ({ uni: 'University' })[id] ?? 'a goal',
  money: (x: number) => `$${x.toLocaleString('en-US')}`,
};
/** Alex 60 and Sam 55 in 2026, over 40 years. */
const horizon = { startYear: 2026, years: 40, birthYears: { alex: 1966, sam: 1971 } };

describe('a filter from plain choices', () => {
  it('makes the conditions of the query language', () => {
    const care: FilterChoice = { kind: 'event', event: 'LONG_TERM_CARE', memberId: 'alex', fromAge: 70, toAge: null };
    expect(choiceCondition(care)).toEqual({ event: { type: 'LONG_TERM_CARE', memberId: 'alex', fromAge: 70 } });
    // A household event has no person; its ages are the main client's.
    expect(choiceCondition({ kind: 'event', event: 'DEPLETION', memberId: 'sam', fromAge: null, toAge: 75 })).toEqual({
      event: { type: 'DEPLETION', toAge: 75 },
    });
    expect(choiceCondition({ kind: 'outcome', outcome: 'FAILED' })).toEqual({ outcome: 'FAILED' });
    expect(choiceCondition({ kind: 'figure', figure: 'netWorth', memberId: 'sam', atAge: 80, atLeast: false, amount: 250_000 })).toEqual({
      metric: 'netWorth',
      view: 'real',
      memberId: 'sam',
      atAge: 80,
      lt: 250_000,
    });
    expect(choiceCondition({ kind: 'goal', goalId: 'uni', met: false })).toEqual({ goal: 'uni', met: false });
    // Under one all or any, so the API's `where.all[1]…` names the second choice.
    expect(filterCondition({ combine: 'any', choices: [care, { kind: 'outcome', outcome: 'FAILED' }] })).toEqual({
      any: [{ event: { type: 'LONG_TERM_CARE', memberId: 'alex', fromAge: 70 } }, { outcome: 'FAILED' }],
    });
    expect(filterCondition({ combine: 'all', choices: [] })).toBeUndefined();
    expect(choiceOfField('where.all[1].event.fromAge')).toBe(1);
    expect(choiceOfField('where.any[12]')).toBe(12);
    expect(choiceOfField('select[0].stat')).toBeNull();
  });

  it('says each choice in words, with names, not ids', () => {
    expect(describeChoice({ kind: 'event', event: 'LONG_TERM_CARE', memberId: 'alex', fromAge: 70, toAge: 85 }, names)).toBe(
      'Alex needed long-term care between 70 and 85',
    );
    expect(describeChoice({ kind: 'event', event: 'JOB_LOSS', memberId: '', fromAge: null, toAge: 50 }, names)).toBe(
      'Someone lost a job by 50',
    );
    expect(describeChoice({ kind: 'event', event: 'DEPLETION', memberId: '', fromAge: 80, toAge: 80 }, names)).toBe(
      'Essential spending went unmet in a year when Alex was 80',
    );
    expect(
      describeFilter(
        {
          combine: 'all',
          choices: [
            { kind: 'figure', figure: 'liquidAssets', memberId: 'sam', atAge: 85, atLeast: true, amount: 100_000 },
            { kind: 'goal', goalId: 'uni', met: true },
          ],
        },
        names,
      ),
    ).toBe('All of: Liquid assets when Sam is 85: at least $100,000 (today’s money); University was met');
    expect(describeFilter({ combine: 'all', choices: [] }, names)).toBe('Every life');
  });

  it('asks only about ages the plan reaches, as the query parser checks them', () => {
    // A person's: from their age in the start year through the horizon's last year.
    expect(ageRange(horizon, 'alex')).toEqual([60, 99]);
    expect(ageRange(horizon, 'sam')).toEqual([55, 94]);
    // Anyone's: from the youngest's first age to the oldest's last.
    expect(ageRange(horizon, '')).toEqual([55, 99]);
    const figure: FilterChoice = { kind: 'figure', figure: 'netWorth', memberId: 'sam', atAge: 95, atLeast: true, amount: 1 };
    expect(missing(figure, horizon, names)).toBe('Sam is 55 to 94 in the plan: give an age in that range.');
    expect(missing({ ...figure, atAge: 94 }, horizon, names)).toBeNull();
    expect(missing({ ...figure, amount: null }, horizon, names)).toBe('Give the amount.');
    const event: FilterChoice = { kind: 'event', event: 'DEATH', memberId: '', fromAge: 54, toAge: null };
    expect(missing(event, horizon, names)).toBe('The plan covers ages 55 to 99: give an age in that range.');
    expect(missing({ ...event, fromAge: 90, toAge: 80 }, horizon, names)).toBe('The first age is after the last: swap them.');
  });
});

describe('the share of lives that match', () => {
  it('gives the normal 95% interval, and the rule of three at none or all', () => {
    // 369 of 1,000: p ± 1.96 √(p(1−p)/n) = 0.369 ± 0.0299.
    const [low, high] = shareInterval(369, 1000);
    expect(low).toBeCloseTo(0.369 - 1.96 * Math.sqrt((0.369 * 0.631) / 1000), 12);
    expect(high).toBeCloseTo(0.369 + 1.96 * Math.sqrt((0.369 * 0.631) / 1000), 12);
    expect(high - low).toBeCloseTo(0.0598, 4);
    // None or all: 3/n from the edge (the largest chance with a 5% chance of none in n lives is about 3/n).
    expect(shareInterval(0, 1000)).toEqual([0, 0.003]);
    expect(shareInterval(1000, 1000)).toEqual([0.997, 1]);
    expect((1 - 0.003) ** 1000).toBeCloseTo(0.05, 2);
    // Clamped to [0, 1] for a handful of lives.
    expect(shareInterval(1, 10)[0]).toBe(0);
  });
});

describe('the fan of the matching lives against the others', () => {
  const band = (base: number) => PERCENTILES.map((_, i) => ({ value: base + i, rest: { value: -base - i } }));
  const groups = [
    { key: { year: 0, calendarYear: 2026 }, matched: 300, rest: 700, select: band(10) },
    { key: { year: 1, calendarYear: 2027 }, matched: 99, rest: 650, select: band(20) },
    { key: { year: 2, calendarYear: 2028 }, matched: 40, rest: 99, select: band(30) },
  ];

  it('reads each year by the main client’s age, each side blank where fewer than 100 of its lives run', () => {
    const rows = livesFanRows(groups, 1966, 100);
    expect(rows.map((r) => [r.age, r.year, r.lives, r.others])).toEqual([
      [60, 2026, 300, 700],
      [61, 2027, 99, 650],
      [62, 2028, 40, 99],
    ]);
    expect(rows[0].match).toEqual({ p5: 10, p25: 11, p50: 12, p75: 13, p95: 14 });
    expect(rows[0].rest).toEqual({ p5: -10, p25: -11, p50: -12, p75: -13, p95: -14 });
    expect(rows[1].match.p50).toBeNull();
    expect(rows[1].rest.p50).toBe(-22);
    // The chart ends where both sides have stopped.
    expect(drawnRows(rows).map((r) => r.year)).toEqual([2026, 2027]);
  });
});
