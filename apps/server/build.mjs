// Bundles the server (and the shared workspace packages it imports, which are
// TypeScript sources) into dist/main.js, or the file given as `--outfile <path>`
// (the API tests' own build of the current sources); npm dependencies stay external, but for
// drizzle-orm: Node's loader reads its package.json (an exports map of 180 kB) again for each of
// the hundreds of modules it imports, about 2 s of CPU at every start; bundled, none of that.
import { build } from 'esbuild';
import fs from 'node:fs';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { outfile: { type: 'string', default: 'dist/main.js' } } });

const pkg = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@airman/') && name !== 'drizzle-orm');

await build({
  entryPoints: ['src/main.ts'],
  outfile: values.outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
