/**
 * Optimistic concurrency: a writer names the version it read, by `If-Match` (stale: 412) or by
 * `version` in the body (stale: 409). The store then writes on condition of that version, so a
 * writer that loses the race in between gets 409 too. Nothing is silently overwritten.
 */
import { ConflictError, PreconditionFailedError } from './errors.js';

export interface WritePreconditions {
  /** The raw `If-Match` header. */
  ifMatch?: string;
  /** `version` from the body. */
  bodyVersion?: number;
}

export const etagOf = (version: number) => `"${version}"`;

function ifMatchAccepts(header: string, version: number): boolean {
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etagOf(version));
}

export function checkPreconditions(current: number, preconditions: WritePreconditions): void {
  if (preconditions.ifMatch !== undefined && !ifMatchAccepts(preconditions.ifMatch, current)) {
    throw new PreconditionFailedError(`If-Match does not match the current version ${etagOf(current)}`);
  }
  if (preconditions.bodyVersion !== undefined && preconditions.bodyVersion !== current) {
    throw new ConflictError(`version ${preconditions.bodyVersion} is stale: the current version is ${current}`, [
      { field: 'version', message: `must be the current version ${current}` },
    ]);
  }
}

export function lostRace(): ConflictError {
  return new ConflictError('The resource was changed by another request; read it again and retry');
}
