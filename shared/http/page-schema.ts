/** The paging envelope every list returns, as a zod schema (for the OpenAPI document and tests). */
import * as z from 'zod';

const link = z.url();

export const pageMetaSchema = z
  .object({
    number: z.number().int().min(0),
    size: z.number().int().min(1),
    totalElements: z.number().int().min(0),
    totalPages: z.number().int().min(0),
  })
  .meta({ id: 'PageMetadata' });

export const pageLinksSchema = z
  .object({ self: link, first: link.optional(), prev: link.optional(), next: link.optional(), last: link.optional() })
  .meta({ id: 'PageLinks' });

export function pageSchema(item: z.ZodType, id: string) {
  return z.object({ content: z.array(item), page: pageMetaSchema, links: pageLinksSchema }).meta({ id });
}
