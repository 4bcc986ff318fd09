/**
 * A run's lives, on demand: pages of them (`where` filters, `fields` adds yearly figures) and one
 * life whole, each replayed from the run's plans and seed (replay-source.ts). Nothing is stored.
 */
import * as z from 'zod/mini';
import {
  describeLife,
  LIFE_YEAR_FIELDS,
  type LifeYearField,
  type ListedLife,
  matchingLives,
  parseCondition,
  queryPathYears,
  replayLife,
  type ReplayedLife,
  runnersOf,
} from '../../engine/lives/index.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { queryInteger, type Page } from '../paging.js';
import type { Principal } from '../principal.js';
import { livesFilterMaxPathYears } from './limits.js';
import { loadReplaySource, type SourceAddress } from './replay-source.js';

/** Lives a page holds at most: 100, or 20 when each carries yearly figures. */
export const maxLivesPageSize = 100;
export const maxLivesPageSizeWithFields = 20;

export const livesQuerySchema = z.object({
  page: z._default(queryInteger(0, 1_000_000), 0),
  size: z._default(queryInteger(1, maxLivesPageSize), 20),
  where: z.optional(z.string().register(z.globalRegistry, { description: 'a condition of the query language (docs/QUERIES.md), as JSON' })),
  fields: z.optional(
    z.string().register(z.globalRegistry, {
      description: `yearly figures to add to each life, comma-separated: years (all), or any of ${LIFE_YEAR_FIELDS.join(', ')}`,
    }),
  ),
});
export type LivesRequest = z.output<typeof livesQuerySchema>;

function fieldsOf(raw: string | undefined): LifeYearField[] {
  if (raw === undefined || raw === '') return [];
  const names = raw.split(',').map((s) => s.trim());
  if (names.includes('years')) return [...LIFE_YEAR_FIELDS];
  const unknown = names.find((n) => !(LIFE_YEAR_FIELDS as readonly string[]).includes(n));
  if (unknown !== undefined)
    throw new ValidationError('Invalid query parameters', [
      { field: 'fields', message: `${unknown} is not a yearly figure: years, or any of ${LIFE_YEAR_FIELDS.join(', ')}` },
    ]);
  return names as LifeYearField[];
}

function whereOf(raw: string, plans: Parameters<typeof parseCondition>[1]) {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new ValidationError('Invalid query parameters', [{ field: 'where', message: 'must be a condition written as JSON' }]);
  }
  const parsed = parseCondition(json, plans, 'where');
  if ('issues' in parsed) throw new ValidationError('Invalid query parameters', parsed.issues);
  return parsed.condition;
}

/** A page of the run's lives in index order (those satisfying `where`, when given). */
export async function listLives(principal: Principal, address: SourceAddress, request: LivesRequest): Promise<Page<ListedLife>> {
  const source = await loadReplaySource(principal, address);
  const fields = fieldsOf(request.fields);
  if (fields.length > 0 && request.size > maxLivesPageSizeWithFields)
    throw new ValidationError('Invalid query parameters', [
      { field: 'size', message: `must be at most ${maxLivesPageSizeWithFields} when fields adds yearly figures` },
    ]);
  const runners = runnersOf(source.plans, source.seed);
  let indices: { total: number; at: (k: number) => number };
  if (request.where === undefined) indices = { total: source.paths, at: (k) => k };
  else {
    const condition = whereOf(request.where, source.plans);
    if (queryPathYears(source.plans, source.paths) > livesFilterMaxPathYears())
      throw new ValidationError('Invalid query parameters', [
        { field: 'where', message: `filters runs of at most ${livesFilterMaxPathYears()} path-years; POST a query to filter this one` },
      ]);
    const found = matchingLives(runners, source.paths, condition);
    indices = { total: found.length, at: (k) => found[k] };
  }
  const totalPages = Math.ceil(indices.total / request.size);
  if (request.page > 0 && request.page >= totalPages)
    throw new ValidationError('Invalid query parameters', [
      { field: 'page', message: `is past the end: ${indices.total} lives make ${totalPages} page(s) of ${request.size}` },
    ]);
  const from = request.page * request.size;
  const content: ListedLife[] = [];
  for (let k = from; k < Math.min(indices.total, from + request.size); k++) content.push(describeLife(runners, indices.at(k), fields));
  return { content, page: { number: request.page, size: request.size, totalElements: indices.total, totalPages } };
}

export type WholeLife = ReplayedLife | { pathIndex: number; baseline: ReplayedLife; alternative: ReplayedLife };

/** Life `index` of the run, whole: every year's figures, states and economy, and its events. */
export async function getLife(principal: Principal, address: SourceAddress, index: number): Promise<WholeLife> {
  const source = await loadReplaySource(principal, address);
  if (index >= source.paths)
    throw new NotFoundError(`Life ${index} not found: the run has ${source.paths} lives, 0 to ${source.paths - 1}`);
  const runners = runnersOf(source.plans, source.seed);
  if (runners.length === 1) return replayLife(runners[0], index);
  return { pathIndex: index, baseline: replayLife(runners[0], index), alternative: replayLife(runners[1], index) };
}
