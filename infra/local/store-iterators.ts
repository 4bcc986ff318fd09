/**
 * Closes the embedded store's LevelDB iterators when its reads end.
 *
 * dynalite (4.0.0) reads every Query and Scan through a Readable stream over an abstract-level
 * iterator, and when the stream ends or is destroyed it releases the iterator by calling
 * `iterator.return()`, if the iterator has one. abstract-level's iterators (3.x) have none: they are
 * released by `close()`. So every Query and Scan left its iterator open, attached to the database
 * (which keeps it from being collected) and holding a native LevelDB iterator, which keeps the
 * memtables and table version it was opened on alive. Under load the service's resident set grew by
 * gigabytes while its JS heaps stayed small (docs/PERFORMANCE.md, Memory under load). Giving the
 * iterators the `return()` the stream calls closes each one as its stream ends.
 */
import { createRequire } from 'node:module';

interface IteratorClass {
  prototype: { close(): Promise<void>; return?: (value?: unknown) => Promise<IteratorResult<never>> };
}

export interface AbstractLevelModule {
  AbstractLevel: { prototype: { attachResource(resource: object): void; detachResource(resource: object): void } };
  AbstractIterator: IteratorClass;
  AbstractKeyIterator: IteratorClass;
  AbstractValueIterator: IteratorClass;
}

/** The abstract-level module that dynalite's LevelDB (level, then classic-level) is built on. */
export function storeLevelModule(): AbstractLevelModule {
  let require = createRequire(import.meta.url);
  for (const step of ['dynalite', 'level', 'classic-level']) require = createRequire(require.resolve(step));
  return require('abstract-level') as AbstractLevelModule;
}

/** Gives abstract-level's iterators an async-iterator `return()` that closes them (idempotent). */
export function closeStoreIteratorsOnReturn(): void {
  const level = storeLevelModule();
  for (const iterator of [level.AbstractIterator, level.AbstractKeyIterator, level.AbstractValueIterator]) {
    iterator.prototype.return ??= async function (this: { close(): Promise<void> }, value?: unknown) {
      await this.close();
      return { done: true, value } as IteratorResult<never>;
    };
  }
}
