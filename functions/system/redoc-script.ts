/**
 * Redoc's standalone bundle, which renders the docs page in the browser. The service serves it
 * itself (no CDN): in a Lambda bundle the CDK copies it beside the handler (infra/cdk/bundling.ts,
 * `assetsBeside`); locally it is read from node_modules.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const redocScriptName = 'redoc.standalone.js';
export const redocScriptModule = `redoc/bundles/${redocScriptName}`;

let script: string | undefined;

export function redocScript(): string {
  if (script === undefined) {
    const beside = fileURLToPath(new URL(`./${redocScriptName}`, import.meta.url));
    const file = existsSync(beside) ? beside : createRequire(import.meta.url).resolve(redocScriptModule);
    script = readFileSync(file, 'utf8');
  }
  return script;
}
