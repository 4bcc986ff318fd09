import { emptyBodySchema, secretRotationSchema, webhookPathSchema } from '../../shared/domain/webhooks/schema.js';
import { rotateSecret } from '../../shared/domain/webhooks/service.js';
import { etagOf } from '../../shared/domain/versioning.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: "Rotate a webhook's signing secret",
    description:
      'Returns the new secret, shown only here. For 24 hours (until `previousSecretExpiresAt`) every event is signed with ' +
      'the new and the previous secret (two signatures in `webhook-signature`), so a receiver verifies with either while it ' +
      'switches. Honours If-Match (412 when stale).',
    tags: ['webhooks'],
    errors: [409, 412],
    bodyDocumentation: emptyBodySchema,
    bodyOptional: true,
    path: webhookPathSchema,
    responses: { 200: { description: 'The new secret', schema: secretRotationSchema, headers: ['ETag'] } },
  },
  async ({ principal, path, preconditions }) => {
    const rotated = await rotateSecret(principal, path.webhookId, preconditions);
    return {
      status: 200,
      body: { secret: rotated.secret, previousSecretExpiresAt: rotated.previousSecretExpiresAt },
      headers: { ETag: etagOf(rotated.webhook.version) },
    };
  },
);
