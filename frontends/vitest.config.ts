import { defineConfig } from 'vitest/config';

/** Unit tests of the front ends' pure logic (guard decisions, validation, timers, error mapping). */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['*/src/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    environment: 'node',
  },
});
