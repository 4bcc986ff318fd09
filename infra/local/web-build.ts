/**
 * The web app's build (web/, served at /app): made when it is missing, so `npm start`, the tests
 * and the benchmark work on a fresh clone without a separate step. `npm run build` rebuilds it.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const webRoot = fileURLToPath(new URL('../../web/', import.meta.url));
export const webDist = fileURLToPath(new URL('../../web/dist/', import.meta.url));

export async function buildWebApp(): Promise<void> {
  const { build } = await import('vite');
  await build({ configFile: `${webRoot}vite.config.ts`, logLevel: 'warn' });
}

/** Builds the app unless a build is there; returns whether it built. */
export async function ensureWebApp(): Promise<boolean> {
  if (existsSync(`${webDist}index.html`)) return false;
  await buildWebApp();
  return true;
}
