#!/usr/bin/env node
/**
 * Proves a production install clean, where `npm ci --omit=dev --workspace @airman/server` has
 * just run (the Dockerfile's prod-deps stage, which runs this): `npm ls --omit=dev --all` of
 * the server's workspace reports no problem (nothing extraneous, missing or invalid), every
 * package directory under node_modules is one of that tree's, no type declarations (@types/*)
 * are in it, and none of the development dependencies the workspaces declare (the test and
 * build tooling) is in it unless a runtime package depends on it. Prints the runtime packages,
 * name@version, one a line, and their count; exits 1 with the reasons otherwise.
 *
 *   node scripts/docker/prod-tree.mjs [--drop-types] [--sbom <file>]     # in the install's root
 *
 * --drop-types first removes node_modules/@types and the packages only they needed. npm keeps
 * them under --omit=dev: drizzle-orm names @types/pg an optional peer, and a package that is
 * both a development dependency and an optional peer of a runtime one is "devOptional", which
 * only --omit=optional would leave out (and with it the native builds the server needs, such as
 * argon2's). Type declarations are never loaded at run time. The removal happens only on an
 * install with nothing extraneous, so that it cannot hide a problem of its own.
 *
 * --sbom <file> writes the tree's CycloneDX SBOM there: `npm sbom --sbom-format cyclonedx` of the
 * server's workspace from the lock file, kept to the packages of this tree (and the workspaces
 * bundled into the server), each with its version, purl, licence and the registry's hash. Not
 * `npm sbom --omit=dev` itself: on the installed tree it refuses to run, as the root's
 * development dependencies are not installed, and from the lock file it leaves out every
 * runtime package the root also lists as a development dependency (pg, drizzle-orm, zod).
 * Every package of the tree must be in the SBOM, or this fails.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const WORKSPACE = '@airman/server';
const root = process.cwd();
const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/** `npm ls --omit=dev --all --json` of the server's workspace. */
function ls() {
  let out;
  try {
    out = execFileSync('npm', ['ls', '--omit=dev', '--all', '--json', '--workspace', WORKSPACE], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (err) {
    // npm ls exits 1 when it finds a problem; its JSON still says which.
    out = err.stdout;
  }
  return JSON.parse(out || '{}');
}
const extraneous = (t) => (t.problems ?? []).filter((p) => p.startsWith('extraneous: '));

if (process.argv.includes('--drop-types')) {
  const types = path.join(root, 'node_modules', '@types');
  if (extraneous(ls()).length === 0 && fs.existsSync(types)) {
    const dropped = fs.readdirSync(types).map((name) => `@types/${name}`);
    fs.rmSync(types, { recursive: true });
    // What only the declarations needed is extraneous now; its own dependencies may be next.
    for (let left = extraneous(ls()); left.length > 0; left = extraneous(ls())) {
      for (const problem of left) {
        const [, id, where] = /^extraneous: (\S+) (.+)$/.exec(problem) ?? [];
        if (!id || !where?.startsWith(path.join(root, 'node_modules'))) throw new Error(`cannot drop: ${problem}`);
        fs.rmSync(where, { recursive: true });
        dropped.push(id);
      }
    }
    console.log(`dropped type declarations and what only they needed: ${dropped.join(', ')}`);
  }
}

const tree = ls();
const failures = [...(tree.problems ?? [])];

// The root's and every workspace's package.json.
const manifests = [path.join(root, 'package.json')];
for (const pattern of readJson(path.join(root, 'package.json')).workspaces ?? []) {
  const parent = path.join(root, pattern.replace(/\/\*$/, ''));
  if (!fs.existsSync(parent)) continue;
  for (const dir of fs.readdirSync(parent)) {
    const file = path.join(parent, dir, 'package.json');
    if (fs.existsSync(file)) manifests.push(file);
  }
}
const workspaces = new Set(manifests.map((m) => readJson(m).name));

/** Every package of the tree, workspaces aside, by name@version, and where npm found each. */
const runtime = new Map();
const walk = (deps) => {
  for (const [name, node] of Object.entries(deps ?? {})) {
    if (workspaces.has(name) || node.resolved?.startsWith('file:')) {
      walk(node.dependencies);
      continue;
    }
    // An optional peer no one installed: a name, no version.
    if (node.missing || node.version === undefined) continue;
    // npm prints a package's dependencies where it first meets it, and "deduped" elsewhere.
    runtime.set(`${name}@${node.version}`, name);
    walk(node.dependencies);
  }
};
walk(tree.dependencies);

// What is on disk: each package directory's name@version must be one of the tree's.
const onDisk = new Set();
const manifestsOnDisk = [];
const scan = (dir) => {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.name.startsWith('@') && entry.isDirectory()) {
      scan(full);
      continue;
    }
    // Workspace links (@airman/*) point at the sources, not at installed packages.
    if (entry.isSymbolicLink() || !entry.isDirectory()) continue;
    const manifest = path.join(full, 'package.json');
    if (fs.existsSync(manifest)) {
      const pkg = readJson(manifest);
      onDisk.add(`${pkg.name}@${pkg.version}`);
      manifestsOnDisk.push(pkg);
    }
    scan(path.join(full, 'node_modules'));
  }
};
scan(path.join(root, 'node_modules'));
for (const id of onDisk) if (!runtime.has(id)) failures.push(`on disk but not in the production tree: ${id}`);

// Development dependencies of the root and of every workspace: none may be in the tree unless
// the server or a runtime package depends on it (not as an optional peer).
const server = manifests.map(readJson).find((p) => p.name === WORKSPACE);
const needed = new Set(Object.keys(server?.dependencies ?? {}));
for (const pkg of manifestsOnDisk) {
  for (const name of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })) needed.add(name);
}
const tooling = new Set(manifests.flatMap((m) => Object.keys(readJson(m).devDependencies ?? {})));
for (const name of new Set(runtime.values())) {
  if (name.startsWith('@types/')) failures.push(`type declarations in the production tree: ${name}`);
  else if (tooling.has(name) && !needed.has(name)) failures.push(`development tooling in the production tree: ${name}`);
}

const sbomAt = process.argv.indexOf('--sbom');
if (sbomAt !== -1) {
  const file = process.argv[sbomAt + 1];
  if (!file) throw new Error('--sbom needs a file');
  const bom = JSON.parse(
    execFileSync('npm', ['sbom', '--sbom-format', 'cyclonedx', '--package-lock-only', '--workspace', WORKSPACE], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  const workspace = (c) => c.purl?.startsWith('pkg:npm/%40airman/');
  const keep = new Set(
    bom.components.filter((c) => runtime.has(c['bom-ref']) || workspace(c)).map((c) => c['bom-ref']),
  );
  keep.add(bom.metadata?.component?.['bom-ref']);
  bom.components = bom.components.filter((c) => keep.has(c['bom-ref']));
  bom.dependencies = (bom.dependencies ?? [])
    .filter((d) => keep.has(d.ref))
    .map((d) => ({ ...d, dependsOn: (d.dependsOn ?? []).filter((ref) => keep.has(ref)) }));
  for (const id of runtime.keys()) if (!keep.has(id)) failures.push(`not in the SBOM: ${id}`);
  fs.writeFileSync(file, `${JSON.stringify(bom, null, 2)}\n`);
  console.log(`SBOM: ${file} (CycloneDX ${bom.specVersion}, ${bom.components.length} components)`);
}

const sorted = [...runtime.keys()].sort();
for (const id of sorted) console.log(id);
console.log(`${sorted.length} runtime packages (${WORKSPACE}, npm ls --omit=dev)`);
if (failures.length > 0) {
  console.error(`The production tree is not clean:\n${failures.map((f) => `  ${f}`).join('\n')}`);
  process.exit(1);
}
console.log('production tree clean: nothing extraneous, missing, invalid or from the development tooling');
