import fs from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';
import { preloadFonts } from './build/preload-fonts.ts';
import { pruneGameCss } from './build/prune-game-css.ts';
import { stripCarbonPropTypes } from './build/strip-prop-types.ts';
import { subsetFonts } from './build/subset-fonts.ts';

const rootPackage = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export default defineConfig({
  plugins: [react(), subsetFonts(import.meta.dirname), stripCarbonPropTypes(), preloadFonts(), precompress()],
  define: {
    __APP_VERSION__: JSON.stringify(rootPackage.version),
  },
  css: {
    postcss: { plugins: [pruneGameCss()] },
    preprocessorOptions: {
      scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'if-function'] },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The budget script reads it to measure what each route loads.
    manifest: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every page runs (React, React Router, TanStack Query, ky) in one file: split
            // by importer it made four, each its own request and its own start of compression.
            // zod with its setting for the page's CSP (contracts' zod-setup.ts) in one file that
            // runs before any schema is built: zod probes for eval as the first object schema is
            // made, and a chunk of schemas evaluated before the setting would set that probe off.
            {
              name: 'zod',
              test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]contracts[\\/]src[\\/]zod-setup\.ts$/,
            },
            {
              name: 'framework',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|ky)[\\/]/,
            },
            // What the entry imports statically runs on every page before any route: in one file.
            // Split by importer (the routes that import the same Carbon components and app modules)
            // it made a dozen small files, each its own request with its own headers. Only those
            // modules: the dependencies of a route's own modules stay with the route.
            { name: 'initial', tags: ['$initial'], includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
