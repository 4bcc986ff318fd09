import * as z from 'zod/mini';
import { calendarYear, fraction, itemId, itemName, money } from './common.js';

export const propertySchema = z.strictObject({
  id: itemId,
  name: itemName,
  type: z.enum(['RESIDENCE', 'RENTAL']),
  value: money,
  /** Sale rule: sold at the start of this calendar year (proceeds, net of linked debt, into cash). */
  sellYear: z.optional(calendarYear),
  /**
   * Sale rule: sold at the start of the first year in which every living adult member is in care in
   * a nursing home (the home is no longer lived in, and its price pays for the care). With sellYear,
   * whichever comes first.
   */
  sellOnNursingHome: z._default(z.boolean(), false),
  /** Costs of a sale as a fraction of the price. */
  sellingCost: z._default(fraction, 0),
});
export type Property = z.output<typeof propertySchema>;
