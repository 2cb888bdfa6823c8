// The game as its own bundle (dist/game/game.js), loaded on demand at / and
// never part of the admin screens' bundles. One file, so the shell can show the
// real download percentage before importing it.
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

export default defineConfig({
  publicDir: false,
  plugins: [precompress()],
  build: {
    minify: true,
    outDir: 'dist/game',
    emptyOutDir: true,
    sourcemap: false,
    lib: {
      entry: '../../packages/game/src/main.ts',
      formats: ['es'],
      fileName: () => 'game.js',
    },
    rollupOptions: {
      output: { inlineDynamicImports: true, minify: true },
    },
  },
});
