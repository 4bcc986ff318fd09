import * as z from 'zod/mini';
import { age, calendarYear, integer, itemId, itemName } from './common.js';

export const memberSchema = z.strictObject({
  id: itemId,
  role: z.enum(['PRIMARY', 'PARTNER', 'DEPENDANT']),
  name: itemName,
  birthYear: calendarYear,
  sex: z.enum(['FEMALE', 'MALE']),
  health: z._default(z.enum(['EXCELLENT', 'GOOD', 'AVERAGE', 'POOR']), 'AVERAGE'),
  smoker: z._default(z.boolean(), false),
  /** Age at which the member stops working (salary stops, retirement goals start). */
  retirementAge: z._default(age, 67),
  /** Occupation class of the 2013 individual disability income table: 1 (lowest incidence) to 4 (highest). */
  occupationClass: z.optional(integer(1, 4)),
  /** Date of birth (YYYY-MM-DD, in birthYear), for the public pension rules; absent: 1 July of birthYear. */
  birthDate: z.optional(z.iso.date()),
});
export type Member = z.output<typeof memberSchema>;
