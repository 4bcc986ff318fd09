/**
 * The lives of a completed simulation, through the public API (docs/QUERIES.md): a page of them
 * (filtered by a condition of the query language), one life whole, and a query over them, which
 * the API answers at once when small and as a run with status when large.
 */
import type { LifeSummary } from '../../../shared/engine/lives/life-summary-shape.ts';
import type { LifeEvent, LifeYear } from '../../../shared/engine/output/output-document.ts';
import { client, data, type RunStatus } from '../api.ts';
import type { Condition } from './filter.ts';

export type { Condition, LifeSummary };

/*
 * The query language's shapes as the view uses them (docs/QUERIES.md). The engine's own types
 * (shared/engine/lives/query.ts, query-answer.ts) sit in modules that reach its runtime, which the
 * app's type check does not take in.
 */

export interface LivesQuery {
  where?: Condition;
  select: { stat: string; metric?: string; view?: 'real' | 'nominal'; where?: Condition }[];
  groupBy?: 'year';
  compareTo?: 'rest';
}

export interface Estimate {
  value: number | null;
  n: number;
  standardError?: number;
  interval95?: [number | null, number | null];
}

export interface QueryAnswer {
  /** The run's number of lives. */
  lives: number;
  /** The lives that satisfy `where`. */
  matched: number;
  rest?: number;
  /** With compareTo: each statistic over the other lives, and matching − rest. */
  select: (Estimate & { rest?: Estimate; difference?: Estimate })[];
  /** With `groupBy: "year"`: per year (`key` `{ year, calendarYear }`), the lives still running and each statistic over them. */
  groups?: { key: Record<string, unknown>; matched: number; rest?: number; select: (Estimate & { rest?: Estimate })[] }[];
}

/** One life whole, as `/lives/{index}` returns it: the output's sampled lives without their label. */
export interface ReplayedLife {
  pathIndex: number;
  terminalEstate: number;
  success: boolean;
  depletionYear: number | null;
  years: LifeYear[];
  events: LifeEvent[];
}

export interface SimulationAddress {
  householdId: string;
  scenarioId: string;
  simulationId: string;
}

export interface LivesPage {
  content: LifeSummary[];
  page: { number: number; size: number; totalElements: number; totalPages: number };
}

/** A query as the API keeps it: a run with status and, once COMPLETED, its answer. */
export interface QueryRun {
  id: string;
  status: RunStatus;
  progress: number;
  error?: { reason: string };
  answer?: QueryAnswer;
}

const at = (a: SimulationAddress) => ({ householdId: a.householdId, scenarioId: a.scenarioId, simulationId: a.simulationId });

export const livesApi = {
  /** A page of the run's lives in index order; with `where`, only those satisfying it. */
  list: (a: SimulationAddress, page: number, size: number, where?: Condition) =>
    data(
      client.GET('/households/{householdId}/scenarios/{scenarioId}/simulations/{simulationId}/lives', {
        params: {
          path: at(a),
          query: { page: String(page), size: String(size), ...(where ? { where: JSON.stringify(where) } : {}) },
        },
      }),
    ) as Promise<unknown> as Promise<LivesPage>,
  /** One life whole: every year's figures and its events. */
  life: (a: SimulationAddress, index: number) =>
    data(
      client.GET('/households/{householdId}/scenarios/{scenarioId}/simulations/{simulationId}/lives/{index}', {
        params: { path: { ...at(a), index: String(index) } },
      }),
    ) as Promise<unknown> as Promise<ReplayedLife>,
  startQuery: (a: SimulationAddress, query: LivesQuery) =>
    data(
      client.POST('/households/{householdId}/scenarios/{scenarioId}/simulations/{simulationId}/queries', {
        params: { path: at(a) },
        body: query as never,
      }),
    ) as Promise<unknown> as Promise<QueryRun>,
  /** The query; with `wait` seconds, once it has ended or after that long. */
  getQuery: (a: SimulationAddress, queryId: string, wait = 0) =>
    data(
      client.GET('/households/{householdId}/scenarios/{scenarioId}/simulations/{simulationId}/queries/{queryId}', {
        params: { path: { ...at(a), queryId }, query: { wait: String(wait) } },
      }),
    ) as Promise<unknown> as Promise<QueryRun>,
};
