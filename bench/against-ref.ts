/**
 * The engine at another revision, for `npm run bench -- <section> --against <git-ref>`: the ref is
 * checked out into a temporary git worktree and its engine bundled with the functions' esbuild
 * settings, as today's is, so that a section can run both alternately in one process. The past
 * stays in version control; nothing of it is copied into the tree.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { esbuildOptions } from '../infra/cdk/bundling.js';

const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * The modules of the ref's engine a bench reaches, by the name its bundle exports them under. Only
 * `engine` (its `simulate`) is required; the others exist from the batched engine on, and a bench
 * shows what needs them only when the ref has them.
 */
const REF_MODULES = {
  engine: 'shared/engine/index.ts',
  pathRunner: 'shared/engine/household/path-runner.ts',
  simulateShard: 'shared/engine/output/simulate-shard.ts',
} as const;

export interface RefBundle {
  /** The ref as given and the commit it names. */
  ref: string;
  commit: string;
  /** The bundled module (ESM), exporting each of REF_MODULES the ref has, as a namespace. */
  file: string;
}

function git(args: string[]): string {
  return execFileSync('git', args, { cwd: PROJECT_ROOT, encoding: 'utf8' }).trim();
}

/** Bundles the engine of `ref` into `outDir`; the temporary worktree is removed before it returns. */
export async function bundleEngineAt(ref: string, outDir: string): Promise<RefBundle> {
  const commit = git(['rev-parse', '--verify', `${ref}^{commit}`]);
  const dir = mkdtempSync(join(tmpdir(), `bench-${commit.slice(0, 8)}-`));
  git(['worktree', 'add', '--detach', '--quiet', dir, commit]);
  try {
    const present = Object.entries(REF_MODULES).filter(([, path]) => existsSync(join(dir, path)));
    if (!present.some(([name]) => name === 'engine')) throw new Error(`${ref} has no ${REF_MODULES.engine}`);
    const entry = join(dir, 'bench-ref-entry.ts');
    writeFileSync(entry, present.map(([name, path]) => `export * as ${name} from './${path}';\n`).join(''));
    const file = join(outDir, `engine-${commit.slice(0, 12)}.mjs`);
    // The ref's own sources, today's packages (the engine imports none but Node's built-ins).
    await build({
      ...esbuildOptions(entry, file),
      nodePaths: [join(PROJECT_ROOT, 'node_modules')],
      minify: false,
      sourcemap: false,
      metafile: false,
    });
    return { ref, commit, file };
  } finally {
    git(['worktree', 'remove', '--force', dir]);
    rmSync(dir, { recursive: true, force: true });
  }
}
