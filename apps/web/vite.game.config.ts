// The game as its own bundle (dist/game/game.js), loaded on demand at / and
// never part of the admin screens' bundles. One file for what the first screens
// need, so the shell can show the real download percentage before importing it;
// the debrief (with its chart) is a chunk of its own under dist/game/chunks/, named
// by its hash, which the game fetches while the player plays.
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
      // The entry may export more than mountGame and mountPlayTest: what it shares with the debrief's
      // chunk stays in game.js (needed at once anyway) rather than in a third file.
      preserveEntrySignatures: 'allow-extension',
      output: { minify: true, chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});
