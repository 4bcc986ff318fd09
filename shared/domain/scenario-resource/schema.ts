/**
 * The scenario resource: the scenario document (shared/domain/scenario) plus the resource fields.
 * Bodies are validated against `scenarioDocumentSchema` in the service, after the resource fields
 * and `copyOf` are taken out; these schemas describe them for the OpenAPI document.
 */
import * as z from 'zod/mini';
import { scenarioObjectSchema } from '../scenario/index.js';
import { idSchema } from '../ids.js';
import { pagingQuerySchema } from '../paging.js';

export const scenarioPathSchema = z.object({ householdId: idSchema, scenarioId: idSchema });
export const scenarioListPathSchema = z.object({ householdId: idSchema });

/** Any JSON object; the service validates it against the scenario document schema. */
export const jsonObjectBodySchema = z.record(z.string(), z.unknown());

/** The document schema named for the OpenAPI document (a copy: the schema the service parses with stays unnamed). */
export const scenarioDocumentDescription = z.clone(scenarioObjectSchema).register(z.globalRegistry, {
  id: 'ScenarioDocument',
  description: 'A whole household configuration (docs/MODEL.md)',
});

export const scenarioCopySchema = z
  .looseObject({ copyOf: z.string().register(z.globalRegistry, { description: 'Id of a scenario of the same household to copy' }) })
  .register(z.globalRegistry, {
    id: 'ScenarioCopy',
    description: 'A what-if copy: the other fields are a JSON merge patch applied to the copied document',
  });

export const scenarioCreateDescription = z.union([scenarioDocumentDescription, scenarioCopySchema]);

const resourceFields = {
  id: z.string(),
  householdId: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  version: z.number().check(z.int()),
};

export const scenarioReplaceDescription = z
  .extend(scenarioObjectSchema, {
    version: z.optional(z.number().check(z.int(), z.minimum(1))),
    id: z.optional(z.string()),
    householdId: z.optional(z.string()),
    createdAt: z.optional(z.string()),
    updatedAt: z.optional(z.string()),
  })
  .register(z.globalRegistry, { id: 'ScenarioReplace' });

export const scenarioPatchDescription = z
  .record(z.string(), z.unknown())
  .register(z.globalRegistry, { id: 'ScenarioPatch', description: 'JSON merge patch (RFC 7396) of the scenario document' });

export const scenarioSchema = z.extend(scenarioObjectSchema, resourceFields).register(z.globalRegistry, { id: 'Scenario' });

export const scenarioSortable = ['name', 'createdAt', 'updatedAt'] as const;
export const scenarioListQuerySchema = pagingQuerySchema(scenarioSortable);

/** Fields of the resource that are not part of the document: echoed back by clients, never stored from a body. */
export const resourceFieldNames = ['id', 'householdId', 'createdAt', 'updatedAt', 'version'] as const;
