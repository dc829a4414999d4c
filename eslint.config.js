// One lint for every workspace: TypeScript rules, React hooks, and the import boundaries that keep one shape for
// every feature (README, "Adding a feature"). Fix the design when a boundary rule fires; never silence it.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

const el = (...types) => ({ element: { types: { anyOf: types } } });
const to = (...types) => ({ to: el(...types) });

// Only repositories (and the database set-up in src/db) speak SQL; tests may read tables to check what was stored.
const sqlOnlyInRepositories = [
  { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Only *.repository.ts files query the database.' },
  { group: ['**/db/schema', '**/db/schema/*', '**/db/schema/**'], message: 'Only *.repository.ts files use the tables.' },
];
const crossModule = {
  group: ['../*/*', '!../../**', '!../*/*.module.ts', '!../*/*.service.ts'],
  message: 'A module reaches another only through its <feature>.module.ts or <feature>.service.ts.',
};
// What another module hands out is a domain type (users' `Member`), never a row: a table's shape stays in its module.
const rowsStayHome = {
  group: ['../*/*', '!../../**'],
  importNamePattern: 'Row$',
  message: "Another module's *Row type is its table's shape: use the domain type its service exports (e.g. Member).",
};

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**', 'apps/server/src/db/migrations/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Tests read socket payloads and responses field by field, whatever each event carries.
    files: ['**/*.test.{ts,tsx}', 'apps/server/test/**/*.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      // The web imports without extensions; the node resolver finds .ts and .tsx files.
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/include': ['apps/web/src/**/*'],
      'boundaries/elements': [
        { type: 'web-app', pattern: 'apps/web/src/app' },
        { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
        { type: 'web-shared', pattern: 'apps/web/src/*' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            // Web: a feature uses shared code and itself; composing features is the job of app/.
            { from: el('web-feature'), disallow: to('web-app', 'web-feature') },
            {
              from: el('web-feature'),
              allow: { to: { element: { type: 'web-feature', captured: { feature: '{{ from.element.captured.feature }}' } } } },
            },
            { from: el('web-shared'), disallow: to('web-app', 'web-feature') },
          ],
        },
      ],
    },
  },
  {
    // Schemas that run in the browser take `z` from the shared package, which turns off zod's eval probe there
    // (packages/shared/src/zod.ts): a schema made from 'zod' directly could run before it and trip the page's CSP.
    files: ['apps/web/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'packages/shared/src/zod.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'zod', message: "Import z from '@tribeverse/shared' (in the shared package: from its zod.ts)." }] },
      ],
    },
  },
  {
    // Server modules are flat folders, so another module's file is always imported as '../<module>/<file>.ts'.
    files: ['apps/server/src/modules/**/*.repository.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [crossModule, rowsStayHome] }] },
  },
  {
    files: ['apps/server/src/modules/*/**/*.ts'],
    ignores: ['apps/server/src/modules/**/*.repository.ts', 'apps/server/src/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...sqlOnlyInRepositories, crossModule, rowsStayHome] }] },
  },
  {
    files: ['apps/server/src/modules/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [crossModule, rowsStayHome] }] },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/modules/*/**', 'apps/server/src/db/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: sqlOnlyInRepositories }] },
  },
);
