/**
 * What else runs inside the local runtime besides the HTTP server (e.g. the in-process shard queue
 * and its worker pool). A plugin starts after the store and the server are up, with the runtime's
 * URL and data directory, and is stopped (in reverse order) on shutdown.
 */
export interface LocalRuntimeContext {
  url: string;
  dataDir: string;
}

export interface LocalPlugin {
  name: string;
  start(context: LocalRuntimeContext): Promise<{ stop(): Promise<void> } | void>;
}
