import * as z from 'zod';
import { age, calendarYear, itemId } from './common.js';

export const memberSchema = z.strictObject({
  id: itemId,
  role: z.enum(['PRIMARY', 'PARTNER', 'DEPENDANT']),
  name: z.string().max(200).optional(),
  birthYear: calendarYear,
  sex: z.enum(['FEMALE', 'MALE']),
  health: z.enum(['EXCELLENT', 'GOOD', 'AVERAGE', 'POOR']).default('AVERAGE'),
  smoker: z.boolean().default(false),
  /** Age at which the member stops working (salary stops, retirement goals start). */
  retirementAge: age.default(67),
  /** Occupation class of the 2013 individual disability income table: 1 (lowest incidence) to 4 (highest). */
  occupationClass: z.number().int('must be an integer').min(1, 'must be at least 1').max(4, 'must be at most 4').optional(),
});
export type Member = z.output<typeof memberSchema>;
