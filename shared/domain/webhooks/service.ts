/**
 * `/webhooks` use cases. A realm administrator or a service account with the `webhook-manager`
 * role manages the realm's endpoints; anyone else gets 403. An endpoint's secret is shown once,
 * when it is made (by the POST, or by a rotation), and stored only sealed (secret-sealing.ts).
 */
import { randomBytes } from 'node:crypto';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors.js';
import type { Page, PageRequest } from '../paging.js';
import { sortAndPage } from '../paging.js';
import { isRealmAdmin, type Principal, webhookManagerRole } from '../principal.js';
import { checkPreconditions, type WritePreconditions } from '../versioning.js';
import { deleteDeliveriesOf, getDelivery, listDeliveries as listStoredDeliveries, reopenDelivery } from '../../store/webhook-deliveries.js';
import type { StoredDelivery } from '../../store/webhook-deliveries.js';
import {
  deleteWebhookIfVersion,
  getWebhook,
  insertWebhook,
  listWebhooks as listStoredWebhooks,
  maxWebhooksPerRealm,
  newWebhookId,
  replaceWebhookIfVersion,
  type SealedSecret,
  type WebhookRecord,
} from '../../store/webhooks.js';
import { deliveryClock, enqueueDeliveries } from './delivery-queue.js';
import type { Delivery, Webhook, WebhookCreate, WebhookReplace } from './schema.js';
import { secretSealer } from './secret-sealing.js';
import { networkPolicy, urlProblem } from './url-safety.js';

/** How long a rotated-out secret still signs (beside the new one): receivers switch within it. */
export const secretOverlapMs = 24 * 3_600_000;

function assertCanManage(principal: Principal): void {
  if (isRealmAdmin(principal) || (principal.kind === 'service' && principal.roles.includes(webhookManagerRole))) return;
  throw new ForbiddenError("Only a realm administrator or a service account with the webhook-manager role may manage the realm's webhooks");
}

function checkUrl(url: string): void {
  const problem = urlProblem(url, networkPolicy());
  if (problem) throw new ValidationError('Invalid webhook', [{ field: 'url', message: problem }]);
}

/** A new signing secret: 32 random bytes, base64, in the Standard Webhooks `whsec_` form. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

export function toWebhook(record: WebhookRecord, now = new Date()): Webhook {
  const { secrets, ...rest } = record;
  const current = secrets.find((secret) => !secret.expiresAt) ?? secrets[0];
  const previous = secrets.find((secret) => secret.expiresAt && Date.parse(secret.expiresAt) > now.getTime());
  return {
    ...rest,
    secretCreatedAt: current.createdAt,
    ...(previous?.expiresAt ? { previousSecretExpiresAt: previous.expiresAt } : {}),
  };
}

function toDelivery(stored: StoredDelivery): Delivery {
  const { payload: _payload, attemptCount: _count, maxAttempts: _max, ...rest } = stored;
  return rest;
}

async function load(principal: Principal, webhookId: string): Promise<WebhookRecord> {
  assertCanManage(principal);
  const record = await getWebhook({ realmId: principal.realmId, webhookId });
  if (!record) throw new NotFoundError(`Webhook ${webhookId} not found`);
  return record;
}

async function sealedSecret(principal: Principal, webhookId: string, now: Date): Promise<{ secret: string; sealed: SealedSecret }> {
  const secret = newSecret();
  const sealed = await secretSealer().seal(secret, { realmId: principal.realmId, webhookId });
  return { secret, sealed: { sealed, createdAt: now.toISOString() } };
}

export async function listWebhooks(principal: Principal, request: PageRequest): Promise<Page<Webhook>> {
  assertCanManage(principal);
  const now = new Date();
  return sortAndPage(
    (await listStoredWebhooks(principal.realmId)).map((record) => toWebhook(record, now)),
    request,
  );
}

export async function createWebhook(principal: Principal, body: WebhookCreate): Promise<Webhook & { secret: string }> {
  assertCanManage(principal);
  checkUrl(body.url);
  if ((await listStoredWebhooks(principal.realmId)).length >= maxWebhooksPerRealm) {
    throw new ConflictError(`A realm holds at most ${maxWebhooksPerRealm} webhooks`);
  }
  const now = new Date();
  const id = newWebhookId();
  const { secret, sealed } = await sealedSecret(principal, id, now);
  const record: WebhookRecord = {
    id,
    url: body.url,
    eventTypes: [...new Set(body.eventTypes)],
    enabled: body.enabled ?? true,
    secrets: [sealed],
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    version: 1,
  };
  await insertWebhook(principal.realmId, record);
  return { ...toWebhook(record, now), secret };
}

export async function getWebhookView(principal: Principal, webhookId: string): Promise<Webhook> {
  return toWebhook(await load(principal, webhookId));
}

export async function replaceWebhook(
  principal: Principal,
  webhookId: string,
  body: WebhookReplace,
  preconditions: WritePreconditions,
): Promise<Webhook> {
  const current = await load(principal, webhookId);
  checkPreconditions(current.version, { ...preconditions, bodyVersion: body.version });
  if (body.id !== undefined && body.id !== webhookId) {
    throw new ValidationError('Invalid webhook', [{ field: 'id', message: 'must be the id of the webhook being written' }]);
  }
  checkUrl(body.url);
  const enabled = body.enabled ?? true;
  const { disabledReason, ...kept } = current;
  const next: WebhookRecord = {
    ...kept,
    url: body.url,
    eventTypes: [...new Set(body.eventTypes)],
    enabled,
    // Enabling it again clears why it was disabled; a disabled endpoint keeps the reason.
    ...(!enabled && disabledReason ? { disabledReason } : {}),
    updatedAt: new Date().toISOString(),
    version: current.version + 1,
  };
  await replaceWebhookIfVersion(principal.realmId, next, current.version);
  return toWebhook(next);
}

export async function deleteWebhook(principal: Principal, webhookId: string, preconditions: WritePreconditions): Promise<void> {
  const current = await load(principal, webhookId);
  checkPreconditions(current.version, preconditions);
  await deleteWebhookIfVersion({ realmId: principal.realmId, webhookId }, current.version);
  await deleteDeliveriesOf({ realmId: principal.realmId, webhookId });
}

/**
 * A new secret; the current one keeps signing beside it for `secretOverlapMs` (receivers verify
 * with either), and any older one is dropped.
 */
export async function rotateSecret(
  principal: Principal,
  webhookId: string,
  preconditions: WritePreconditions,
): Promise<{ secret: string; previousSecretExpiresAt: string; webhook: Webhook }> {
  const current = await load(principal, webhookId);
  checkPreconditions(current.version, preconditions);
  const now = new Date();
  const previousSecretExpiresAt = new Date(now.getTime() + secretOverlapMs).toISOString();
  const { secret, sealed } = await sealedSecret(principal, webhookId, now);
  const retiring = current.secrets
    .filter((stored) => !stored.expiresAt)
    .map((stored) => ({ ...stored, expiresAt: previousSecretExpiresAt }));
  const next: WebhookRecord = { ...current, secrets: [sealed, ...retiring], updatedAt: now.toISOString(), version: current.version + 1 };
  await replaceWebhookIfVersion(principal.realmId, next, current.version);
  return { secret, previousSecretExpiresAt, webhook: toWebhook(next, now) };
}

export async function listDeliveries(principal: Principal, webhookId: string, request: PageRequest): Promise<Page<Delivery>> {
  await load(principal, webhookId);
  return sortAndPage((await listStoredDeliveries({ realmId: principal.realmId, webhookId })).map(toDelivery), request);
}

/** Sends an ended delivery once more, now; 409 while it is still pending. */
export async function retryDelivery(principal: Principal, webhookId: string, deliveryId: string): Promise<Delivery> {
  await load(principal, webhookId);
  const ref = { realmId: principal.realmId, webhookId, deliveryId };
  if (!(await getDelivery(ref))) throw new NotFoundError(`Delivery ${deliveryId} not found`);
  if (!(await reopenDelivery(ref, deliveryClock().now())))
    throw new ConflictError('The delivery is still pending: it will be tried on its schedule');
  await enqueueDeliveries([ref]);
  const reopened = await getDelivery(ref);
  if (!reopened) throw new NotFoundError(`Delivery ${deliveryId} not found`);
  return toDelivery(reopened);
}
