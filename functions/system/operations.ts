/**
 * Handlers whose route specs describe the OpenAPI operations, keyed by their module in the route
 * table. A route without an entry here still appears in the document, with the generic responses.
 * Add your handlers here when you add routes.
 */
import type { ApiHandler } from '../../shared/http/stack.js';
import { handler as healthHandler } from './health.js';
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

export const operationHandlers: Record<string, Pick<ApiHandler, 'spec'>> = {
  'system/health': healthHandler,
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
};
