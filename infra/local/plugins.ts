/** The plugins every local runtime starts (see `LocalPlugin`). Append to `localPlugins`. */
import type { LocalPlugin } from './local-plugin.js';
import { shardQueuePlugin } from './queue-plugin.js';

export const localPlugins: LocalPlugin[] = [shardQueuePlugin];
