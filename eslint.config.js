import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import pluginQuery from '@tanstack/eslint-plugin-query';

/** Production code of the server does not import tests or test helpers. */
const noTests = {
  group: ['**/test/**', '**/*.test.ts'],
  message: 'Production code does not import tests or test helpers.',
};

/** Layers of the server: routes talk to services, only services talk to repos and the database. */
const serverLayers = [
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noTests] }] },
  },
  {
    files: ['apps/server/src/modules/**/routes.ts', 'apps/server/src/modules/**/module.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noTests,
            { group: ['**/repo.ts', '**/repo'], message: 'Routes call services; only services use repos.' },
            { group: ['**/db/*', 'kysely'], message: 'Routes do not touch the database: ask a service.' },
          ],
        },
      ],
    },
  },
];

/** The web app: no server code, and the request layer is reached through api/ only. */
const webLayers = {
  files: ['apps/web/src/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['**/apps/server/**', '@bid/server', '@bid/server/*'],
            message: 'The web app uses the shared contract (@bid/shared), never server code.',
          },
        ],
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '.bench-engine/**',
      '**/*.snap',
      '**/__snapshots__/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['warn', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, '@tanstack/query': pluginQuery },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@tanstack/query/exhaustive-deps': 'error',
      '@tanstack/query/no-rest-destructuring': 'warn',
      '@tanstack/query/stable-query-client': 'error',
      '@tanstack/query/no-unstable-deps': 'error',
      '@tanstack/query/infinite-query-property-order': 'error',
      '@tanstack/query/no-void-query-fn': 'error',
      '@tanstack/query/mutation-property-order': 'error',
    },
  },
  ...serverLayers,
  webLayers,
);
