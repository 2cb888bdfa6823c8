/**
 * `npm start`: builds the product only when the build is missing or older
 * than a source it is made from, then runs it (as `npm run serve` does).
 * `npm run serve` runs the built product as it is, and says so when there is none.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...p) => path.join(root, ...p);
const SERVER = at('apps/server/dist/main.js');
const WEB = at('apps/web/dist/index.html');

/** What a build is made from: every workspace's sources and build settings, and the lock file. */
const SOURCES = [
  'package-lock.json',
  'packages/contracts/src',
  'packages/engine/src',
  'packages/game/src',
  'packages/game/package.json',
  'apps/server/src',
  'apps/server/drizzle',
  'apps/server/sql',
  'apps/server/build.mjs',
  'apps/server/package.json',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/vite.game.config.ts',
  'apps/web/package.json',
];

function newest(p) {
  let stat;
  try {
    stat = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) latest = Math.max(latest, newest(path.join(p, entry)));
  return latest;
}

function builtAt() {
  try {
    return Math.min(fs.statSync(SERVER).mtimeMs, fs.statSync(WEB).mtimeMs);
  } catch {
    return 0;
  }
}

/** Why a build is needed, or undefined when the present one is current. */
function staleBuild() {
  const built = builtAt();
  if (built === 0) return 'no build yet';
  const changed = SOURCES.find((s) => newest(at(s)) > built);
  return changed ? `${changed} changed since the last build` : undefined;
}

const mode = process.argv[2] ?? 'start';
if (mode === 'start') {
  const why = staleBuild();
  if (why) {
    console.log(`Building (${why})…`);
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  } else {
    console.log('The build is current: starting it.');
  }
} else if (builtAt() === 0) {
  console.error('No build: run `npm run build` first (or `npm start`, which builds when needed).');
  process.exit(1);
}

// The server runs in this process: it handles the signals itself (a child would be left behind).
await import(pathToFileURL(SERVER).href);
