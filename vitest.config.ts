import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'contracts/**/*.test.ts',
      'packages/*/src/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
      'services/*/src/**/*.test.ts',
      'services/*/test/**/*.test.ts',
      'gateway/src/**/*.test.ts',
      'gateway/test/**/*.test.ts',
      'infra/**/*.test.ts',
      'test/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', 'e2e/**', 'frontends/**'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
