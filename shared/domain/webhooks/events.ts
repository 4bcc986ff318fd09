/**
 * The events a realm can subscribe to, and the document each is: small, with a unique id, its
 * type, when it happened, the realm and the URL of the resource it is about, never the resource's
 * contents (the receiver reads them with its own token) and never a token or a secret.
 */
import { createHash } from 'node:crypto';
import { encodeTime } from 'ulid';
import * as z from 'zod/mini';

export const eventTypes = ['run.completed', 'run.failed', 'quota.warning', 'quota.exhausted'] as const;
export type EventType = (typeof eventTypes)[number];

const crockford = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A ULID whose time part is `at` and whose random part is derived from `parts`: the same event
 * (or the same event's delivery to the same endpoint) gets the same id however often it is made,
 * so a repeat after a crash is recognised, not sent twice.
 */
export function derivedId(at: Date, ...parts: string[]): string {
  const digest = createHash('sha256').update(parts.join('\u0000')).digest();
  let random = '';
  for (let index = 0; index < 16; index += 1) random += crockford[digest[index] % 32];
  return encodeTime(at.getTime(), 10) + random;
}

const envelope = {
  id: z.string().register(z.globalRegistry, { description: 'Unique per event; the `webhook-id` header carries it too' }),
  time: z.iso.datetime(),
  realm: z.string(),
  resourceUrl: z.url().register(z.globalRegistry, { description: 'The resource the event is about; read it with your own token' }),
};

const runData = z.object({
  kind: z.enum(['SIMULATION', 'COMPARISON', 'ANALYSIS', 'QUERY']),
  runId: z.string(),
  householdId: z.string(),
  scenarioId: z.optional(z.string()),
  status: z.enum(['COMPLETED', 'FAILED']),
});

const quotaData = z.object({
  month: z.string().register(z.globalRegistry, { description: '`yyyy-mm` (UTC)', examples: ['2026-11'] }),
  monthlyPathYears: z.number(),
  admittedPathYears: z.number(),
  threshold: z.number().register(z.globalRegistry, { description: '0.8 for quota.warning, 1 for quota.exhausted' }),
});

export const runCompletedEventSchema = z
  .object({ ...envelope, type: z.literal('run.completed'), data: runData })
  .register(z.globalRegistry, { id: 'RunCompletedEvent' });
export const runFailedEventSchema = z
  .object({ ...envelope, type: z.literal('run.failed'), data: runData })
  .register(z.globalRegistry, { id: 'RunFailedEvent' });
export const quotaWarningEventSchema = z
  .object({ ...envelope, type: z.literal('quota.warning'), data: quotaData })
  .register(z.globalRegistry, { id: 'QuotaWarningEvent' });
export const quotaExhaustedEventSchema = z
  .object({ ...envelope, type: z.literal('quota.exhausted'), data: quotaData })
  .register(z.globalRegistry, { id: 'QuotaExhaustedEvent' });

/** Each event type's document, for the OpenAPI document's `webhooks`. */
export const eventSchemas = {
  'run.completed': { schema: runCompletedEventSchema, summary: 'A run (simulation, comparison or analysis) completed' },
  'run.failed': { schema: runFailedEventSchema, summary: 'A run failed' },
  'quota.warning': { schema: quotaWarningEventSchema, summary: "80% of the month's path-year quota is admitted" },
  'quota.exhausted': { schema: quotaExhaustedEventSchema, summary: "The month's path-year quota is used up" },
} as const;

export type RunEventData = z.infer<typeof runData>;
export type QuotaEventData = z.infer<typeof quotaData>;

export type WebhookEvent =
  | { id: string; type: 'run.completed' | 'run.failed'; time: string; realm: string; resourceUrl: string; data: RunEventData }
  | { id: string; type: 'quota.warning' | 'quota.exhausted'; time: string; realm: string; resourceUrl: string; data: QuotaEventData };

/**
 * The service's public base URL, which resource URLs start with: API_BASE_URL, else
 * ISSUER_BASE_URL (the same API's address in the cloud); the local runtime sets API_BASE_URL.
 */
export function apiBaseUrl(): string {
  const base = process.env.API_BASE_URL ?? process.env.ISSUER_BASE_URL;
  if (!base) throw new Error('API_BASE_URL is not set: events cannot name their resources');
  return base.replace(/\/+$/, '');
}
