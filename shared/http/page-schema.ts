/** The paging envelope every list returns, as a zod schema (for the OpenAPI document and tests). */
import * as z from 'zod/mini';

const link = z.url();
const count = (min: number) => z.number().check(z.int(), z.minimum(min));

export const pageMetaSchema = z
  .object({
    number: count(0),
    size: count(1),
    totalElements: count(0),
    totalPages: count(0),
  })
  .register(z.globalRegistry, { id: 'PageMetadata' });

export const pageLinksSchema = z
  .object({ self: link, first: z.optional(link), prev: z.optional(link), next: z.optional(link), last: z.optional(link) })
  .register(z.globalRegistry, { id: 'PageLinks' });

export function pageSchema(item: z.core.SomeType, id: string) {
  return z.object({ content: z.array(item), page: pageMetaSchema, links: pageLinksSchema }).register(z.globalRegistry, { id });
}
