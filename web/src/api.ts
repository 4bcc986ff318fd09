/**
 * The public API, as any client calls it: bearer token, JSON in and out, the service's error shape
 * (`{ status, message, errors: [{ field, message }] }`) turned into an ApiError the forms can show
 * next to the fields it names.
 */
import type { ComparisonDocument } from '../../shared/engine/compare/comparison-document.ts';
import type { AnalysisDocument } from '../../shared/engine/analysis/analysis-document.ts';
import type { AnalysisRequest } from '../../shared/engine/analysis/request.ts';
import type { OutputDocument } from '../../shared/engine/output/output-document.ts';
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

export interface Resource {
  id: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface Household extends Resource {
  name: string;
  currency: string;
  externalReference?: string;
  ownerId: string;
}

export type ScenarioDocument = Record<string, unknown> & { name: string; members?: Member[] };

export interface Member {
  id: string;
  role: 'PRIMARY' | 'PARTNER' | 'DEPENDANT';
  birthYear: number;
  sex: 'MALE' | 'FEMALE';
  retirementAge?: number;
  [key: string]: unknown;
}

export type Scenario = Resource & ScenarioDocument & { householdId: string };

export type RunStatus = 'QUEUED' | 'RUNNING' | 'COMPLETED' | 'FAILED';

export interface Simulation extends Resource {
  status: RunStatus;
  progress: number;
  paths: number;
  seed: number;
  error?: { reason: string };
}

export interface Comparison extends Resource {
  status: RunStatus;
  progress: number;
  baselineScenarioId: string;
  alternativeScenarioId: string;
  paths: number;
  error?: { reason: string };
  comparison?: ComparisonDocument;
}

export interface Analysis extends Resource {
  status: RunStatus;
  progress: number;
  type: AnalysisRequest['type'];
  paths: number;
  error?: { reason: string };
  analysis?: AnalysisDocument;
}

export interface Page<T> {
  content: T[];
  page: { number: number; size: number; totalElements: number; totalPages: number };
}

async function call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const token = await accessToken();
  const response = await fetch(path, {
    method,
    headers: {
      Accept: 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    const shape = (parsed ?? {}) as { message?: string; errors?: FieldError[] };
    throw new ApiError(response.status, shape.message ?? `${response.status} ${response.statusText}`, shape.errors ?? []);
  }
  return parsed as T;
}

const households = '/households';
const household = (hid: string) => `${households}/${encodeURIComponent(hid)}`;
const scenarios = (hid: string) => `${household(hid)}/scenarios`;
const scenario = (hid: string, sid: string) => `${scenarios(hid)}/${encodeURIComponent(sid)}`;
const simulations = (hid: string, sid: string) => `${scenario(hid, sid)}/simulations`;
const comparisons = (hid: string) => `${household(hid)}/comparisons`;

export const api = {
  listHouseholds: () => call<Page<Household>>('GET', `${households}?size=100&sort=createdAt,desc`),
  createHousehold: (body: { name: string; currency: string }) => call<Household>('POST', households, body),
  getHousehold: (hid: string) => call<Household>('GET', household(hid)),
  renameHousehold: (h: Household, name: string) => call<Household>('PATCH', household(h.id), { name, version: h.version }),
  deleteHousehold: (hid: string) => call<void>('DELETE', household(hid)),

  listScenarios: (hid: string) => call<Page<Scenario>>('GET', `${scenarios(hid)}?size=100&sort=createdAt,asc`),
  createScenario: (hid: string, body: Record<string, unknown>) => call<Scenario>('POST', scenarios(hid), body),
  getScenario: (hid: string, sid: string) => call<Scenario>('GET', scenario(hid, sid)),
  replaceScenario: (hid: string, s: Scenario, document: ScenarioDocument) =>
    call<Scenario>('PUT', scenario(hid, s.id), { ...document, version: s.version }),
  renameScenario: (hid: string, s: Scenario, name: string) => call<Scenario>('PATCH', scenario(hid, s.id), { name, version: s.version }),
  deleteScenario: (hid: string, sid: string) => call<void>('DELETE', scenario(hid, sid)),

  startSimulation: (hid: string, sid: string, paths: number) => call<Simulation>('POST', simulations(hid, sid), { paths }),
  getSimulation: (hid: string, sid: string, id: string) => call<Simulation>('GET', `${simulations(hid, sid)}/${encodeURIComponent(id)}`),
  simulationOutput: (hid: string, sid: string, id: string) =>
    call<OutputDocument>('GET', `${simulations(hid, sid)}/${encodeURIComponent(id)}/output`),
  latestOutput: (hid: string, sid: string) => call<OutputDocument & { stale?: boolean }>('GET', `${scenario(hid, sid)}/output`),

  startAnalysis: (hid: string, sid: string, body: AnalysisRequest & { paths: number }) => call<Analysis>('POST', `${scenario(hid, sid)}/analyses`, body),
  getAnalysis: (hid: string, sid: string, id: string) => call<Analysis>('GET', `${scenario(hid, sid)}/analyses/${encodeURIComponent(id)}`),

  startComparison: (hid: string, body: { baselineScenarioId: string; alternativeScenarioId: string; paths: number }) =>
    call<Comparison>('POST', comparisons(hid), body),
  getComparison: (hid: string, cid: string) => call<Comparison>('GET', `${comparisons(hid)}/${encodeURIComponent(cid)}`),
};

/** Polls a run until it ends, reporting its progress on the way. */
export async function untilDone<T extends { status: RunStatus; progress: number }>(
  first: T,
  read: () => Promise<T>,
  onProgress: (run: T) => void,
): Promise<T> {
  let run = first;
  onProgress(run);
  while (run.status === 'QUEUED' || run.status === 'RUNNING') {
    await new Promise((resolve) => setTimeout(resolve, 400));
    run = await read();
    onProgress(run);
  }
  return run;
}
