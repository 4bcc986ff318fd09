import * as z from 'zod/mini';
import { checkScenarioRules } from './cross-field-rules.js';
import { scenarioObjectSchema } from './scenario-object.js';

/** A scenario as the API accepts it: the object's fields, then the rules that span fields. */
export const scenarioDocumentSchema = scenarioObjectSchema.check(z.superRefine(checkScenarioRules));

export type ScenarioDocument = z.output<typeof scenarioDocumentSchema>;
export type ScenarioDocumentInput = z.input<typeof scenarioDocumentSchema>;
