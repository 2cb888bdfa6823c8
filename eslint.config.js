// Lint: typescript-eslint strict, React hooks rules, and the import directions
// of the architecture (docs/architecture.md): contracts and engine import
// neither apps nor UI; the engine is deterministic; a web feature imports no other
// feature; shared web code imports no feature and nothing of app/; a server route works
// through its repository; product code imports nothing of the tests; no import cycles
// anywhere. Every path rule lives in the one `import-x/no-restricted-paths` block below
// (a later block would replace it for the files it matches, not add to it).
import fs from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const webFeatures = fs.readdirSync(new URL('./apps/web/src/features', import.meta.url));
const serverFeatures = fs.readdirSync(new URL('./apps/server/src/features', import.meta.url));

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
    rules: noImportFrom(
      ['@airman/engine/*', '@airman/game/*', '@airman/web/*', '@airman/server/*', '**/apps/**'],
      'contracts are shared: they import nothing of ours',
    ),
  },
  {
    // The engine runs alike in Node (the server's replay), the browser and a worker: none of their own APIs.
    files: ['packages/engine/src/**/*.ts'],
    ignores: ['packages/engine/src/**/*.test.ts'],
    rules: {
      ...noImportFrom(
        ['@airman/game/*', '@airman/web/*', '@airman/server/*', '**/apps/web/**', 'node:*'],
        'the engine is pure: no UI, no server, no Node API',
      ),
      'no-restricted-globals': [
        'error',
        ...[
          'window',
          'document',
          'navigator',
          'localStorage',
          'sessionStorage',
          'self',
          'location',
          'process',
          'Buffer',
          'require',
          '__dirname',
          'global',
        ].map((name) => ({
          name,
          message: 'the engine is pure: no DOM, no Node globals',
        })),
      ],
      // Deterministic: a run replays from its seed and moves, so no clock and no randomness of its own.
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'the engine is deterministic: draw from the seeded random' },
        { object: 'Date', property: 'now', message: 'the engine is deterministic: take the time as an input' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'the engine is deterministic: take the time as an input',
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: noImportFrom(['@airman/server/*', '**/apps/server/**'], 'the web app talks to the server over HTTP only'),
  },
  {
    // A web test waits the setup's 15 s (apps/web/test/setup.ts): a shorter per-call bound fails
    // a correct test when the machine is busy, and it measures nothing a wait that is met returns at once.
    files: ['apps/web/src/**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...["[callee.name='waitFor']", '[callee.property.name=/^find(All)?By/]'].map((call) => ({
          selector: `CallExpression${call} > ObjectExpression > Property[key.name='timeout']`,
          message: "wait the setup's asyncUtilTimeout: no timeout of a web test's own",
        })),
      ],
    },
  },
  {
    // Paths resolved to files, however they are written (relative, workspace name): a
    // package never reaches an app; a web feature reaches another only through lib/ or
    // components/ (or the route that composes them) and never reaches app/; shared code
    // never reaches a feature; a server feature never reaches another feature's routes.ts;
    // on the server, cross-cutting code never reaches a feature either.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver()],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './packages',
              from: './apps',
              message: 'packages are shared by the apps: they import no app',
            },
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'a feature imports nothing of app/: app/ composes the features',
            },
            ...serverFeatures.map((feature) => ({
              target: `./apps/server/src/features/${feature}`,
              from: `./apps/server/src/features/!(${feature})/routes.ts`,
              message: "a feature imports no other feature's routes: share through its repository or lib/",
            })),
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message: 'a feature imports no other feature: share through lib/ or components/, or compose in app/',
            })),
            {
              target: ['./apps/web/src/lib', './apps/web/src/components'],
              from: './apps/web/src/features',
              message: 'shared code imports no feature',
            },
            {
              target: ['./apps/web/src/lib', './apps/web/src/components'],
              from: './apps/web/src/app',
              message: 'shared code imports nothing of app/: app/ composes it',
            },
            {
              target: './apps/server/src/{auth,db,lib,mail,plugins,xapi}/**/!(*.test).ts',
              from: './apps/server/src/features',
              message: 'cross-cutting server code imports no feature',
            },
            {
              // However it is written (relative, #db/schema.ts): the schema is the repository's to use.
              target: './apps/server/src/features/*/routes.ts',
              from: './apps/server/src/db/schema.ts',
              message: "a route works through its feature's repository.ts: no Drizzle, no db/schema",
            },
            {
              target: ['./apps/server/src/**/!(*.test).ts', './apps/server/build.mjs'],
              from: './apps/server/test',
              message: 'product code imports nothing of the test harness (#test/…)',
            },
          ],
        },
      ],
    },
  },
  {
    // In an app, code two or more directories away is reached by its subpath import
    // (package.json "imports": #lib/…, #components/…, #db/…), which says where it lives.
    files: ['apps/*/src/**/*.{ts,tsx}', 'apps/*/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./){2,}',
              message:
                "reach code two or more directories up by its subpath import (#lib/…), as package.json's imports name it",
            },
          ],
        },
      ],
    },
  },
  {
    // Drizzle's own transaction on the pool leaks its connection when BEGIN fails: the server's
    // transactions are opened with transaction(db, …) from db/database.ts, which gives it back.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts', 'apps/server/src/db/database.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...["[callee.object.name='db']", "[callee.object.property.name='db']"].map((object) => ({
          selector: `CallExpression[callee.property.name='transaction']${object}`,
          message: 'open a transaction with transaction(db, …) from db/database.ts (it gives its connection back)',
        })),
      ],
    },
  },
  {
    // A route speaks HTTP; its feature's repository.ts (and the feature's query modules) speak SQL.
    files: ['apps/server/src/features/*/routes.ts'],
    rules: noImportFrom(
      ['drizzle-orm', 'drizzle-orm/*', '**/db/schema.ts'],
      "a route works through its feature's repository.ts: no Drizzle, no db/schema",
    ),
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
                ...['api', 'game', 'module', 'questionnaire', 'user', 'validation', 'zod-setup'].map(
                  (f) => `@airman/contracts/${f}.ts`,
                ),
                '@airman/engine/validate.ts',
              ],
              allowTypeImports: true,
              message:
                'the game bundle stays free of zod: import types, or the zod-free modules (gauges.ts, questionnaire-score.ts, constants.ts)',
            },
          ],
        },
      ],
    },
  },
);
