import { defineConfig } from 'vitest/config';

/**
 * End-to-end journeys: whole topologies and real browsers. Two files at a time (one per core): each journey starts
 * its own MER (embedded, ports chosen by the system) or its own cluster (a namespace of its own on the servers and
 * a random port range), so files share nothing; within a file, steps run in order against one started MER.
 */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
