import * as z from 'zod';
import { calendarYear, fraction, itemId, money } from './common.js';

export const propertySchema = z.strictObject({
  id: itemId,
  name: z.string().max(200).optional(),
  type: z.enum(['RESIDENCE', 'RENTAL']),
  value: money,
  /** Sale rule: sold at the start of this calendar year (proceeds, net of linked debt, into cash). */
  sellYear: calendarYear.optional(),
  /** Costs of a sale as a fraction of the price. */
  sellingCost: fraction.default(0),
});
export type Property = z.output<typeof propertySchema>;
