/**
 * The route table: the single list of HTTP routes. The local runtime and the CDK app both read it,
 * so a route cannot exist in one and not the other.
 */
export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Cloud permissions a handler needs beyond the table; the CDK app grants exactly these. */
export type ExtraGrant =
  | 'queue:send'
  | 'signing-key:sign'
  | 'signing-key:read-public'
  | 'usage:count'
  /** Queue webhook deliveries: every handler that can end a run (a run's end is an event) or admit one (quota events). */
  | 'webhook-queue:send'
  /** Seal a new webhook signing secret (KMS Encrypt). */
  | 'webhook-key:encrypt';

export interface Route {
  method: HttpMethod;
  /** API Gateway path template, e.g. `/households/{householdId}`. */
  path: string;
  /** Module under `functions/`, without extension, that exports `handler`. */
  handler: string;
  /** `read` handlers get read-only table access in the cloud; `write` handlers read and write; `none`, no table at all. */
  access: 'none' | 'read' | 'write';
  grants?: ExtraGrant[];
  /** False for routes that are not operations of the API (the web app's files): the OpenAPI document leaves them out. */
  apiOperation?: false;
}

/** The routes the OpenAPI document describes. */
export const apiRoutes = (): Route[] => routes.filter((r) => r.apiOperation !== false);

/**
 * Unmatched requests (unknown path: 404, known path with another method: 405, CORS preflight) go to
 * this handler; in API Gateway it is the `$default` route.
 */
export const fallbackHandler = 'system/fallback';

export const routes: Route[] = [
  { method: 'GET', path: '/health', handler: 'system/health', access: 'read' },
  { method: 'GET', path: '/openapi.json', handler: 'system/openapi', access: 'read' },
  { method: 'GET', path: '/docs', handler: 'system/docs', access: 'read' },
  { method: 'GET', path: '/docs/redoc.standalone.js', handler: 'system/docs-script', access: 'read' },

  // The web app (web/): its page and built files, the same in the cloud as locally (docs/WEB.md).
  { method: 'GET', path: '/app', handler: 'app/files', access: 'none', apiOperation: false },
  { method: 'GET', path: '/app/{file}', handler: 'app/files', access: 'none', apiOperation: false },
  { method: 'GET', path: '/app/assets/{file}', handler: 'app/files', access: 'none', apiOperation: false },

  { method: 'GET', path: '/households', handler: 'households/list', access: 'read' },
  { method: 'POST', path: '/households', handler: 'households/create', access: 'write' },
  { method: 'GET', path: '/households/{householdId}', handler: 'households/get', access: 'read' },
  { method: 'HEAD', path: '/households/{householdId}', handler: 'households/head', access: 'read' },
  { method: 'PUT', path: '/households/{householdId}', handler: 'households/replace', access: 'write' },
  { method: 'PATCH', path: '/households/{householdId}', handler: 'households/patch', access: 'write' },
  { method: 'DELETE', path: '/households/{householdId}', handler: 'households/delete', access: 'write' },

  { method: 'GET', path: '/households/{householdId}/scenarios', handler: 'scenarios/list', access: 'read' },
  { method: 'POST', path: '/households/{householdId}/scenarios', handler: 'scenarios/create', access: 'write' },
  { method: 'GET', path: '/households/{householdId}/scenarios/{scenarioId}', handler: 'scenarios/get', access: 'read' },
  { method: 'HEAD', path: '/households/{householdId}/scenarios/{scenarioId}', handler: 'scenarios/head', access: 'read' },
  { method: 'PUT', path: '/households/{householdId}/scenarios/{scenarioId}', handler: 'scenarios/replace', access: 'write' },
  { method: 'PATCH', path: '/households/{householdId}/scenarios/{scenarioId}', handler: 'scenarios/patch', access: 'write' },
  { method: 'DELETE', path: '/households/{householdId}/scenarios/{scenarioId}', handler: 'scenarios/delete', access: 'write' },

  { method: 'GET', path: '/realms/{realmId}/.well-known/openid-configuration', handler: 'identity/discovery', access: 'read' },
  {
    method: 'POST',
    path: '/realms/{realmId}/protocol/openid-connect/token',
    handler: 'identity/token',
    access: 'write',
    grants: ['signing-key:sign', 'signing-key:read-public'],
  },
  // The login page and its form post: they read clients and users and store codes; nothing is signed there.
  { method: 'GET', path: '/realms/{realmId}/protocol/openid-connect/auth', handler: 'identity/authorize', access: 'read' },
  { method: 'POST', path: '/realms/{realmId}/protocol/openid-connect/auth', handler: 'identity/authorize', access: 'write' },
  {
    method: 'GET',
    path: '/realms/{realmId}/protocol/openid-connect/certs',
    handler: 'identity/certs',
    access: 'read',
    grants: ['signing-key:read-public'],
  },
  {
    method: 'POST',
    path: '/realms/{realmId}/protocol/openid-connect/revoke',
    handler: 'identity/revoke',
    access: 'write',
    grants: ['signing-key:read-public'],
  },

  // One year's tax on its own (docs/TAX.md): computed, never stored.
  { method: 'POST', path: '/tax-calculations', handler: 'tax/calculate', access: 'read' },

  // The realm's usage ledger (docs/USAGE.md).
  { method: 'GET', path: '/usage', handler: 'usage/get', access: 'read' },

  { method: 'GET', path: '/users', handler: 'users/list', access: 'read' },
  { method: 'POST', path: '/users', handler: 'users/create', access: 'write' },
  { method: 'GET', path: '/users/{userId}', handler: 'users/get', access: 'read' },
  { method: 'HEAD', path: '/users/{userId}', handler: 'users/head', access: 'read' },
  { method: 'PUT', path: '/users/{userId}', handler: 'users/replace', access: 'write' },
  { method: 'DELETE', path: '/users/{userId}', handler: 'users/delete', access: 'write' },

  // Runs. Reads of a run are `write`: reading a run whose shards stopped coming back ends it FAILED (docs/RUNS.md).
  {
    method: 'GET',
    path: '/households/{householdId}/scenarios/{scenarioId}/simulations',
    handler: 'simulations/list',
    access: 'write',
    grants: ['webhook-queue:send'],
  },
  {
    method: 'POST',
    path: '/households/{householdId}/scenarios/{scenarioId}/simulations',
    handler: 'simulations/create',
    access: 'write',
    grants: ['queue:send', 'webhook-queue:send'],
  },
  {
    method: 'GET',
    path: '/households/{householdId}/scenarios/{scenarioId}/simulations/{simulationId}',
    handler: 'simulations/get',
    access: 'write',
    grants: ['webhook-queue:send'],
  },
  {
    method: 'HEAD',
    path: '/households/{householdId}/scenarios/{scenarioId}/simulations/{simulationId}',
    handler: 'simulations/head',
    access: 'write',
    grants: ['webhook-queue:send'],
  },
  {
    method: 'DELETE',
    path: '/households/{householdId}/scenarios/{scenarioId}/simulations/{simulationId}',
    handler: 'simulations/delete',
    access: 'write',
    grants: ['webhook-queue:send'],
  },
  {
    method: 'GET',
    path: '/households/{householdId}/scenarios/{scenarioId}/simulations/{simulationId}/output',
    handler: 'outputs/simulation-output',
    access: 'write',
    grants: ['webhook-queue:send'],
  },
  {
    method: 'HEAD',
    path: '/households/{householdId}/scenarios/{scenarioId}/simulations/{simulationId}/output',
    handler: 'outputs/simulation-output-head',
    access: 'write',
    grants: ['webhook-queue:send'],
  },
  { method: 'GET', path: '/households/{householdId}/scenarios/{scenarioId}/output', handler: 'outputs/scenario-output', access: 'read' },
  {
    method: 'HEAD',
    path: '/households/{householdId}/scenarios/{scenarioId}/output',
    handler: 'outputs/scenario-output-head',
    access: 'read',
  },
  {
    method: 'GET',
    path: '/households/{householdId}/scenarios/{scenarioId}/analyses',
    handler: 'analyses/list',
    access: 'write',
    grants: ['webhook-queue:send'],
  },
  {
    method: 'POST',
    path: '/households/{householdId}/scenarios/{scenarioId}/analyses',
    handler: 'analyses/create',
    access: 'write',
    grants: ['queue:send', 'webhook-queue:send'],
  },
  {
    method: 'GET',
    path: '/households/{householdId}/scenarios/{scenarioId}/analyses/{analysisId}',
    handler: 'analyses/get',
    access: 'write',
    grants: ['webhook-queue:send'],
  },
  {
    method: 'HEAD',
    path: '/households/{householdId}/scenarios/{scenarioId}/analyses/{analysisId}',
    handler: 'analyses/head',
    access: 'write',
    grants: ['webhook-queue:send'],
  },
  {
    method: 'DELETE',
    path: '/households/{householdId}/scenarios/{scenarioId}/analyses/{analysisId}',
    handler: 'analyses/delete',
    access: 'write',
    grants: ['webhook-queue:send'],
  },
  {
    method: 'GET',
    path: '/households/{householdId}/comparisons',
    handler: 'comparisons/list',
    access: 'write',
    grants: ['webhook-queue:send'],
  },
  {
    method: 'POST',
    path: '/households/{householdId}/comparisons',
    handler: 'comparisons/create',
    access: 'write',
    grants: ['queue:send', 'webhook-queue:send'],
  },
  {
    method: 'GET',
    path: '/households/{householdId}/comparisons/{comparisonId}',
    handler: 'comparisons/get',
    access: 'write',
    grants: ['webhook-queue:send'],
  },
  {
    method: 'HEAD',
    path: '/households/{householdId}/comparisons/{comparisonId}',
    handler: 'comparisons/head',
    access: 'write',
    grants: ['webhook-queue:send'],
  },
  {
    method: 'DELETE',
    path: '/households/{householdId}/comparisons/{comparisonId}',
    handler: 'comparisons/delete',
    access: 'write',
    grants: ['webhook-queue:send'],
  },

  // A completed run's lives, replayed on demand, and queries over them (docs/QUERIES.md). Reads are `write`, as other reads of runs.
  {
    method: 'GET',
    path: '/households/{householdId}/scenarios/{scenarioId}/simulations/{simulationId}/lives',
    handler: 'lives/simulation-list',
    access: 'write',
  },
  {
    method: 'GET',
    path: '/households/{householdId}/scenarios/{scenarioId}/simulations/{simulationId}/lives/{index}',
    handler: 'lives/simulation-get',
    access: 'write',
  },
  {
    method: 'POST',
    path: '/households/{householdId}/scenarios/{scenarioId}/simulations/{simulationId}/queries',
    handler: 'queries/simulation-create',
    access: 'write',
    grants: ['queue:send', 'webhook-queue:send'],
  },
  {
    method: 'GET',
    path: '/households/{householdId}/scenarios/{scenarioId}/simulations/{simulationId}/queries/{queryId}',
    handler: 'queries/simulation-get',
    access: 'write',
    grants: ['webhook-queue:send'],
  },
  { method: 'GET', path: '/households/{householdId}/comparisons/{comparisonId}/lives', handler: 'lives/comparison-list', access: 'write' },
  {
    method: 'GET',
    path: '/households/{householdId}/comparisons/{comparisonId}/lives/{index}',
    handler: 'lives/comparison-get',
    access: 'write',
  },
  {
    method: 'POST',
    path: '/households/{householdId}/comparisons/{comparisonId}/queries',
    handler: 'queries/comparison-create',
    access: 'write',
    grants: ['queue:send', 'webhook-queue:send'],
  },
  {
    method: 'GET',
    path: '/households/{householdId}/comparisons/{comparisonId}/queries/{queryId}',
    handler: 'queries/comparison-get',
    access: 'write',
    grants: ['webhook-queue:send'],
  },

  // Webhooks (docs/EVENTS.md). Creating one and rotating its secret seal a new secret.
  { method: 'GET', path: '/webhooks', handler: 'webhooks/list', access: 'read' },
  { method: 'POST', path: '/webhooks', handler: 'webhooks/register', access: 'write', grants: ['webhook-key:encrypt'] },
  { method: 'GET', path: '/webhooks/{webhookId}', handler: 'webhooks/get', access: 'read' },
  { method: 'PUT', path: '/webhooks/{webhookId}', handler: 'webhooks/replace', access: 'write' },
  { method: 'DELETE', path: '/webhooks/{webhookId}', handler: 'webhooks/delete', access: 'write' },
  {
    method: 'POST',
    path: '/webhooks/{webhookId}/secret',
    handler: 'webhooks/rotate-secret',
    access: 'write',
    grants: ['webhook-key:encrypt'],
  },
  { method: 'GET', path: '/webhooks/{webhookId}/deliveries', handler: 'webhooks/deliveries', access: 'read' },
  {
    method: 'POST',
    path: '/webhooks/{webhookId}/deliveries/{deliveryId}/retry',
    handler: 'webhooks/retry-delivery',
    access: 'write',
    grants: ['webhook-queue:send'],
  },
];
