import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Statistical and end-to-end tests do real work; the machines are small and shared.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // The tests run on Node 20 like the local runtime; the SDK's reminder that its future releases
    // need Node 22 (Lambda's runtime) would repeat once per test process.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  },
});
