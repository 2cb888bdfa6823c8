import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './e2e/constants.ts';

// Four projects: unit tests beside the code, the web app's component tests (jsdom, the
// server mocked at the HTTP boundary by MSW), API tests over HTTP against real databases,
// and browser end-to-end tests against the built product. `npm test` runs the e2e project in a
// Vitest process of its own beside one running the other three at the lowest CPU priority
// (scripts/test.mjs); `vitest run` alone runs the four one group after another.
export default defineConfig({
  test: {
    // Carbon says in every web test file which of its next version's flags are off.
    onConsoleLog: (log) => !log.includes('[@carbon/feature-flags]'),
    projects: [
      {
        test: {
          name: 'unit',
          // In one process, projects run one group after another: unit and web, then API, then browser.
          sequence: { groupOrder: 0 },
          // Vitest's default is one worker fewer than the cores: one, here.
          maxWorkers: 2,
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.{ts,tsx}',
            'apps/server/test/**/*.test.ts',
            'apps/server/sql/**/*.test.ts',
            'apps/web/build/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: ['**/*.api.test.ts', 'apps/web/src/**/*.test.tsx', '**/node_modules/**'],
          environment: 'node',
          // A worker imports shared modules once for all its files, not once per file (102 s of CPU
          // down to 64-87 s for the project); the files keep no state between them: fake timers and
          // stubbed env are restored after each test, and a vi.mock stays a pass-through once its test ends.
          isolate: false,
          // Some play a thousand seeds (1.8 s alone); in npm test they run at the lowest CPU priority
          // beside the e2e suite, where Vitest's 5 s default was seen to cut one off at 5.3 s.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'web',
          // With the unit tests: nothing here needs a database or a build.
          sequence: { groupOrder: 0 },
          maxWorkers: 2,
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['apps/web/test/setup.ts'],
          // Carbon's styles are not needed to query the DOM.
          css: false,
          // Typing into Carbon's fields in jsdom takes a while on a busy machine, and in npm test
          // these run at the lowest priority beside the e2e suite.
          testTimeout: 30_000,
        },
        define: { __APP_VERSION__: JSON.stringify('test') },
      },
      {
        test: {
          name: 'api',
          sequence: { groupOrder: 1 },
          include: ['apps/server/src/**/*.api.test.ts', 'scripts/**/*.api.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          // API tests run on real databases; files in parallel would compete for 2 cores.
          maxWorkers: 2,
          // A worker imports the app once for all its files rather than once per file (the
          // imports were most of a small file's time); each file still builds its own app and
          // database (test/harness.ts), so no state passes from one file to the next.
          isolate: false,
          hookTimeout: 60_000,
          setupFiles: ['apps/server/test/setup.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll waits up to 10 s rather than Vitest's 1 s: a chart drawn or a row listed a
          // few seconds late on a busy machine is not a failure; a poll that is met returns at once.
          expect: { poll: { timeout: 10_000 } },
          // E2E_WORKERS files at a time (one by default), each worker against its own server (e2e/global-setup.ts).
          maxWorkers: E2E_WORKERS,
          // A worker imports the helpers and keeps one browser (e2e/browser.ts) for all its files;
          // each file still opens browser contexts of its own and closes what it left open.
          isolate: false,
          globalSetup: ['e2e/global-setup.ts'],
        },
      },
    ],
  },
});
