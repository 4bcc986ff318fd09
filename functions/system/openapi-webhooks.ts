/**
 * The OpenAPI document's `webhooks`: each event type as the POST the service makes to a
 * registered endpoint, with the Standard Webhooks headers and the event's schema (the same zod
 * schema the service's events are made to).
 */
import type { ComponentSchemas } from '../../shared/http/json-schema.js';
import { eventSchemas } from '../../shared/domain/webhooks/events.js';

type Json = Record<string, unknown>;

const signatureHeaders: [string, string][] = [
  ['webhook-id', "The event's id: the same on every attempt, for the receiver to drop a repeat"],
  ['webhook-timestamp', 'When this attempt was signed, in seconds since the epoch; refuse one far from now'],
  ['webhook-signature', "`v1,<base64 HMAC-SHA256 of '<id>.<timestamp>.<body>'>`, space-separated; two during a secret rotation's overlap"],
];

export function webhooksSection(components: ComponentSchemas): Json {
  return Object.fromEntries(
    Object.entries(eventSchemas).map(([type, { schema, summary }]) => [
      type,
      {
        post: {
          operationId: `event-${type.replace('.', '-')}`,
          summary,
          description: 'Verify the signature with the endpoint’s secret before trusting the body (docs/EVENTS.md).',
          tags: ['webhooks'],
          parameters: signatureHeaders.map(([name, description]) => ({
            name,
            in: 'header',
            required: true,
            description,
            schema: { type: 'string' },
          })),
          requestBody: { required: true, content: { 'application/json': { schema: components.ref(schema, 'output') } } },
          responses: {
            '2XX': { description: 'Received: any 2xx ends the delivery' },
            default: { description: 'Anything else (or no answer within 10 s, or a redirect) is retried on the schedule' },
          },
        },
      },
    ]),
  );
}
