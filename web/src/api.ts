/**
 * The public API, as any client calls it: the project's typed client (client/api-client.ts,
 * openapi-fetch over the types generated from the OpenAPI document) with the signed-in user's
 * bearer token, and the service's error shape (`{ status, message, errors: [{ field, message }] }`)
 * turned into an ApiError the forms can show next to the fields it names.
 */
import type { ComparisonDocument } from '../../shared/engine/compare/comparison-document.ts';
import type { AnalysisDocument } from '../../shared/engine/analysis/analysis-document.ts';
import type { AnalysisRequest } from '../../shared/engine/analysis/request.ts';
import type { OutputDocument } from '../../shared/engine/output/output-document.ts';
import { createApiClient } from '../../client/api-client.ts';
import type { components } from '../../client/api-types.ts';
import { accessToken } from './auth.ts';

export type { AnalysisDocument, AnalysisRequest, ComparisonDocument, OutputDocument };

export interface FieldError {
  field: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldError[],
  ) {
    super(message);
  }
}

type Schemas = components['schemas'];

export type Household = Schemas['Household'];
export type Simulation = Schemas['Simulation'];
export type RunStatus = Simulation['status'];
export type Comparison = Schemas['Comparison'] & { comparison?: ComparisonDocument };
export type Analysis = Schemas['Analysis'] & { analysis?: AnalysisDocument };

/** The scenario document as the forms edit it: any JSON object the API will validate. */
export type ScenarioDocument = Record<string, unknown> & { name: string; members?: Member[] };

export interface Member {
  id: string;
  role: 'PRIMARY' | 'PARTNER' | 'DEPENDANT';
  birthYear: number;
  sex: 'MALE' | 'FEMALE';
  retirementAge?: number;
  [key: string]: unknown;
}

export type Scenario = ScenarioDocument & Pick<Schemas['Scenario'], 'id' | 'householdId' | 'createdAt' | 'updatedAt' | 'version'>;

export interface Page<T> {
  content: T[];
}

/** The typed client over the generated OpenAPI types; each call carries a fresh access token. */
export const client = createApiClient(location.origin);
client.use({
  async onRequest({ request }) {
    const token = await accessToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  },
});

/** The data of a typed call, or an ApiError carrying the service's error shape. */
export async function data<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data: body, error, response } = await call;
  if (!response.ok) {
    const shape = (error ?? {}) as { message?: string; errors?: FieldError[] };
    throw new ApiError(response.status, shape.message ?? `${response.status} ${response.statusText}`, shape.errors ?? []);
  }
  return body as T;
}

const inHousehold = (householdId: string) => ({ params: { path: { householdId } } });
const inScenario = (householdId: string, scenarioId: string) => ({ params: { path: { householdId, scenarioId } } });
/** The scenario document goes to the API as it is; the API validates it and names any field at fault. */
const asDocument = (body: object) => body as never;

export const api = {
  listHouseholds: () =>
    data(client.GET('/households', { params: { query: { size: '100', sort: ['createdAt,desc'] } } })) as Promise<Page<Household>>,
  createHousehold: (body: { name: string; currency: string }) => data(client.POST('/households', { body })),
  getHousehold: (householdId: string) => data(client.GET('/households/{householdId}', inHousehold(householdId))),
  renameHousehold: (h: Household, name: string) =>
    data(client.PATCH('/households/{householdId}', { ...inHousehold(h.id), body: { name, version: h.version } })),
  deleteHousehold: (householdId: string) => data(client.DELETE('/households/{householdId}', inHousehold(householdId))),

  listScenarios: (householdId: string) =>
    data(
      client.GET('/households/{householdId}/scenarios', {
        params: { path: { householdId }, query: { size: '100', sort: ['createdAt,asc'] } },
      }),
    ) as Promise<Page<Scenario>>,
  createScenario: (householdId: string, body: Record<string, unknown>) =>
    data(client.POST('/households/{householdId}/scenarios', { ...inHousehold(householdId), body: asDocument(body) })) as Promise<Scenario>,
  getScenario: (householdId: string, scenarioId: string) =>
    data(client.GET('/households/{householdId}/scenarios/{scenarioId}', inScenario(householdId, scenarioId))) as Promise<Scenario>,
  replaceScenario: (householdId: string, s: Scenario, document: ScenarioDocument) =>
    data(
      client.PUT('/households/{householdId}/scenarios/{scenarioId}', {
        ...inScenario(householdId, s.id),
        body: asDocument({ ...document, version: s.version }),
      }),
    ) as Promise<Scenario>,
  renameScenario: (householdId: string, s: Scenario, name: string) =>
    data(
      client.PATCH('/households/{householdId}/scenarios/{scenarioId}', {
        ...inScenario(householdId, s.id),
        body: { name, version: s.version },
      }),
    ) as Promise<Scenario>,
  deleteScenario: (householdId: string, scenarioId: string) =>
    data(client.DELETE('/households/{householdId}/scenarios/{scenarioId}', inScenario(householdId, scenarioId))),

  /** A run of the scenario; without `paths`, the scenario's own number (and always its seed). */
  startSimulation: (householdId: string, scenarioId: string, paths?: number) =>
    data(
      client.POST('/households/{householdId}/scenarios/{scenarioId}/simulations', {
        ...inScenario(householdId, scenarioId),
        body: paths === undefined ? {} : { paths },
      }),
    ),
  /** The run; with `wait` seconds, once it has ended or after that long (the API's `?wait=`). */
  getSimulation: (householdId: string, scenarioId: string, simulationId: string, wait = 0) =>
    data(
      client.GET('/households/{householdId}/scenarios/{scenarioId}/simulations/{simulationId}', {
        params: { path: { householdId, scenarioId, simulationId }, query: { wait: String(wait) } },
      }),
    ),
  simulationOutput: (householdId: string, scenarioId: string, simulationId: string) =>
    data(
      client.GET('/households/{householdId}/scenarios/{scenarioId}/simulations/{simulationId}/output', {
        params: { path: { householdId, scenarioId, simulationId } },
      }),
    ) as Promise<unknown> as Promise<OutputDocument>,
  latestOutput: (householdId: string, scenarioId: string) =>
    data(
      client.GET('/households/{householdId}/scenarios/{scenarioId}/output', inScenario(householdId, scenarioId)),
    ) as Promise<unknown> as Promise<OutputDocument & { stale?: boolean }>,
  /** The output's yearly figures as the API writes them in CSV (`Accept: text/csv`). */
  latestOutputCsv: async (householdId: string, scenarioId: string) => {
    const { response } = await client.GET('/households/{householdId}/scenarios/{scenarioId}/output', {
      ...inScenario(householdId, scenarioId),
      headers: { Accept: 'text/csv' },
      parseAs: 'stream',
    });
    if (!response.ok) throw new ApiError(response.status, `The CSV could not be read (${response.status})`, []);
    // Left unread ('stream'), so the browser can save the body.
    return response;
  },

  /** The latest completed run of a scenario, or null: its summary and when it was made. */
  lastResult: async (householdId: string, scenarioId: string) => {
    const runs = (await data(
      client.GET('/households/{householdId}/scenarios/{scenarioId}/simulations', {
        params: { path: { householdId, scenarioId }, query: { size: '20', sort: ['createdAt,desc'] } },
      }),
    )) as Page<Simulation>;
    const done = runs.content.find((r) => r.status === 'COMPLETED');
    if (!done) return null;
    const output = (await data(
      client.GET('/households/{householdId}/scenarios/{scenarioId}/output', {
        params: { path: { householdId, scenarioId }, query: { sections: 'summary' } },
      }),
    )) as unknown as Pick<OutputDocument, 'summary' | 'metadata'> & { stale?: boolean };
    return { run: done, output };
  },
  listAnalyses: (householdId: string, scenarioId: string) =>
    data(
      client.GET('/households/{householdId}/scenarios/{scenarioId}/analyses', {
        params: { path: { householdId, scenarioId }, query: { size: '20', sort: ['createdAt,desc'] } },
      }),
    ) as Promise<unknown> as Promise<Page<Analysis>>,
  listComparisons: (householdId: string) =>
    data(
      client.GET('/households/{householdId}/comparisons', {
        params: { path: { householdId }, query: { size: '20', sort: ['createdAt,desc'] } },
      }),
    ) as Promise<unknown> as Promise<Page<Comparison>>,

  startAnalysis: (householdId: string, scenarioId: string, body: AnalysisRequest & { paths?: number }) =>
    data(
      client.POST('/households/{householdId}/scenarios/{scenarioId}/analyses', {
        ...inScenario(householdId, scenarioId),
        body: asDocument(body),
      }),
    ) as Promise<unknown> as Promise<Analysis>,
  getAnalysis: (householdId: string, scenarioId: string, analysisId: string, wait = 0) =>
    data(
      client.GET('/households/{householdId}/scenarios/{scenarioId}/analyses/{analysisId}', {
        params: { path: { householdId, scenarioId, analysisId }, query: { wait: String(wait) } },
      }),
    ) as Promise<unknown> as Promise<Analysis>,

  startComparison: (householdId: string, body: { baselineScenarioId: string; alternativeScenarioId: string; paths?: number }) =>
    data(
      client.POST('/households/{householdId}/comparisons', { ...inHousehold(householdId), body }),
    ) as Promise<unknown> as Promise<Comparison>,
  getComparison: (householdId: string, comparisonId: string, wait = 0) =>
    data(
      client.GET('/households/{householdId}/comparisons/{comparisonId}', {
        params: { path: { householdId, comparisonId }, query: { wait: String(wait) } },
      }),
    ) as Promise<unknown> as Promise<Comparison>,
};

/**
 * Seconds each read of an unfinished run waits on the server (`?wait=`): the answer comes as soon
 * as the run ends, so a short run's result shows at once, and a long run's progress every second.
 */
const PROGRESS_WAIT_SECONDS = 1;

/** Reads a run until it ends, each read waiting on the server for its end, reporting its progress on the way. */
export async function untilDone<T extends { status: RunStatus; progress: number }>(
  first: T,
  read: (waitSeconds: number) => Promise<T>,
  onProgress: (run: T) => void,
): Promise<T> {
  let run = first;
  onProgress(run);
  while (run.status === 'QUEUED' || run.status === 'RUNNING') {
    run = await read(PROGRESS_WAIT_SECONDS);
    onProgress(run);
  }
  return run;
}
