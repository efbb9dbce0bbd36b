// One lint setup for all of MER's TypeScript. Prettier owns formatting, so only rules that find
// real problems are on here; `npx tsc -p tsconfig.json` owns types.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import merPlugin from './eslint-rules/service-boundaries.js';

/** Builds the config for a repository root (tests point it at a fixture tree). */
export function createConfig(root) {
  return defineConfig(
    {
      ignores: [
        '**/node_modules/**',
        '**/dist/**',
        '**/coverage/**',
        'data/**',
        '.tmp/**',
        '.turbo/**',
        'frontends/*/dist/**',
        'contracts/openapi.json',
        'test-results/**',
      ],
    },
    {
      files: ['**/*.{ts,tsx,mts,cts}'],
      extends: [js.configs.recommended, tseslint.configs.recommended],
      plugins: { mer: merPlugin },
      rules: {
        'mer/service-boundaries': ['error', { root }],
        'mer/layers': ['error', { root }],
        // `any` is a deliberate escape hatch at a few seams (Kysely<any>, generic consumer lists); strict tsc covers the rest.
        '@typescript-eslint/no-explicit-any': 'off',
        '@typescript-eslint/no-unused-vars': [
          'error',
          {
            argsIgnorePattern: '^_',
            varsIgnorePattern: '^_',
            caughtErrors: 'none',
            ignoreRestSiblings: true,
          },
        ],
        'no-empty': ['error', { allowEmptyCatch: true }],
        // `interface PasswordFieldProps extends Omit<...> {}` names a type; only truly empty ones are suspicious.
        '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
        // Bug finders beyond the recommended sets.
        eqeqeq: ['error', 'smart'],
        'no-self-compare': 'error',
        'no-template-curly-in-string': 'error',
        'no-constructor-return': 'error',
        'no-unreachable-loop': 'error',
        'no-useless-catch': 'error',
        'array-callback-return': 'error',
      },
    },
    {
      // Tests feed hostile strings on purpose ('${jndi:...}').
      files: ['**/test/**/*.{ts,tsx}', '**/*.test.{ts,tsx}', 'packages/service-runtime/src/testing/**/*.ts'],
      rules: { 'no-template-curly-in-string': 'off' },
    },
    {
      // The lint setup itself and other plain JS/ESM files.
      files: ['**/*.{js,mjs}'],
      extends: [js.configs.recommended],
      languageOptions: {
        sourceType: 'module',
        globals: { process: 'readonly', console: 'readonly', URL: 'readonly' },
      },
    },
    {
      // Browser scripts (service worker, runtime config) run with globals this config does not list.
      files: ['frontends/**/*.{js,mjs}'],
      rules: { 'no-undef': 'off' },
    },
  );
}

export default createConfig(import.meta.dirname);
