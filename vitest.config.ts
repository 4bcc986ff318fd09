import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Statistical and end-to-end tests do real work; the machines are small and shared.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
