export { scenarioDocumentSchema, type ScenarioDocument, type ScenarioDocumentInput } from './scenario-document.js';
export { scenarioObjectSchema } from './scenario-object.js';
export { validateScenario, formatFieldPath, toFieldErrors, type FieldError } from './validate-scenario.js';
export { toHouseholdPlan } from './to-household-plan.js';
export { MAX_PATHS } from './simulation.js';
