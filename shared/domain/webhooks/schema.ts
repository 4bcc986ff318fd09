/** The webhook resources and the bodies that write them (zod; also the source of the OpenAPI schemas). */
import * as z from 'zod/mini';
import { idSchema } from '../ids.js';
import { pagingQuerySchema } from '../paging.js';
import { eventTypes } from './events.js';

const urlField = z
  .string()
  .check(z.minLength(1), z.maxLength(2000))
  .register(z.globalRegistry, {
    description: 'Where events are POSTed: https only (locally, http://127.0.0.1 too); no private, loopback or link-local address',
    examples: ['https://example.com/webhooks/household-scenarios'],
  });

const eventTypeField = z.enum(eventTypes).register(z.globalRegistry, { description: 'An event type' });

const writableFields = {
  url: urlField,
  eventTypes: z
    .array(eventTypeField)
    .check(z.minLength(1), z.maxLength(eventTypes.length))
    .register(z.globalRegistry, { description: 'The event types sent to this endpoint', examples: [['run.completed', 'run.failed']] }),
  enabled: z.optional(z.boolean()).register(z.globalRegistry, { description: 'Default true; false stops deliveries' }),
};

export const webhookCreateSchema = z.strictObject(writableFields).register(z.globalRegistry, { id: 'WebhookCreate' });

/** PUT: the writable fields, the version read, and the read-only fields a client may echo back. */
export const webhookReplaceSchema = z
  .strictObject({
    ...writableFields,
    version: z.optional(z.number().check(z.int(), z.minimum(1))),
    id: z.optional(z.string()),
    disabledReason: z.optional(z.string()),
    lastSuccessAt: z.optional(z.string()),
    secretCreatedAt: z.optional(z.string()),
    previousSecretExpiresAt: z.optional(z.string()),
    createdAt: z.optional(z.string()),
    updatedAt: z.optional(z.string()),
  })
  .register(z.globalRegistry, { id: 'WebhookReplace' });

export const webhookSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    eventTypes: z.array(z.string()),
    enabled: z.boolean(),
    disabledReason: z.optional(z.string()).register(z.globalRegistry, { description: 'Why the service disabled the endpoint' }),
    lastSuccessAt: z.optional(z.iso.datetime()),
    secretCreatedAt: z.iso.datetime(),
    previousSecretExpiresAt: z
      .optional(z.iso.datetime())
      .register(z.globalRegistry, { description: 'Until then, events are signed with the previous secret as well' }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    version: z.number().check(z.int()),
  })
  .register(z.globalRegistry, { id: 'Webhook' });

const secretField = z
  .string()
  .register(z.globalRegistry, { description: 'The signing secret (Standard Webhooks `whsec_` form); shown only in this response' });

export const webhookCreatedSchema = z
  .extend(webhookSchema, { secret: secretField })
  .register(z.globalRegistry, { id: 'WebhookWithSecret' });

export const secretRotationSchema = z
  .object({ secret: secretField, previousSecretExpiresAt: z.iso.datetime() })
  .register(z.globalRegistry, { id: 'WebhookSecretRotation' });

export const deliverySchema = z
  .object({
    id: z.string(),
    webhookId: z.string(),
    eventId: z.string(),
    eventType: z.string(),
    status: z.enum(['PENDING', 'SUCCEEDED', 'FAILED']),
    attempts: z.array(
      z.object({
        at: z.iso.datetime(),
        statusCode: z.optional(z.number().check(z.int())),
        latencyMs: z.number().check(z.int()),
        error: z.optional(z.string()),
      }),
    ),
    nextAttemptAt: z.optional(z.iso.datetime()),
    failure: z.optional(z.string()),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .register(z.globalRegistry, { id: 'WebhookDelivery' });

export type Webhook = z.infer<typeof webhookSchema>;
export type WebhookCreate = z.infer<typeof webhookCreateSchema>;
export type WebhookReplace = z.infer<typeof webhookReplaceSchema>;
export type Delivery = z.infer<typeof deliverySchema>;

export const webhookListQuerySchema = pagingQuerySchema(['createdAt', 'url'] as const);
export const deliveryListQuerySchema = pagingQuerySchema(['createdAt', 'status'] as const);

/** The body of a POST that takes none (a rotation, a retry): nothing, or `{}`. */
export const emptyBodySchema = z
  .strictObject({})
  .register(z.globalRegistry, { id: 'EmptyBody', description: 'No fields: send no body, or {}' });

export const webhookPathSchema = z.object({ webhookId: idSchema });
export const deliveryPathSchema = z.object({ webhookId: idSchema, deliveryId: idSchema });
