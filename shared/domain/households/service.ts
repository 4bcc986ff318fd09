/** Household use cases: each checks access, then reads or writes through the store. */
import type * as z from 'zod/mini';
import { assertCanAccessHousehold } from '../access.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { isId } from '../ids.js';
import { parseOrThrow } from '../field-errors.js';
import { applyDocumentPatch, type DocumentPatch } from '../document-patch.js';
import type { Page, PageRequest } from '../paging.js';
import { sortAndPage } from '../paging.js';
import { isRealmAdmin, type Principal } from '../principal.js';
import { identityStore } from '../../store/identity/process-store.js';
import { checkPreconditions } from '../versioning.js';
import type { WritePreconditions } from '../versioning.js';
import {
  deleteHouseholdCascade,
  findHouseholdRecord,
  insertHousehold,
  publicHousehold,
  queryHouseholds,
  updateHouseholdIfVersion,
} from '../../store/households.js';
import type { HouseholdRecord } from '../../store/households.js';
import { householdReplaceSchema } from './schema.js';
import type { Household, HouseholdFields } from './schema.js';

type ReplaceBody = z.infer<typeof householdReplaceSchema>;

const invalidOwner = (message: string) => new ValidationError('Invalid household', [{ field: 'ownerId', message }]);

/**
 * The owner a write names, checked against who is writing. A realm administrator names a user of
 * its realm (checked whenever the owner changes); anyone else owns what it writes.
 */
async function ownerFor(principal: Principal, requested: string | undefined, current?: string): Promise<string> {
  if (isRealmAdmin(principal)) {
    const owner = requested ?? current;
    if (!owner) throw invalidOwner('is required for a realm administrator');
    if (owner !== current && !(isId(owner) && (await identityStore().users.get(principal.realmId, owner)))) {
      throw invalidOwner('must be the id of a user of this realm');
    }
    return owner;
  }
  if (requested !== undefined && requested !== principal.subject) throw invalidOwner('must be your own id');
  return principal.subject;
}

/** The live household the caller may use: 404 when absent or being deleted, 403 when not theirs. */
export async function loadHousehold(principal: Principal, householdId: string): Promise<HouseholdRecord> {
  const record = await findHouseholdRecord({ realmId: principal.realmId, householdId });
  if (!record || record.deletingAt) throw new NotFoundError(`Household ${householdId} not found`);
  assertCanAccessHousehold(principal, record);
  return record;
}

export async function listHouseholds(principal: Principal, request: PageRequest): Promise<Page<Household>> {
  const all = await queryHouseholds(principal.realmId, isRealmAdmin(principal) ? undefined : principal.subject);
  return sortAndPage(all, request);
}

export async function createHousehold(principal: Principal, fields: HouseholdFields): Promise<Household> {
  return insertHousehold(principal.realmId, { ...fields, ownerId: await ownerFor(principal, fields.ownerId) });
}

export async function getHousehold(principal: Principal, householdId: string): Promise<Household> {
  return publicHousehold(await loadHousehold(principal, householdId));
}

export async function replaceHousehold(
  principal: Principal,
  householdId: string,
  body: ReplaceBody,
  preconditions: WritePreconditions,
): Promise<Household> {
  const current = await loadHousehold(principal, householdId);
  checkPreconditions(current.version, { ...preconditions, bodyVersion: body.version });
  if (body.id !== undefined && body.id !== householdId) {
    throw new ValidationError('Invalid household', [{ field: 'id', message: 'must be the id of the household being written' }]);
  }
  const next: Household = {
    id: current.id,
    name: body.name,
    currency: body.currency,
    ownerId: await ownerFor(principal, body.ownerId, current.ownerId),
    createdAt: current.createdAt,
    updatedAt: new Date().toISOString(),
    version: current.version + 1,
  };
  if (body.externalReference !== undefined) next.externalReference = body.externalReference;
  return updateHouseholdIfVersion(principal.realmId, next, current.version);
}

export async function patchHousehold(
  principal: Principal,
  householdId: string,
  patch: DocumentPatch,
  preconditions: WritePreconditions,
): Promise<Household> {
  const current = await loadHousehold(principal, householdId);
  const { id: _id, createdAt: _c, updatedAt: _u, version: _v, ...writable } = publicHousehold(current);
  const patched = applyDocumentPatch(writable, patch);
  const body = parseOrThrow(householdReplaceSchema, patched, 'household');
  return replaceHousehold(principal, householdId, body, preconditions);
}

export async function deleteHousehold(principal: Principal, householdId: string, preconditions: WritePreconditions): Promise<void> {
  const record = await findHouseholdRecord({ realmId: principal.realmId, householdId });
  if (!record) throw new NotFoundError(`Household ${householdId} not found`);
  assertCanAccessHousehold(principal, record);
  // A delete that was interrupted resumes: the household is already gone for everyone else.
  if (!record.deletingAt) checkPreconditions(record.version, preconditions);
  await deleteHouseholdCascade({ realmId: principal.realmId, householdId }, record.version);
}
