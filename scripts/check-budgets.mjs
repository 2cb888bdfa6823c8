// Bundle budgets: what the login route loads, JS and CSS, gzip-compressed.
// Reads Vite's manifest, follows the static imports of the entry and of the
// login route's lazy chunk, and fails when a budget is exceeded.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const KiB = 1024;
const BUDGETS = { loginJs: 150 * KiB, loginCss: 40 * KiB };

function collect(keys) {
  const js = new Set();
  const css = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no ${key}`);
    js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) visit(i);
  };
  keys.forEach(visit);
  return { js: [...js], css: [...css] };
}

const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
const total = (files) => files.reduce((sum, f) => sum + gzipSize(f), 0);

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const loginRoute = Object.keys(manifest).find((k) => k.endsWith('app/routes/login.tsx'));
if (!entry || !loginRoute) throw new Error('entry or login route missing from the manifest');
const login = collect([entry, loginRoute]);
const results = [
  { name: 'login route JS (gzip)', size: total(login.js), budget: BUDGETS.loginJs },
  { name: 'login route CSS (gzip)', size: total(login.css), budget: BUDGETS.loginCss },
];
let failed = false;
for (const r of results) {
  const ok = r.size <= r.budget;
  failed ||= !ok;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${r.name}: ${(r.size / KiB).toFixed(1)} KiB (budget ${r.budget / KiB} KiB)`);
}
if (failed) process.exit(1);
