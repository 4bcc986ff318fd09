/**
 * Preloaded (`--import`) into the service under soak: sends the main thread's
 * process.memoryUsage() to the soak over the IPC channel every second. Worker threads do not run
 * it (the pool starts them without the main thread's flags).
 */
export interface HeapReport {
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

if (process.send) {
  setInterval(() => {
    const { heapUsed, external, arrayBuffers } = process.memoryUsage();
    process.send?.({ heapUsed, external, arrayBuffers } satisfies HeapReport);
  }, 1000).unref();
}
