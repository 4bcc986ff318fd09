/**
 * The house's rules (docs/ARCHITECTURE.md), checked on every import in the project: a wrong-way
 * import, or an import cycle, fails the suite.
 */
import { readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Edge, importCycles, importedNames, importGraph, ROOT } from './import-graph.js';

const edges = importGraph();
const under = (folder: string) => (path: string) => path.startsWith(`${folder}/`);
const crossings = (from: (path: string) => boolean, to: (edge: Edge) => boolean) =>
  edges.filter((edge) => from(edge.from) && to(edge)).map((edge) => `${edge.from} -> ${edge.to}`);
const toFolders =
  (...folders: string[]) =>
  (edge: Edge) =>
    edge.internal && folders.some((folder) => under(folder)(edge.to));

describe('the layers', () => {
  it('reads the imports it checks', () => {
    expect(edges).toContainEqual({ from: 'infra/local/plugins.ts', to: 'infra/local/queue-plugin.ts', internal: true });
    expect(edges).toContainEqual({ from: 'shared/aws/dynamodb.ts', to: '@aws-sdk/lib-dynamodb', internal: false });
    const cycle = [
      { from: 'a.ts', to: 'b.ts', internal: true },
      { from: 'b.ts', to: 'c.ts', internal: true },
      { from: 'c.ts', to: 'a.ts', internal: true },
      { from: 'c.ts', to: 'zod', internal: false },
    ];
    expect(importCycles(cycle)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });

  it('shared/engine imports nothing of the others, and no package', () => {
    const outside = (edge: Edge) => (edge.internal ? !under('shared/engine')(edge.to) : !isBuiltin(edge.to));
    expect(crossings(under('shared/engine'), outside)).toEqual([]);
  });

  it('nothing in shared/ imports functions/, infra/ or the tools around them', () => {
    expect(crossings(under('shared'), toFolders('functions', 'infra', 'scripts', 'bench', 'test', 'web', 'client'))).toEqual([]);
  });

  it('functions/ import shared/ and each other, never infra/ or the tools', () => {
    expect(crossings(under('functions'), toFolders('infra', 'scripts', 'bench', 'test', 'web', 'client'))).toEqual([]);
  });

  it('shared/store imports nothing from shared/domain, not even a type: it reports facts about the items it owns', () => {
    expect(crossings(under('shared/store'), toFolders('shared/domain'))).toEqual([]);
  });

  it('only the store builds keys: nothing outside it takes a key builder (tests, infra/cdk IAM aside); the domain names none', () => {
    // Each entity module under shared/store exports its key builders as one `<entity>Keys` object;
    // a builder exported on its own would be named for what it builds (`...Partition`, `...SortKey`).
    const keyBuilders = importedNames()
      .filter(({ from, to }) => under('shared/store')(to) && !['shared/store', 'test', 'infra/cdk'].some((folder) => under(folder)(from)))
      .flatMap(({ from, to, names }) =>
        names.filter((name) => name === '*' || /(Keys|Partition|SortKey|KeyPrefix)$/.test(name)).map((name) => `${from} -> ${to}: ${name}`),
      );
    expect(keyBuilders).toEqual([]);
    const domainFiles = [...new Set(edges.map((edge) => edge.from).filter(under('shared/domain')))];
    const keyText = domainFiles.filter((file) => /\b(pk|sk|gsi\d(pk|sk))\b|['`][A-Z]+#/.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(keyText).toEqual([]);
  });

  it('reads the names a file imports, so a key builder taken under another name or through a namespace is caught', () => {
    const names = importedNames(['test/architecture/layers.test.ts', 'shared/domain/identity/entities.ts']);
    expect(names).toContainEqual({
      from: 'test/architecture/layers.test.ts',
      to: 'test/architecture/import-graph.ts',
      names: expect.arrayContaining(['importedNames']),
    });
    expect(names).toContainEqual({
      from: 'shared/domain/identity/entities.ts',
      to: 'shared/store/identity/client-repository.ts',
      names: ['grantTypes'],
    });
  });

  it('shared/store, shared/aws and shared/queue import nothing of the HTTP stack or the identity provider', () => {
    expect(
      crossings(
        (path) => ['shared/store', 'shared/aws', 'shared/queue'].some((f) => under(f)(path)),
        toFolders('shared/http', 'shared/identity'),
      ),
    ).toEqual([]);
  });

  it('there are no import cycles', () => {
    expect(importCycles(edges)).toEqual([]);
  });
});
