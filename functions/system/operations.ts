/**
 * Every handler of the route table, keyed by its module, for the OpenAPI document: its route spec
 * (the schemas it validates with) is its operation. The document and docs routes describe
 * themselves in openapi-document.ts. A route whose handler is missing here makes the document
 * fail to build (and test/integration/openapi-coverage.test.ts fail).
 */
import type { ApiHandler } from '../../shared/http/stack.js';
import { handler as systemHealth } from './health.js';
import { handler as systemDocsScript } from './docs-script.js';
import { handler as householdsList } from '../households/list.js';
import { handler as householdsCreate } from '../households/create.js';
import { handler as householdsGet } from '../households/get.js';
import { handler as householdsHead } from '../households/head.js';
import { handler as householdsReplace } from '../households/replace.js';
import { handler as householdsPatch } from '../households/patch.js';
import { handler as householdsDelete } from '../households/delete.js';
import { handler as scenariosList } from '../scenarios/list.js';
import { handler as scenariosCreate } from '../scenarios/create.js';
import { handler as scenariosGet } from '../scenarios/get.js';
import { handler as scenariosHead } from '../scenarios/head.js';
import { handler as scenariosReplace } from '../scenarios/replace.js';
import { handler as scenariosPatch } from '../scenarios/patch.js';
import { handler as scenariosDelete } from '../scenarios/delete.js';
import { handler as identityDiscovery } from '../identity/discovery.js';
import { handler as identityToken } from '../identity/token.js';
import { handler as identityAuthorize } from '../identity/authorize.js';
import { handler as identityCerts } from '../identity/certs.js';
import { handler as identityRevoke } from '../identity/revoke.js';
import { handler as usageGet } from '../usage/get.js';
import { handler as taxCalculate } from '../tax/calculate.js';
import { handler as usersList } from '../users/list.js';
import { handler as usersCreate } from '../users/create.js';
import { handler as usersGet } from '../users/get.js';
import { handler as usersHead } from '../users/head.js';
import { handler as usersReplace } from '../users/replace.js';
import { handler as usersDelete } from '../users/delete.js';
import { handler as simulationsList } from '../simulations/list.js';
import { handler as simulationsCreate } from '../simulations/create.js';
import { handler as simulationsGet } from '../simulations/get.js';
import { handler as simulationsHead } from '../simulations/head.js';
import { handler as simulationsDelete } from '../simulations/delete.js';
import { handler as outputsSimulationOutput } from '../outputs/simulation-output.js';
import { handler as outputsSimulationOutputHead } from '../outputs/simulation-output-head.js';
import { handler as outputsScenarioOutput } from '../outputs/scenario-output.js';
import { handler as outputsScenarioOutputHead } from '../outputs/scenario-output-head.js';
import { handler as comparisonsList } from '../comparisons/list.js';
import { handler as comparisonsCreate } from '../comparisons/create.js';
import { handler as comparisonsGet } from '../comparisons/get.js';
import { handler as comparisonsHead } from '../comparisons/head.js';
import { handler as comparisonsDelete } from '../comparisons/delete.js';
import { handler as analysesList } from '../analyses/list.js';
import { handler as analysesCreate } from '../analyses/create.js';
import { handler as analysesGet } from '../analyses/get.js';
import { handler as analysesHead } from '../analyses/head.js';
import { handler as analysesDelete } from '../analyses/delete.js';
import { handler as livesSimulationList } from '../lives/simulation-list.js';
import { handler as livesSimulationGet } from '../lives/simulation-get.js';
import { handler as livesComparisonList } from '../lives/comparison-list.js';
import { handler as livesComparisonGet } from '../lives/comparison-get.js';
import { handler as queriesSimulationCreate } from '../queries/simulation-create.js';
import { handler as queriesSimulationGet } from '../queries/simulation-get.js';
import { handler as queriesComparisonCreate } from '../queries/comparison-create.js';
import { handler as queriesComparisonGet } from '../queries/comparison-get.js';
import { handler as webhooksList } from '../webhooks/list.js';
import { handler as webhooksRegister } from '../webhooks/register.js';
import { handler as webhooksGet } from '../webhooks/get.js';
import { handler as webhooksReplace } from '../webhooks/replace.js';
import { handler as webhooksDelete } from '../webhooks/delete.js';
import { handler as webhooksRotateSecret } from '../webhooks/rotate-secret.js';
import { handler as webhooksDeliveries } from '../webhooks/deliveries.js';
import { handler as webhooksRetryDelivery } from '../webhooks/retry-delivery.js';

export const operationHandlers: Record<string, Pick<ApiHandler, 'spec'>> = {
  'system/health': systemHealth,
  'system/docs-script': systemDocsScript,
  'households/list': householdsList,
  'households/create': householdsCreate,
  'households/get': householdsGet,
  'households/head': householdsHead,
  'households/replace': householdsReplace,
  'households/patch': householdsPatch,
  'households/delete': householdsDelete,
  'scenarios/list': scenariosList,
  'scenarios/create': scenariosCreate,
  'scenarios/get': scenariosGet,
  'scenarios/head': scenariosHead,
  'scenarios/replace': scenariosReplace,
  'scenarios/patch': scenariosPatch,
  'scenarios/delete': scenariosDelete,
  'identity/discovery': identityDiscovery,
  'identity/token': identityToken,
  'identity/authorize': identityAuthorize,
  'identity/certs': identityCerts,
  'identity/revoke': identityRevoke,
  'usage/get': usageGet,
  'tax/calculate': taxCalculate,
  'users/list': usersList,
  'users/create': usersCreate,
  'users/get': usersGet,
  'users/head': usersHead,
  'users/replace': usersReplace,
  'users/delete': usersDelete,
  'simulations/list': simulationsList,
  'simulations/create': simulationsCreate,
  'simulations/get': simulationsGet,
  'simulations/head': simulationsHead,
  'simulations/delete': simulationsDelete,
  'outputs/simulation-output': outputsSimulationOutput,
  'outputs/simulation-output-head': outputsSimulationOutputHead,
  'outputs/scenario-output': outputsScenarioOutput,
  'outputs/scenario-output-head': outputsScenarioOutputHead,
  'comparisons/list': comparisonsList,
  'comparisons/create': comparisonsCreate,
  'comparisons/get': comparisonsGet,
  'comparisons/head': comparisonsHead,
  'comparisons/delete': comparisonsDelete,
  'analyses/list': analysesList,
  'analyses/create': analysesCreate,
  'analyses/get': analysesGet,
  'analyses/head': analysesHead,
  'analyses/delete': analysesDelete,
  'lives/simulation-list': livesSimulationList,
  'lives/simulation-get': livesSimulationGet,
  'lives/comparison-list': livesComparisonList,
  'lives/comparison-get': livesComparisonGet,
  'queries/simulation-create': queriesSimulationCreate,
  'queries/simulation-get': queriesSimulationGet,
  'queries/comparison-create': queriesComparisonCreate,
  'queries/comparison-get': queriesComparisonGet,
  'webhooks/list': webhooksList,
  'webhooks/register': webhooksRegister,
  'webhooks/get': webhooksGet,
  'webhooks/replace': webhooksReplace,
  'webhooks/delete': webhooksDelete,
  'webhooks/rotate-secret': webhooksRotateSecret,
  'webhooks/deliveries': webhooksDeliveries,
  'webhooks/retry-delivery': webhooksRetryDelivery,
};
