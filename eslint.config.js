// Lint: typescript-eslint strict, React hooks rules, and the import direction
// of the architecture (contracts and engine import neither apps nor UI).
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const noImportFrom = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: patterns.map((group) => ({ group: [group], message })) }],
});

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '.test-data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'packages/game/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['packages/contracts/src/**/*.ts'],
    rules: noImportFrom(['@airman/engine/*', '@airman/game/*', '@airman/web/*', '@airman/server/*', '**/apps/**'], 'contracts are shared: they import nothing of ours'),
  },
  {
    // The engine runs alike in Node (the server's replay), the browser and a worker: none of their own APIs.
    files: ['packages/engine/src/**/*.ts'],
    ignores: ['packages/engine/src/**/*.test.ts'],
    rules: {
      ...noImportFrom(['@airman/game/*', '@airman/web/*', '@airman/server/*', '**/apps/web/**', 'node:*'], 'the engine is pure: no UI, no server, no Node API'),
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'self', 'location', 'process', 'Buffer', 'require', '__dirname', 'global'].map((name) => ({
          name,
          message: 'the engine is pure: no DOM, no Node globals',
        })),
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: noImportFrom(['@airman/server/*', '**/apps/server/**'], 'the web app talks to the server over HTTP only'),
  },
  {
    // game.js carries no zod (npm run budget checks the bundle): from the schema files, types only.
    files: ['packages/game/src/**/*.ts'],
    ignores: ['packages/game/src/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'zod',
                ...['api', 'game', 'module', 'questionnaire', 'user', 'validation', 'zod-setup'].map((f) => `@airman/contracts/${f}.ts`),
                '@airman/engine/validate.ts',
              ],
              allowTypeImports: true,
              message: 'the game bundle stays free of zod: import types, or the zod-free modules (gauges.ts, questionnaire-score.ts, constants.ts)',
            },
          ],
        },
      ],
    },
  },
);
