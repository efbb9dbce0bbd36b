import { defineConfig } from 'vitest/config';

/** End-to-end journeys: whole topologies and real browsers, one file at a time. */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
