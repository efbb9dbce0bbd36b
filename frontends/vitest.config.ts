import { defineConfig } from 'vitest/config';

/**
 * The front ends' tests, in one run (`npm run test:web`): unit tests of the pure logic (guard decisions,
 * validation, timers, error mapping) in Node, and component tests (`*.test.tsx`: React Testing Library in
 * happy-dom, which starts much faster than jsdom) that render a component and act as a member would.
 */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    exclude: ['**/node_modules/**', '**/dist/**'],
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['*/src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'components',
          // The micro-frontend template's own test runs here too (scripts/templates/remote/).
          include: ['*/src/**/*.test.tsx', '../scripts/templates/remote/frontends/*/src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['./component-test-setup.ts'],
        },
      },
    ],
  },
});
