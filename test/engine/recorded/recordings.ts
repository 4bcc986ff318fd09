/**
 * Where the recordings of this Node.js major live. The engine's numbers are a pure function of their
 * inputs on one JavaScript engine, but V8's Math library differs in the last bit between releases
 * (Node.js 20 and 24 disagree on 32 of 11,021 lines of the care example's output, each a p90 or p95
 * in its 16th or 17th digit), so each supported major keeps its own recordings.
 */
import { existsSync, mkdirSync } from 'node:fs';

export const NODE_MAJOR = process.versions.node.split('.')[0];

export function recordingsFolder(create = false): URL {
  const folder = new URL(`./node${NODE_MAJOR}/`, import.meta.url);
  if (create) mkdirSync(folder, { recursive: true });
  else if (!existsSync(folder)) {
    throw new Error(
      `no recorded outputs for Node.js ${NODE_MAJOR}: record them from the engine as it stands on main, on that ` +
        `Node.js (npx tsx test/engine/recorded/record.ts)`,
    );
  }
  return folder;
}
