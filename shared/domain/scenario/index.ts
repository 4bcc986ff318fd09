export { scenarioDocumentSchema, scenarioObjectSchema, type ScenarioDocument, type ScenarioDocumentInput } from './scenario-document.js';
export { validateScenario, formatFieldPath, toFieldErrors, type FieldError } from './validate-scenario.js';
export { toHouseholdPlan } from './to-household-plan.js';
export { MAX_PATHS } from './simulation.js';
