import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Statistical and end-to-end tests do real work; the machines are small and shared.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // The tests may run on a Node.js older than Lambda's; the SDK's reminder that its future
    // releases need Node 22 would repeat once per test process.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    projects: [
      { extends: true, test: { name: 'default', include: ['test/**/*.test.ts'] } },
      {
        // The store's integration tests once more against Amazon DynamoDB Local (Java), which
        // parses the real protocol strictly; the embedded store is lenient in places.
        extends: true,
        test: {
          name: 'dynamodb-local',
          include: [
            'test/store/**/*.test.ts',
            'test/integration/households.test.ts',
            'test/integration/scenarios.test.ts',
            'test/runs/blobs.test.ts',
            'test/runs/shard-worker.test.ts',
            'test/runs/usage-metering.test.ts',
          ],
          globalSetup: ['test/support/dynamodb-local-setup.ts'],
        },
      },
    ],
  },
});
