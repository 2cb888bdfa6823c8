/**
 * What a page's route loads, named in its HTML so that the browser fetches it with the entry's
 * scripts: without it, a lazy route's scripts and styles are asked for only once the entry has
 * arrived and run, a round trip later (docs/architecture.md, "Page weight").
 *
 * Read from the web build's manifest (Vite's `.vite/manifest.json`). A page's route module is
 * found by the web app's naming rule: `src/app/routes/<name>.tsx` (its loader with it), where
 * <name> is the path's segments joined by `-`
 * (`/login/trust` → `login-trust`), else its first segment (`/register/abc` → `register`),
 * and `game` for `/`. A path no route module answers preloads nothing beyond the entry; the web
 * app's router is held to the rule by route-preloads.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const ENTRY = 'index.html';
const ROUTES_DIR = 'src/app/routes';
/** Route names are path segments: nothing that could leave the routes' directory. */
const ROUTE_NAME = /^[a-z0-9][a-z0-9-]*$/;

/** The elements a page's head gains to load a route's files, by path. */
export type RoutePreloads = (pathname: string) => string;

function isManifest(value: unknown): value is Manifest {
  if (typeof value !== 'object' || value === null) return false;
  return Object.values(value).every(
    (chunk: unknown) =>
      typeof chunk === 'object' &&
      chunk !== null &&
      typeof (chunk as { file?: unknown }).file === 'string' &&
      [(chunk as ManifestChunk).imports, (chunk as ManifestChunk).css].every(
        (list) => list === undefined || (Array.isArray(list) && list.every((item) => typeof item === 'string')),
      ),
  );
}

/**
 * Every chunk `keys` import statically, themselves included, each after what it imports: the
 * order Vite's loader applies their styles in (an imported chunk's before its importer's).
 */
function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const ordered: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key) || !Object.hasOwn(manifest, key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
    ordered.push(key);
  };
  for (const key of keys) visit(key);
  return ordered;
}

function filesOf(manifest: Manifest, keys: Iterable<string>): { scripts: Set<string>; styles: Set<string> } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
  }
  return { scripts, styles };
}

/** The route module names a path may be answered by, the most specific first. */
export function routeNames(pathname: string): string[] {
  const segments = pathname.split('/').filter((s) => s !== '');
  if (segments.length === 0) return ['game'];
  const names = [segments.join('-'), segments[0] ?? ''];
  return [...new Set(names)].filter((name) => ROUTE_NAME.test(name));
}

/**
 * The preloads of every route of the build in `webDist`, computed once per route name; none when
 * the build has no manifest (a development server's).
 */
export function routePreloads(webDist: string): RoutePreloads {
  const file = path.join(webDist, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return () => '';
  const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!isManifest(parsed)) throw new Error(`${file} is not a Vite manifest`);
  const manifest = parsed;
  const entry = filesOf(manifest, staticClosure(manifest, [ENTRY]));
  const byName = new Map<string, string>();
  const forName = (name: string): string | undefined => {
    const known = byName.get(name);
    if (known !== undefined) return known;
    const component = `${ROUTES_DIR}/${name}.tsx`;
    if (!Object.hasOwn(manifest, component)) return undefined;
    const { scripts, styles } = filesOf(manifest, staticClosure(manifest, [component]));
    const tags = [
      ...[...styles].filter((f) => !entry.styles.has(f)).map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
      ...[...scripts]
        .filter((f) => !entry.scripts.has(f))
        .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
    ].join('');
    byName.set(name, tags);
    return tags;
  };
  return (pathname) => {
    for (const name of routeNames(pathname)) {
      const tags = forName(name);
      if (tags !== undefined) return tags;
    }
    return '';
  };
}
