/**
 * The body of `POST .../scenarios/{id}/analyses`: one of the engine's analysis requests
 * (shared/engine/analysis/request.ts) plus the run options `paths` and `seed`. This schema checks
 * what can be checked without the scenario (names of types, levers, inputs and shocks; ranges;
 * crossing bounds; the limits); the engine's `analysisIssues` then checks the request against the
 * scenario (its goals, members, accounts and expenses).
 */
import * as z from 'zod/mini';
import { ANALYSIS_LIMITS, type AnalysisRequest } from '../../engine/analysis/index.js';
import { age, integer, itemId, money } from '../scenario/common.js';
import '../zod-messages.js';
import { runOptionsShape } from './simulations.js';

/** The message of a variant that names no known kind: missing, not an object, or an unknown name. */
const oneOf =
  (names: readonly string[]) =>
  (issue: { code?: string; input?: unknown }): string => {
    if (issue.code === 'invalid_type') return issue.input === undefined ? 'is required' : 'must be an object';
    return `must be one of ${names.join(', ')}`;
  };

/** Numbers strictly between two bounds (zod's own messages name only inclusive ones). */
const between = (low: number, high: number, what: string) =>
  z.number().check(z.refine((value) => value > low && value < high, `must be ${what}`));

const bounded = <T extends z.core.$ZodType>(value: T) => ({ min: z.optional(value), max: z.optional(value) });
const boundsInOrder = z.refine<{ min?: number; max?: number }>(
  (lever) => lever.min === undefined || lever.max === undefined || lever.min <= lever.max,
  {
    message: 'must not be below min (the bounds cross)',
    path: ['max'],
  },
);

const leverTypes = ['SPENDING', 'RETIREMENT_AGE', 'CONTRIBUTION', 'LUMP_SUM', 'CLAIMING_AGE', 'TAX_FREE_CASH_AGE'] as const;
const leverSchema = z
  .discriminatedUnion(
    'type',
    [
      z.strictObject({ type: z.literal('SPENDING'), expenseId: z.optional(itemId), ...bounded(money) }),
      z.strictObject({ type: z.literal('RETIREMENT_AGE'), memberId: itemId, ...bounded(age) }),
      z.strictObject({ type: z.literal('CONTRIBUTION'), accountId: itemId, ...bounded(money) }),
      z.strictObject({ type: z.literal('LUMP_SUM'), accountId: z.optional(itemId), ...bounded(money) }),
      z.strictObject({ type: z.literal('CLAIMING_AGE'), memberId: itemId, ...bounded(age) }),
      z.strictObject({ type: z.literal('TAX_FREE_CASH_AGE'), accountId: itemId, ...bounded(age) }),
    ],
    { error: oneOf(leverTypes) },
  )
  .check(boundsInOrder);

const targetSchema = z.strictObject({
  goalId: z.optional(itemId),
  probability: z.optional(between(0, 1, 'strictly between 0 and 1')),
});

const maxTrials = z.optional(integer(ANALYSIS_LIMITS.minTrials, ANALYSIS_LIMITS.maxTrials));

const sensitivityInputs = [
  'EQUITY_PREMIUM',
  'EQUITY_VOLATILITY',
  'INFLATION_MEAN',
  'RATE_LEVEL',
  'MORTALITY',
  'SPENDING',
  'RETIREMENT_AGE',
  'EARLY_RETURNS',
] as const;
/** How far each input may move: factors for mortality and spending, whole years for the retirement age, rates otherwise. */
const moves = <T extends z.core.$ZodType>(inputs: readonly [string, ...string[]], move: T) =>
  z.strictObject({ input: z.literal(inputs), down: z.optional(move), up: z.optional(move) });
const sensitivityInputSchema = z.discriminatedUnion(
  'input',
  [
    moves(['MORTALITY', 'SPENDING'], between(0, 10, 'a factor above 0 and below 10')),
    moves(['RETIREMENT_AGE'], integer(-20, 20)),
    moves(
      ['EQUITY_PREMIUM', 'EQUITY_VOLATILITY', 'INFLATION_MEAN', 'RATE_LEVEL', 'EARLY_RETURNS'],
      z.number().check(z.minimum(-1, 'must be at least -1'), z.maximum(1, 'must be at most 1')),
    ),
  ],
  { error: oneOf(sensitivityInputs) },
);
const noRepeats = (key: string) =>
  z.superRefine((items: Array<Record<string, unknown>>, context) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const name = String(item[key]);
      if (seen.has(name)) context.issues.push({ code: 'custom', input: items, path: [index, key], message: 'is listed twice' });
      seen.add(name);
    });
  });

const shockTypes = ['EQUITY_FALL', 'HIGH_INFLATION', 'RATES_UP', 'HISTORICAL'] as const;
const yearIndex = integer(0, 200);
const shockSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('EQUITY_FALL'), fall: between(0, 1, 'a fraction above 0 and below 1'), year: z.optional(yearIndex) }),
    z.strictObject({
      type: z.literal('HIGH_INFLATION'),
      extra: between(0, 1, 'a rate above 0 and below 1'),
      years: z.optional(integer(1, 200)),
      fromYear: z.optional(yearIndex),
    }),
    z.strictObject({ type: z.literal('RATES_UP'), points: between(0, 0.25, 'a rate above 0 and below 0.25') }),
    z.strictObject({ type: z.literal('HISTORICAL'), startYear: integer(1800, 2200), years: z.optional(integer(1, 200)) }),
  ],
  { error: oneOf(shockTypes) },
);

const list = <T extends z.core.$ZodType>(item: T, max: number) =>
  z.array(item).check(z.minLength(1, 'must list at least one entry'), z.maxLength(max, `must list at most ${max} entries`));

export const analysisTypes = ['SOLVE', 'DIAGNOSE', 'SENSITIVITY', 'STRESS'] as const;
export const analysisRequestSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('SOLVE'), lever: leverSchema, target: z.optional(targetSchema), maxTrials, ...runOptionsShape }),
    z.strictObject({ type: z.literal('DIAGNOSE'), target: z.optional(targetSchema), maxTrials, ...runOptionsShape }),
    z.strictObject({
      type: z.literal('SENSITIVITY'),
      inputs: z.optional(list(sensitivityInputSchema, ANALYSIS_LIMITS.sensitivityInputs).check(noRepeats('input'))),
      ...runOptionsShape,
    }),
    z.strictObject({ type: z.literal('STRESS'), shocks: z.optional(list(shockSchema, ANALYSIS_LIMITS.stressShocks)), ...runOptionsShape }),
  ],
  { error: oneOf(analysisTypes) },
);

export type AnalysisBody = z.output<typeof analysisRequestSchema>;

/** The body split into the engine's request and the run options. */
export function splitAnalysisBody(body: AnalysisBody): { request: AnalysisRequest; paths?: number; seed?: number } {
  const { paths, seed, ...request } = body;
  return { request: request as AnalysisRequest, ...(paths !== undefined ? { paths } : {}), ...(seed !== undefined ? { seed } : {}) };
}
