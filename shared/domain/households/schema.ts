/** The household resource and the bodies that write it (zod; also the source of the OpenAPI schemas). */
import * as z from 'zod/mini';
import { idSchema } from '../ids.js';
import { pagingQuerySchema } from '../paging.js';

const currencies = new Set(Intl.supportedValuesOf('currency'));

export const currencySchema = z
  .string()
  .check(z.refine((code) => currencies.has(code), { message: 'must be an ISO 4217 currency code, e.g. EUR' }))
  .register(z.globalRegistry, { description: 'ISO 4217 currency code', examples: ['EUR', 'USD', 'GBP'], pattern: '^[A-Z]{3}$' });

/** An owner is a token subject: a user id, or a service account's `service-account-<clientId>`. */
const ownerIdSchema = z.string().check(z.minLength(1), z.maxLength(128));

/** What a client writes. */
export const householdFieldsSchema = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  currency: currencySchema,
  externalReference: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  ownerId: z.optional(ownerIdSchema).register(z.globalRegistry, { description: 'The owning user; for users it is their own id' }),
});

/** The same schema, named for the OpenAPI document (a copy: the fields schema itself stays unnamed). */
export const householdCreateSchema = z.clone(householdFieldsSchema).register(z.globalRegistry, { id: 'HouseholdCreate' });

/** PUT: the writable fields, the version read, and the read-only fields a client may echo back. */
export const householdReplaceSchema = z
  .extend(householdFieldsSchema, {
    version: z.optional(z.number().check(z.int(), z.minimum(1))),
    id: z.optional(z.string()),
    createdAt: z.optional(z.string()),
    updatedAt: z.optional(z.string()),
  })
  .register(z.globalRegistry, { id: 'HouseholdReplace' });

/** PATCH: a JSON merge patch of the replace body. */
export const householdPatchSchema = z
  .record(z.string(), z.unknown())
  .register(z.globalRegistry, { id: 'HouseholdPatch', description: 'JSON merge patch (RFC 7396) of a household' });

export const householdSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    currency: z.string(),
    externalReference: z.optional(z.string()),
    ownerId: z.string(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    version: z.number().check(z.int()),
  })
  .register(z.globalRegistry, { id: 'Household' });

export type Household = z.infer<typeof householdSchema>;
export type HouseholdFields = z.infer<typeof householdFieldsSchema>;

export const householdSortable = ['name', 'createdAt', 'updatedAt'] as const;
export const householdListQuerySchema = pagingQuerySchema(householdSortable);

export const householdPathSchema = z.object({ householdId: idSchema });
