/**
 * The scenario resource: the scenario document (shared/domain/scenario) plus the resource fields.
 * Bodies are validated against `scenarioDocumentSchema` in the service, after the resource fields
 * and `copyOf` are taken out; these schemas describe them for the OpenAPI document.
 */
import * as z from 'zod';
import { scenarioObjectSchema } from '../scenario/index.js';
import { pagingQuerySchema } from '../paging.js';

export const scenarioPathSchema = z.object({
  householdId: z.string().min(1).max(128),
  scenarioId: z.string().min(1).max(128),
});
export const scenarioListPathSchema = z.object({ householdId: z.string().min(1).max(128) });

/** Any JSON object; the service validates it against the scenario document schema. */
export const jsonObjectBodySchema = z.record(z.string(), z.unknown());

export const scenarioDocumentDescription = scenarioObjectSchema.meta({
  id: 'ScenarioDocument',
  description: 'A whole household configuration (MODEL.md)',
});

export const scenarioCopySchema = z
  .looseObject({ copyOf: z.string().meta({ description: 'Id of a scenario of the same household to copy' }) })
  .meta({
    id: 'ScenarioCopy',
    description: 'A what-if copy: the other fields are a JSON merge patch applied to the copied document',
  });

export const scenarioCreateDescription = z.union([scenarioDocumentDescription, scenarioCopySchema]);

const resourceFields = {
  id: z.string(),
  householdId: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  version: z.number().int(),
};

export const scenarioReplaceDescription = scenarioObjectSchema
  .extend({
    version: z.number().int().min(1).optional(),
    id: z.string().optional(),
    householdId: z.string().optional(),
    createdAt: z.string().optional(),
    updatedAt: z.string().optional(),
  })
  .meta({ id: 'ScenarioReplace' });

export const scenarioPatchDescription = z
  .record(z.string(), z.unknown())
  .meta({ id: 'ScenarioPatch', description: 'JSON merge patch (RFC 7396) of the scenario document' });

export const scenarioSchema = scenarioObjectSchema.extend(resourceFields).meta({ id: 'Scenario' });

export const scenarioSortable = ['name', 'createdAt', 'updatedAt'] as const;
export const scenarioListQuerySchema = pagingQuerySchema(scenarioSortable);

/** Fields of the resource that are not part of the document: echoed back by clients, never stored from a body. */
export const resourceFieldNames = ['id', 'householdId', 'createdAt', 'updatedAt', 'version'] as const;
