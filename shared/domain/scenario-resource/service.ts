/** Scenario use cases. Access follows the household; the document is validated whole on every write. */
import { NotFoundError, ValidationError } from '../errors.js';
import { idMessage, isId } from '../ids.js';
import { parseOrThrow } from '../field-errors.js';
import { loadHousehold } from '../households/service.js';
import { defaultTaxSystem } from '../scenario/tax-settings.js';
import { applyDocumentPatch, type DocumentPatch } from '../document-patch.js';
import { applyMergePatch } from '../merge-patch.js';
import type { Page, PageRequest } from '../paging.js';
import { sortAndPage } from '../paging.js';
import type { Principal } from '../principal.js';
import { scenarioDocumentSchema, type ScenarioDocument } from '../scenario/index.js';
import { checkPreconditions } from '../versioning.js';
import type { WritePreconditions } from '../versioning.js';
import {
  deleteScenarioCascade,
  findScenario,
  getScenarios,
  insertScenario,
  listScenarioSummaries,
  updateScenarioIfVersion,
} from '../../store/scenarios.js';
import type { ScenarioRecord } from '../../store/scenarios.js';
import { resourceFieldNames } from './schema.js';
import { withDefaultCountry } from './default-country.js';
import { randomSeed } from '../../engine/random/index.js';

export type ScenarioResource = Record<string, unknown> & {
  id: string;
  householdId: string;
  createdAt: string;
  updatedAt: string;
  version: number;
};

export function toResource(record: ScenarioRecord): ScenarioResource {
  return {
    ...record.document,
    id: record.id,
    householdId: record.householdId,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    version: record.version,
  };
}

/** A new scenario without a tax system takes its household's currency's (docs/TAX.md, "Defaults"). */
function withTaxSystem(input: unknown, currency: string, kept?: string): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input) || 'taxSystem' in input) return input;
  return { ...input, taxSystem: kept ?? defaultTaxSystem(input as Record<string, unknown>, currency) };
}

/** The document as written, its country taken from the household's currency when it names none. */
function validDocument(input: unknown, currency: string): ScenarioRecord['document'] {
  return parseOrThrow(scenarioDocumentSchema, withDefaultCountry(input, currency), 'scenario') as ScenarioRecord['document'];
}

/** The live scenario the caller may use (access checked on its household), and the household's currency. */
async function loadScenarioOfHousehold(
  principal: Principal,
  householdId: string,
  scenarioId: string,
): Promise<{ record: ScenarioRecord; currency: string }> {
  // Both read at once: the scenario is only returned once the household is found and the caller
  // may access it (loadHousehold's 404 or 403 comes first), and its read costs a round trip less.
  const [household, record] = await Promise.all([
    loadHousehold(principal, householdId),
    findScenario({ realmId: principal.realmId, householdId, scenarioId }),
  ]);
  if (!record || record.deletingAt) throw new NotFoundError(`Scenario ${scenarioId} not found in household ${householdId}`);
  return { record, currency: household.currency };
}

/** The live scenario the caller may use (access checked on its household). */
export async function loadScenario(principal: Principal, householdId: string, scenarioId: string): Promise<ScenarioRecord> {
  return (await loadScenarioOfHousehold(principal, householdId, scenarioId)).record;
}

export async function listScenarios(principal: Principal, householdId: string, request: PageRequest): Promise<Page<ScenarioResource>> {
  await loadHousehold(principal, householdId);
  const page = sortAndPage(await listScenarioSummaries({ realmId: principal.realmId, householdId }), request);
  const records = await getScenarios(
    { realmId: principal.realmId, householdId },
    page.content.map((s) => s.id),
  );
  return { content: records.map(toResource), page: page.page };
}

export async function createScenario(principal: Principal, householdId: string, body: Record<string, unknown>): Promise<ScenarioResource> {
  const household = await loadHousehold(principal, householdId);
  let input: unknown = body;
  if ('copyOf' in body) {
    const { copyOf, ...changes } = body;
    if (!isId(copyOf)) throw new ValidationError('Invalid scenario', [{ field: 'copyOf', message: idMessage }]);
    const source = await findScenario({ realmId: principal.realmId, householdId, scenarioId: copyOf });
    if (!source || source.deletingAt) {
      throw new ValidationError('Invalid scenario', [{ field: 'copyOf', message: `no scenario ${copyOf} in this household` }]);
    }
    input = applyMergePatch(source.document, changes);
  }
  const record = await insertScenario(
    { realmId: principal.realmId, householdId },
    withSeed(validDocument(withTaxSystem(input, household.currency), household.currency)),
  );
  return toResource(record);
}

/**
 * A new scenario keeps the seed it names (a copy, its source's), or gets one now: every run,
 * comparison and analysis of it then draws the same paths by default, so its figures agree
 * across screens and runs.
 */
function withSeed(document: ScenarioRecord['document']): ScenarioRecord['document'] {
  const simulation = (document as ScenarioDocument).simulation;
  if (simulation.seed !== undefined) return document;
  return { ...document, simulation: { ...simulation, seed: randomSeed() } };
}

export async function getScenario(principal: Principal, householdId: string, scenarioId: string): Promise<ScenarioResource> {
  return toResource(await loadScenario(principal, householdId, scenarioId));
}

function withoutResourceFields(body: Record<string, unknown>, current: ScenarioRecord): { document: unknown; bodyVersion?: number } {
  const document: Record<string, unknown> = { ...body };
  for (const field of resourceFieldNames) delete document[field];
  const errors = [];
  if (body.id !== undefined && body.id !== current.id)
    errors.push({ field: 'id', message: 'must be the id of the scenario being written' });
  if (body.householdId !== undefined && body.householdId !== current.householdId) {
    errors.push({ field: 'householdId', message: 'must be the household of the scenario being written' });
  }
  if (body.version !== undefined && (typeof body.version !== 'number' || !Number.isInteger(body.version))) {
    errors.push({ field: 'version', message: 'must be an integer' });
  }
  if (errors.length > 0) throw new ValidationError('Invalid scenario', errors);
  return { document, bodyVersion: body.version as number | undefined };
}

async function write(
  principal: Principal,
  { record: current, currency }: { record: ScenarioRecord; currency: string },
  body: Record<string, unknown>,
  preconditions: WritePreconditions,
): Promise<ScenarioResource> {
  const { document, bodyVersion } = withoutResourceFields(body, current);
  checkPreconditions(current.version, { ...preconditions, bodyVersion });
  const next: ScenarioRecord = {
    ...current,
    // A replacement that names no tax system keeps the scenario's.
    document: validDocument(
      current.document.taxSystem !== undefined ? withTaxSystem(document, '', String(current.document.taxSystem)) : document,
      currency,
    ),
    updatedAt: new Date().toISOString(),
    version: current.version + 1,
  };
  return toResource(await updateScenarioIfVersion(principal.realmId, next, current.version));
}

export async function replaceScenario(
  principal: Principal,
  householdId: string,
  scenarioId: string,
  body: Record<string, unknown>,
  preconditions: WritePreconditions,
): Promise<ScenarioResource> {
  return write(principal, await loadScenarioOfHousehold(principal, householdId, scenarioId), body, preconditions);
}

export async function patchScenario(
  principal: Principal,
  householdId: string,
  scenarioId: string,
  patch: DocumentPatch,
  preconditions: WritePreconditions,
): Promise<ScenarioResource> {
  const current = await loadScenarioOfHousehold(principal, householdId, scenarioId);
  const patched = applyDocumentPatch(current.record.document, patch);
  if (patched === null || typeof patched !== 'object' || Array.isArray(patched)) {
    throw new ValidationError('Invalid scenario', [{ field: '(document)', message: 'the patched scenario must be a JSON object' }]);
  }
  return write(principal, current, patched as Record<string, unknown>, preconditions);
}

export async function deleteScenario(
  principal: Principal,
  householdId: string,
  scenarioId: string,
  preconditions: WritePreconditions,
): Promise<void> {
  await loadHousehold(principal, householdId);
  const record = await findScenario({ realmId: principal.realmId, householdId, scenarioId });
  if (!record) throw new NotFoundError(`Scenario ${scenarioId} not found in household ${householdId}`);
  if (!record.deletingAt) checkPreconditions(record.version, preconditions);
  await deleteScenarioCascade({ realmId: principal.realmId, householdId, scenarioId }, record.version);
}
