// Bundle budgets: what the login route loads, JS and CSS, gzip-compressed, and
// the game's own bundle (dist/game/game.js: what its first screens need; the debrief
// is a chunk under dist/game/chunks/, fetched during play), which, chunks included,
// must also carry no zod: the game imports only zod-free modules of the contracts.
// Reads Vite's manifest, follows the static imports of the entry and of the
// login route's lazy chunk, and fails when a budget is exceeded.
// Also fails when the module editor or the JSON editor (CodeMirror) can be
// reached by static imports from the entry, the login route or the game route,
// or is inside the game's own bundle (dist/game/game.js): they load on demand.
// Also fails when a page's route statically loads a chunk it does not use (OFF_PAGES below).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const KiB = 1024;
const BUDGETS = { loginJs: 155 * KiB, loginCss: 40 * KiB, gameJs: 15_000 };

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
const routeKey = (file) => Object.keys(manifest).find((k) => k.endsWith(file));
const loginRoute = routeKey('app/routes/login.tsx');
const gameRoute = routeKey('app/routes/game.tsx');
if (!entry || !loginRoute || !gameRoute) throw new Error('entry, login or game route missing from the manifest');
const login = collect([entry, loginRoute]);
const game = collect([entry, gameRoute]);
const results = [
  { name: 'login route JS (gzip)', size: total(login.js), budget: BUDGETS.loginJs },
  { name: 'login route CSS (gzip)', size: total(login.css), budget: BUDGETS.loginCss },
  { name: 'game bundle game/game.js (gzip)', size: gzipSize('game/game.js'), budget: BUDGETS.gameJs },
];
let failed = false;
for (const r of results) {
  const ok = r.size <= r.budget;
  failed ||= !ok;
  const figure = (bytes) => (bytes % KiB === 0 ? `${bytes / KiB} KiB` : `${bytes.toLocaleString('en-US')} B`);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${r.name}: ${figure(r.size)} (budget ${figure(r.budget)})`);
}

// Every file of the game's build: game.js and its chunks.
const gameFiles = fs
  .readdirSync(path.join(dist, 'game'), { recursive: true })
  .filter((f) => f.endsWith('.js'))
  .map((f) => `game/${f}`);
// zod's internals name every schema's state `_zod` and its error class ZodError.
const gameSource = gameFiles.map((f) => fs.readFileSync(path.join(dist, f), 'utf8')).join('\n');
const zodMarks = ['_zod', 'ZodError'].filter((mark) => gameSource.includes(mark));
failed ||= zodMarks.length > 0;
console.log(
  `${zodMarks.length === 0 ? 'ok  ' : 'FAIL'} no zod in the game's files (${gameFiles.join(', ')})${zodMarks.length ? `: found ${zodMarks.join(', ')}` : ''}`,
);

// Loaded on demand: each must stay a chunk of its own (a dynamic import), reached
// from no static import of these pages, and its code (found by a marker that
// the check first finds in that chunk or its imports) in none of their files.
const ON_DEMAND = [
  {
    name: 'the JSON editor (CodeMirror)',
    file: 'features/modules/components/json-editor.tsx',
    marker: /\.cm-scroller/,
  },
  {
    name: 'the module editor modal',
    file: 'features/modules/components/module-editor-modal.tsx',
    marker: /[`'"]module-editor[`'"]/,
  },
];
const PAGES = [
  { name: 'the login page', files: login.js },
  { name: 'the game (route and dist/game/)', files: [...game.js, ...gameFiles] },
];
const read = (file) => fs.readFileSync(path.join(dist, file), 'utf8');
for (const lazy of ON_DEMAND) {
  const key = routeKey(lazy.file);
  const problems = [];
  if (!key || !manifest[key].isDynamicEntry) problems.push('is not a dynamically imported chunk of its own');
  else if (!collect([key]).js.some((f) => lazy.marker.test(read(f))))
    problems.push(`its marker ${lazy.marker} is not in its chunks: update this script`);
  for (const page of PAGES) {
    const holding = page.files.filter((f) => (key && f === manifest[key].file) || lazy.marker.test(read(f)));
    if (holding.length > 0) problems.push(`is in ${page.name}: ${holding.join(', ')}`);
  }
  failed ||= problems.length > 0;
  console.log(
    `${problems.length === 0 ? 'ok  ' : 'FAIL'} ${lazy.name} loads on demand${problems.length ? `: ${problems.join('; ')}` : ''}`,
  );
}
// What a page does not use stays off it: code found by these markers is in none of the files its
// route loads before it is shown (the entry's and the route's static imports). The trainee's
// training list parses nothing (zod and the profile form's unit input load only when a profile is
// incomplete) and shows no tooltip or popover (its buttons, and the app shell's, are text buttons:
// text-button.tsx); the users list opens its date fields in modals, loaded when one opens. Neither the
// users list nor Progress parses until a dialog that validates opens (contracts' *-values.ts
// modules give them constants without schemas); Progress loads its date fields' code as its filter
// bar is entered (LazyDateField).
const CODE = {
  zod: /_zod|ZodError/,
  // Its datalist's id: `${id}-suggestions`.
  'the unit input': /-suggestions/,
  'the date field (flatpickr)': /flatpickr-months/,
  // Carbon's Popover, which its Tooltip and IconButton (and so its Button) bring, with floating-ui.
  "Carbon's Popover (floating-ui)": /--popover-content/,
};
const OFF_PAGES = [
  {
    page: 'the game route',
    route: gameRoute,
    off: ['zod', 'the unit input', 'the date field (flatpickr)', "Carbon's Popover (floating-ui)"],
  },
  {
    page: 'the users list',
    route: routeKey('app/routes/admin.tsx'),
    off: ['zod', 'the date field (flatpickr)'],
  },
  { page: 'Progress', route: routeKey('app/routes/progress.tsx'), off: ['zod', 'the date field (flatpickr)'] },
];
// The Progress page draws its charts itself (features/progress/components/progress-charts.tsx):
// Carbon Charts (its class prefix cds--cc--) in no file of the build.
const chartLibrary = Object.values(manifest)
  .map((chunk) => chunk.file)
  .filter((f) => /cds--cc--/.test(read(f)));
failed ||= chartLibrary.length > 0;
console.log(
  `${chartLibrary.length === 0 ? 'ok  ' : 'FAIL'} no Carbon Charts in the build${chartLibrary.length ? `: ${chartLibrary.join(', ')}` : ''}`,
);
for (const [name, marker] of Object.entries(CODE)) {
  if (!Object.values(manifest).some((chunk) => marker.test(read(chunk.file))))
    throw new Error(`the marker of ${name}, ${marker}, is in no chunk: update this script`);
}
for (const { page, route, off } of OFF_PAGES) {
  if (!route) throw new Error(`${page}'s route is missing from the manifest`);
  const files = collect([entry, route]).js;
  const problems = off.flatMap((name) => {
    const holding = files.filter((f) => CODE[name].test(read(f)));
    return holding.length > 0 ? [`${name} is in ${holding.join(', ')}`] : [];
  });
  failed ||= problems.length > 0;
  console.log(
    `${problems.length === 0 ? 'ok  ' : 'FAIL'} ${page} loads none of: ${off.join(', ')}${problems.length ? `: ${problems.join('; ')}` : ''}`,
  );
}
if (failed) process.exit(1);
