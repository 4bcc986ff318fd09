/**
 * Paging for every list: `page` (from 0), `size` (1..100, default 20) and repeatable
 * `sort=<property>,<asc|desc>`. Lists read a bounded set, so sorting and counting happen here,
 * exactly.
 */
import * as z from 'zod/mini';

export const maxPageSize = 100;
export const defaultPageSize = 20;

export interface SortOrder<P extends string = string> {
  property: P;
  direction: 'asc' | 'desc';
}

export interface PageRequest<P extends string = string> {
  page: number;
  size: number;
  sort: SortOrder<P>[];
}

export interface PageMeta {
  number: number;
  size: number;
  totalElements: number;
  totalPages: number;
}

export interface Page<T> {
  content: T[];
  page: PageMeta;
}

/**
 * A whole number from the query string (paging, a run's `wait`): decimal digits only (no sign,
 * spaces, exponent or `0x`), at most seven of them, then checked against its bounds.
 */
export function queryInteger(min: number, max: number) {
  return z.pipe(
    z.string().check(z.regex(/^[0-9]{1,7}$/, 'must be a whole number written in decimal digits')),
    z.pipe(
      z.transform((digits: string) => Number(digits)),
      z.number().check(z.int(), z.minimum(min), z.maximum(max)),
    ),
  );
}

/** The query schema of a list whose sortable properties are `sortable`. */
export function pagingQuerySchema<P extends string>(sortable: readonly [P, ...P[]]) {
  const sortEntry = z.pipe(
    z
      .string()
      .check(
        z.regex(
          new RegExp(`^(${sortable.join('|')})(,(asc|desc|ASC|DESC))?$`),
          `must be <property>,<asc|desc> with property one of ${sortable.join(', ')}`,
        ),
      ),
    z.transform((value: string): SortOrder<P> => {
      const [property, direction] = value.split(',');
      return { property: property as P, direction: direction?.toLowerCase() === 'desc' ? 'desc' : 'asc' };
    }),
  );
  return z.object({
    page: z._default(queryInteger(0, 1_000_000), 0),
    size: z._default(queryInteger(1, maxPageSize), defaultPageSize),
    sort: z._default(z.array(sortEntry).check(z.maxLength(10)), []),
  });
}

type Sortable = Record<string, unknown> & { id: string };

function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const left = a === undefined || a === null ? '' : String(a);
  const right = b === undefined || b === null ? '' : String(b);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** Sorts by the requested orders, then by `id` (creation order), and cuts out the page. */
export function sortAndPage<T extends Sortable>(items: T[], request: PageRequest): Page<T> {
  const sorted = [...items].sort((a, b) => {
    for (const { property, direction } of request.sort) {
      const order = compareValues(a[property], b[property]);
      if (order !== 0) return direction === 'desc' ? -order : order;
    }
    return compareValues(a.id, b.id);
  });
  const start = request.page * request.size;
  return {
    content: sorted.slice(start, start + request.size),
    page: {
      number: request.page,
      size: request.size,
      totalElements: items.length,
      totalPages: Math.ceil(items.length / request.size),
    },
  };
}
