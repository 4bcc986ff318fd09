/** The household resource and the bodies that write it (zod; also the source of the OpenAPI schemas). */
import * as z from 'zod';
import { pagingQuerySchema } from '../paging.js';

const currencies = new Set(Intl.supportedValuesOf('currency'));

export const currencySchema = z
  .string()
  .refine((code) => currencies.has(code), { message: 'must be an ISO 4217 currency code, e.g. EUR' })
  .meta({ description: 'ISO 4217 currency code', examples: ['EUR', 'USD', 'GBP'], pattern: '^[A-Z]{3}$' });

const idSchema = z.string().min(1).max(128);

/** What a client writes. */
export const householdFieldsSchema = z.strictObject({
  name: z.string().trim().min(1).max(200),
  currency: currencySchema,
  externalReference: z.string().min(1).max(200).optional(),
  ownerId: idSchema.optional().meta({ description: 'The owning user; for users it is their own id' }),
});

export const householdCreateSchema = householdFieldsSchema.meta({ id: 'HouseholdCreate' });

/** PUT: the writable fields, the version read, and the read-only fields a client may echo back. */
export const householdReplaceSchema = householdFieldsSchema
  .extend({
    version: z.number().int().min(1).optional(),
    id: z.string().optional(),
    createdAt: z.string().optional(),
    updatedAt: z.string().optional(),
  })
  .meta({ id: 'HouseholdReplace' });

/** PATCH: a JSON merge patch of the replace body. */
export const householdPatchSchema = z
  .record(z.string(), z.unknown())
  .meta({ id: 'HouseholdPatch', description: 'JSON merge patch (RFC 7396) of a household' });

export const householdSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    currency: z.string(),
    externalReference: z.string().optional(),
    ownerId: z.string(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    version: z.number().int(),
  })
  .meta({ id: 'Household' });

export type Household = z.infer<typeof householdSchema>;
export type HouseholdFields = z.infer<typeof householdFieldsSchema>;

export const householdSortable = ['name', 'createdAt', 'updatedAt'] as const;
export const householdListQuerySchema = pagingQuerySchema(householdSortable);

export const householdPathSchema = z.object({ householdId: z.string().min(1).max(128) });
