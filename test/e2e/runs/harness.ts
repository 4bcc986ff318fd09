/**
 * The run tests' server: the real local runtime (HTTP server, dynalite, in-process shard queue and
 * worker threads) with the identity provider, a real user token from its token endpoint, and the
 * typed client (every response checked against the OpenAPI document).
 */
import { bootstrapDemo, localIdentityPlugin } from '../../../infra/local/bootstrap-demo.js';
import type { LocalPlugin } from '../../../infra/local/local-plugin.js';
import { localPlugins } from '../../../infra/local/plugins.js';
import { localShardQueue } from '../../../infra/local/queue-plugin.js';
import type { DeliveryFault, InProcessQueue } from '../../../shared/queue/index.js';
import { ApiClient as HttpClient } from '../../support/http.js';
import { ResponseValidator } from '../../support/openapi-validator.js';
import { startTestServer, type TestServer } from '../../support/server.js';
import { auth, sent, typedClient, type ApiClient } from '../../support/typed-client.js';
import type { ApiPaths } from '../../../client/api-client.js';
import type { ScenarioBody } from './scenarios.js';

export interface RunHarness {
  server: TestServer;
  /** Sends the demo user's token unless a call passes another. */
  api: ApiClient;
  /** Untyped requests by URL path, for tests that follow paths they read elsewhere (e.g. a page's URL). */
  http: HttpClient;
  token: string;
  queue: InProcessQueue;
  /** A token of another user of the same realm (registered through `/users` by the realm's back end). */
  otherUserToken(): Promise<string>;
  /** A service account's token: the demo client's (a realm administrator) unless another client is named. */
  serviceToken(client?: { realmId: string; clientId: string; secret: string }): Promise<string>;
  close(): Promise<void>;
}

/**
 * `plugins`: the runtime's plugins instead of every registered one (the identity provider is always
 * added); `dataDir`: a data directory to use and keep (to start again on the same data).
 */
export async function startRunHarness(
  env: Record<string, string>,
  plugins: LocalPlugin[] = localPlugins,
  options: { dataDir?: string } = {},
): Promise<RunHarness> {
  // The worker threads copy the environment when they start, so it is set before the server.
  Object.assign(process.env, { LOG_LEVEL: 'warn', SHARD_RETRY_DELAY_MS: '20', SHARD_MAX_RECEIVES: '3', LOCAL_WORKERS: '2', ...env });
  const server = await startTestServer({ realKeys: true, plugins: [...plugins, localIdentityPlugin], dataDir: options.dataDir });
  const demo = await bootstrapDemo(server);
  if (!demo) throw new Error('the demo realm was not created');
  const demoClient = { realmId: demo.realm, clientId: demo.clientId, secret: demo.clientSecret };
  const tokenFor = async (grant: Record<string, string>, client = demoClient): Promise<string> => {
    const response = await fetch(`${server.url}/realms/${client.realmId}/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: client.clientId, client_secret: client.secret, ...grant }),
    });
    const tokens = (await response.json()) as { access_token?: string };
    if (!tokens.access_token) throw new Error(`no token: ${JSON.stringify(tokens)}`);
    return tokens.access_token;
  };
  const token = await tokenFor({ grant_type: 'password', username: demo.username, password: demo.password });
  const queue = localShardQueue();
  if (!queue) throw new Error('the local shard queue is not running');
  const validator = await ResponseValidator.load(server.url);
  const api = typedClient(server.url, { validator, token: () => token });
  const http = new HttpClient(server.url, validator);
  const otherUserToken = async () => {
    const service = await tokenFor({ grant_type: 'client_credentials' });
    const password = 'another-users-password';
    const created = await sent(
      api.POST('/users', { body: { username: 'other', password, email: 'other@example.com' }, headers: auth(service) }),
    );
    if (created.status !== 201) throw new Error(`user: ${created.status} ${created.text}`);
    return tokenFor({ grant_type: 'password', username: 'other', password });
  };
  const serviceToken = (client = demoClient) => tokenFor({ grant_type: 'client_credentials' }, client);
  return { server, api, http, token, queue, otherUserToken, serviceToken, close: () => server.close() };
}

export interface SimulationRef {
  householdId: string;
  scenarioId: string;
  simulationId: string;
}
export interface ComparisonRef {
  householdId: string;
  comparisonId: string;
}

type SimulationPath = ApiPaths['/households/{householdId}/scenarios/{scenarioId}/simulations/{simulationId}'];
type Run = SimulationPath['get']['responses'][200]['content']['application/json'];
type ComparisonRun =
  ApiPaths['/households/{householdId}/comparisons/{comparisonId}']['get']['responses'][200]['content']['application/json'];

/** Polls a simulation or comparison until it has ended; returns its last state. */
export async function waitForRun(harness: RunHarness, ref: SimulationRef): Promise<Run & Record<string, any>>;
export async function waitForRun(harness: RunHarness, ref: ComparisonRef): Promise<ComparisonRun & Record<string, any>>;
export async function waitForRun(
  harness: RunHarness,
  ref: SimulationRef | ComparisonRef,
  timeoutMs = 120_000,
): Promise<Record<string, any>> {
  const deadline = Date.now() + timeoutMs;
  const read = () =>
    'simulationId' in ref
      ? sent(harness.api.GET('/households/{householdId}/scenarios/{scenarioId}/simulations/{simulationId}', { params: { path: ref } }))
      : sent(harness.api.GET('/households/{householdId}/comparisons/{comparisonId}', { params: { path: ref } }));
  for (;;) {
    const response = await read();
    if (response.status !== 200) throw new Error(`${JSON.stringify(ref)}: ${response.status} ${response.text}`);
    if (response.body.status === 'COMPLETED' || response.body.status === 'FAILED') return response.body;
    if (Date.now() > deadline) throw new Error(`run ${JSON.stringify(ref)} did not end: ${JSON.stringify(response.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Arms a fault plan for the next run whose shards reach the queue (tests run one at a time): the run
 * of the first shard delivered for the first time, so that a late redelivery or duplicate of an
 * earlier run's shard does not take the plan.
 */
export function faultsForNextRun(
  queue: InProcessQueue,
  plan: (shard: number, receiveCount: number, isDuplicate: boolean) => DeliveryFault | undefined,
): { runId(): string | undefined; applied: string[] } {
  let runId: string | undefined;
  const applied: string[] = [];
  queue.setFaults(({ body, receiveCount, isDuplicate }) => {
    const message = JSON.parse(body) as { runId: string; shard: number };
    if (runId === undefined && (receiveCount > 1 || isDuplicate)) return undefined;
    runId ??= message.runId;
    if (message.runId !== runId) return undefined;
    const fault = plan(message.shard, receiveCount, isDuplicate);
    if (fault) applied.push(`${fault}:${message.shard}`);
    return fault;
  });
  return { runId: () => runId, applied };
}

export async function createHouseholdWithScenario(
  harness: RunHarness,
  scenario: ScenarioBody,
): Promise<{ householdId: string; scenarioId: string }> {
  const household = await sent(harness.api.POST('/households', { body: { name: 'Run tests', currency: 'USD' } }));
  if (household.status !== 201) throw new Error(`household: ${household.status} ${household.text}`);
  const created = await sent(
    harness.api.POST('/households/{householdId}/scenarios', { params: { path: { householdId: household.body.id } }, body: scenario }),
  );
  if (created.status !== 201) throw new Error(`scenario: ${created.status} ${created.text}`);
  return { householdId: household.body.id, scenarioId: created.body.id };
}
