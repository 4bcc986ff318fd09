/**
 * The project's import graph, read from the source with TypeScript's own pre-processor (static
 * imports, re-exports, `import type` and dynamic `import()` alike), for the layer rules' test.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';

export const ROOT = normalize(join(dirname(new URL(import.meta.url).pathname), '..', '..'));

/** The folders that hold the project's TypeScript. */
const SOURCE_FOLDERS = ['bench', 'client', 'functions', 'infra', 'scripts', 'shared', 'test', 'web'];

export interface Edge {
  from: string;
  /** A project file (relative to the root) for a relative import, else the package or builtin named. */
  to: string;
  /** True when `to` is a file of the project. */
  internal: boolean;
}

export function sourceFiles(): string[] {
  return SOURCE_FOLDERS.flatMap((folder) =>
    (readdirSync(join(ROOT, folder), { recursive: true }) as string[])
      .filter((path) => /\.tsx?$/.test(path) && !path.split('/').includes('node_modules') && !path.endsWith('.d.ts'))
      .map((path) => join(folder, path)),
  ).sort();
}

/** A relative specifier's file: `./x.js` is written for `./x.ts` (NodeNext), and data files are files too. */
function resolveRelative(from: string, specifier: string): string {
  const target = normalize(join(dirname(from), specifier));
  for (const candidate of [target.replace(/\.js$/, '.ts'), target.replace(/\.js$/, '.tsx'), target, join(target, 'index.ts')]) {
    if (existsSync(join(ROOT, candidate))) return candidate;
  }
  throw new Error(`${from} imports ${specifier}, which is not a file of the project`);
}

export function importGraph(files = sourceFiles()): Edge[] {
  return files.flatMap((from) =>
    ts
      .preProcessFile(readFileSync(join(ROOT, from), 'utf8'), true, true)
      .importedFiles.map(({ fileName }) =>
        fileName.startsWith('.') ? { from, to: resolveRelative(from, fileName), internal: true } : { from, to: fileName, internal: false },
      ),
  );
}

/** One import declaration's bindings: the names a file takes from another (`*` for a namespace import). */
export interface ImportedNames {
  from: string;
  to: string;
  names: string[];
}

/** The names each file imports from other project files (static imports and re-exports, with TypeScript's parser). */
export function importedNames(files = sourceFiles()): ImportedNames[] {
  return files.flatMap((from) => {
    const source = ts.createSourceFile(from, readFileSync(join(ROOT, from), 'utf8'), ts.ScriptTarget.Latest);
    return source.statements.flatMap((statement): ImportedNames[] => {
      if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement))) return [];
      const specifier = statement.moduleSpecifier;
      if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) return [];
      const to = resolveRelative(from, specifier.text);
      if (ts.isExportDeclaration(statement)) {
        const clause = statement.exportClause;
        const names = clause && ts.isNamedExports(clause) ? clause.elements.map((e) => (e.propertyName ?? e.name).text) : ['*'];
        return [{ from, to, names }];
      }
      const clause = statement.importClause;
      const names: string[] = [];
      if (clause?.name) names.push('default');
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) names.push('*');
      if (bindings && ts.isNamedImports(bindings)) names.push(...bindings.elements.map((e) => (e.propertyName ?? e.name).text));
      return [{ from, to, names }];
    });
  });
}

/** The import cycles among project files (each found once, as the files along it). */
export function importCycles(edges: Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const edge of edges) if (edge.internal) next.set(edge.from, [...(next.get(edge.from) ?? []), edge.to]);
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const to of next.get(file) ?? []) {
      if (state.get(to) === 'open') cycles.push(stack.slice(stack.indexOf(to)));
      else if (!state.has(to)) visit(to);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of next.keys()) if (!state.has(file)) visit(file);
  return cycles;
}
