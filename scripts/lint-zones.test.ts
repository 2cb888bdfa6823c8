/**
 * The import rules of eslint.config.js hold: each is fed one file that breaks it (in memory,
 * at a path inside the zone it guards) and must refuse it, so a rule dropped from the
 * configuration fails here. A file that keeps to the rules is refused by none of them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

/** A source file (not a test) under `dir`, as an import path from `fromDir`: the rules resolve imports to real files. */
function someFile(dir: string, fromDir: string): string {
  const found = fs
    .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .sort()[0];
  if (!found) throw new Error(`no source file under ${dir}`);
  const relative = path
    .relative(path.join(root, fromDir), path.join(root, dir, found))
    .split(path.sep)
    .join('/');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

async function refusals(filePath: string, code: string): Promise<{ ruleId: string | null; message: string }[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message }));
}

interface Case {
  rule: string;
  file: string;
  code: string;
  ruleId: string;
  says: string;
}

const cases: Case[] = [
  {
    rule: 'a package imports no app, by a relative path',
    file: 'packages/game/src/lint-fixture.ts',
    code: `import '${someFile('apps/server/src/lib', 'packages/game/src')}';\n`,
    ruleId: 'import-x/no-restricted-paths',
    says: 'packages are shared by the apps',
  },
  {
    rule: "a package's test imports no app either",
    file: 'packages/engine/src/lint-fixture.test.ts',
    code: `import '${someFile('apps/server/src/lib', 'packages/engine/src')}';\n`,
    ruleId: 'import-x/no-restricted-paths',
    says: 'packages are shared by the apps',
  },
  {
    rule: 'a web feature imports nothing of app/',
    file: 'apps/web/src/features/account/lint-fixture.ts',
    code: `import '${someFile('apps/web/src/app', 'apps/web/src/features/account')}';\n`,
    ruleId: 'import-x/no-restricted-paths',
    says: 'a feature imports nothing of app/',
  },
  {
    rule: 'a web feature imports no other feature',
    file: 'apps/web/src/features/account/lint-fixture.ts',
    code: `import '${someFile('apps/web/src/features/users', 'apps/web/src/features/account')}';\n`,
    ruleId: 'import-x/no-restricted-paths',
    says: 'a feature imports no other feature',
  },
  {
    rule: 'a web feature imports no other feature, by its subpath import either',
    file: 'apps/web/src/features/account/lint-fixture.ts',
    code: `import '#features/users/${someFile('apps/web/src/features/users', 'apps/web/src/features/users').slice(2)}';\n`,
    ruleId: 'import-x/no-restricted-paths',
    says: 'a feature imports no other feature',
  },
  {
    rule: 'an app reaches code two directories up by its subpath import',
    file: 'apps/web/src/features/account/lint-fixture.ts',
    code: `import '${someFile('apps/web/src/lib', 'apps/web/src/features/account')}';\n`,
    ruleId: '@typescript-eslint/no-restricted-imports',
    says: 'subpath import',
  },
  {
    rule: "the web's shared code imports no feature",
    file: 'apps/web/src/lib/lint-fixture.ts',
    code: `import '${someFile('apps/web/src/features/users', 'apps/web/src/lib')}';\n`,
    ruleId: 'import-x/no-restricted-paths',
    says: 'shared code imports no feature',
  },
  {
    rule: 'the web app imports nothing of the server',
    file: 'apps/web/src/lib/lint-fixture.ts',
    code: `import '@airman/server/src/config.ts';\n`,
    ruleId: 'no-restricted-imports',
    says: 'over HTTP only',
  },
  {
    rule: "a server feature imports no other feature's routes.ts",
    file: 'apps/server/src/features/game/lint-fixture.ts',
    code: `import '../modules/routes.ts';\n`,
    ruleId: 'import-x/no-restricted-paths',
    says: "a feature imports no other feature's routes",
  },
  {
    rule: "the server's cross-cutting code imports no feature",
    file: 'apps/server/src/lib/lint-fixture.ts',
    code: `import '../features/game/repository.ts';\n`,
    ruleId: 'import-x/no-restricted-paths',
    says: 'cross-cutting server code imports no feature',
  },
  {
    rule: 'a server route works through its repository, not Drizzle',
    file: 'apps/server/src/features/game/routes.ts',
    code: `import 'drizzle-orm';\n`,
    ruleId: 'no-restricted-imports',
    says: "a route works through its feature's repository.ts",
  },
  {
    rule: 'no import cycle',
    // The game's routes import its repository: the repository importing them back closes a cycle.
    file: 'apps/server/src/features/game/repository.ts',
    code: `import './routes.ts';\n`,
    ruleId: 'import-x/no-cycle',
    says: 'Dependency cycle',
  },
  {
    rule: 'the engine imports no Node API',
    file: 'packages/engine/src/lint-fixture.ts',
    code: `import 'node:fs';\n`,
    ruleId: 'no-restricted-imports',
    says: 'the engine is pure',
  },
  {
    rule: 'the engine uses no DOM or Node global',
    file: 'packages/engine/src/lint-fixture.ts',
    code: `export const here = document;\n`,
    ruleId: 'no-restricted-globals',
    says: 'the engine is pure',
  },
  {
    rule: 'contracts import nothing of ours',
    file: 'packages/contracts/src/lint-fixture.ts',
    code: `import '@airman/engine/replay.ts';\n`,
    ruleId: 'no-restricted-imports',
    says: 'contracts are shared',
  },
  {
    rule: 'a server route reaches no db/schema by its subpath import either',
    file: 'apps/server/src/features/game/routes.ts',
    code: `import '#db/schema.ts';\n`,
    ruleId: 'import-x/no-restricted-paths',
    says: "a route works through its feature's repository.ts",
  },
  {
    rule: "the web's shared code imports nothing of app/",
    file: 'apps/web/src/components/lint-fixture.ts',
    code: `import '${someFile('apps/web/src/app', 'apps/web/src/components')}';\n`,
    ruleId: 'import-x/no-restricted-paths',
    says: 'shared code imports nothing of app/',
  },
  {
    rule: "the web's lib/ imports nothing of app/ either",
    file: 'apps/web/src/lib/lint-fixture.ts',
    code: `import '${someFile('apps/web/src/app', 'apps/web/src/lib')}';\n`,
    ruleId: 'import-x/no-restricted-paths',
    says: 'shared code imports nothing of app/',
  },
  {
    rule: 'server product code imports nothing of the test harness',
    file: 'apps/server/src/features/game/lint-fixture.ts',
    code: `import '#test/harness.ts';\n`,
    ruleId: 'import-x/no-restricted-paths',
    says: 'product code imports nothing of the test harness',
  },
  {
    rule: 'server cross-cutting code imports nothing of the test harness',
    file: 'apps/server/src/lib/lint-fixture.ts',
    code: `import '#test/databases.ts';\n`,
    ruleId: 'import-x/no-restricted-paths',
    says: 'product code imports nothing of the test harness',
  },
  {
    rule: 'the engine draws no random number of its own',
    file: 'packages/engine/src/lint-fixture.ts',
    code: `export const roll = Math.random();\n`,
    ruleId: 'no-restricted-properties',
    says: 'the engine is deterministic',
  },
  {
    rule: 'the engine reads no clock',
    file: 'packages/engine/src/lint-fixture.ts',
    code: `export const at = Date.now();\n`,
    ruleId: 'no-restricted-properties',
    says: 'the engine is deterministic',
  },
  {
    rule: 'the engine reads no clock through a new Date()',
    file: 'packages/engine/src/lint-fixture.ts',
    code: `export const at = new Date();\n`,
    ruleId: 'no-restricted-syntax',
    says: 'the engine is deterministic',
  },
  {
    rule: 'the game bundle imports no zod',
    file: 'packages/game/src/lint-fixture.ts',
    code: `import 'zod';\n`,
    ruleId: '@typescript-eslint/no-restricted-imports',
    says: 'the game bundle stays free of zod',
  },
];

describe('the import rules of eslint.config.js', () => {
  for (const c of cases) {
    it(`refuse: ${c.rule}`, { timeout: 120_000 }, async () => {
      const found = await refusals(c.file, c.code);
      expect(found.filter((m) => m.ruleId === c.ruleId && m.message.includes(c.says))).toHaveLength(1);
    });
  }

  /** Each rule's neighbour: the nearest file that keeps to it, which it must not refuse. */
  const neighbours: { rule: string; file: string; code: string }[] = [
    {
      rule: "a feature's repository uses db/schema by its subpath import",
      file: 'apps/server/src/features/game/repository-fixture.ts',
      code: `import '#db/schema.ts';\n`,
    },
    {
      rule: "the web's app/ composes shared code",
      file: 'apps/web/src/app/lint-fixture.ts',
      code: `import '${someFile('apps/web/src/components', 'apps/web/src/app')}';\n`,
    },
    {
      rule: "a server feature's test uses the test harness",
      file: 'apps/server/src/features/game/lint-fixture.api.test.ts',
      code: `import '#test/harness.ts';\n`,
    },
    {
      rule: 'a cross-cutting test uses a feature and the test harness',
      file: 'apps/server/src/lib/lint-fixture.api.test.ts',
      code: `import '#test/harness.ts';\nimport '../features/game/repository.ts';\n`,
    },
    {
      rule: "the engine's tests may read the clock and draw at random",
      file: 'packages/engine/src/lint-fixture.test.ts',
      code: `export const at = Date.now() + Math.random() + new Date().getTime();\n`,
    },
    {
      rule: 'the engine may make a Date from a given time and use Math',
      file: 'packages/engine/src/lint-fixture.ts',
      code: `export const at = (ms: number): number => new Date(ms).getTime() + Math.floor(ms / 2);\n`,
    },
  ];
  for (const n of neighbours) {
    it(`allow: ${n.rule}`, { timeout: 120_000 }, async () => {
      expect(await refusals(n.file, n.code)).toEqual([]);
    });
  }

  it('refuse nothing in a file that keeps to them', { timeout: 120_000 }, async () => {
    // A feature's own routes and repository, shared code, contracts and the engine.
    const code = [
      `import './repository.ts';`,
      `import '#lib/${someFile('apps/server/src/lib', 'apps/server/src/lib').slice(2)}';`,
      `import '@airman/contracts/module.ts';`,
      `import '@airman/engine/replay.ts';`,
      '',
    ].join('\n');
    expect(await refusals('apps/server/src/features/game/lint-fixture.ts', code)).toEqual([]);
  });
});
