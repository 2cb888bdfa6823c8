import { describe, expect, it } from 'vitest';
import { preloadLinks } from './preload-fonts.ts';

describe('preloadLinks', () => {
  it('preloads Plex Sans Regular and SemiBold, not Light nor Mono', () => {
    const assets = [
      'assets/index-abc.js',
      'assets/IBMPlexSans-Light-Latin1-a1.woff2',
      'assets/IBMPlexSans-SemiBold-Latin1-b2.woff2',
      'assets/IBMPlexMono-Regular-Latin1-c3.woff2',
      'assets/IBMPlexSans-Regular-Latin1-d4.woff2',
    ];
    expect(preloadLinks(assets)).toEqual([
      '<link rel="preload" href="/assets/IBMPlexSans-Regular-Latin1-d4.woff2" as="font" type="font/woff2" crossorigin />',
      '<link rel="preload" href="/assets/IBMPlexSans-SemiBold-Latin1-b2.woff2" as="font" type="font/woff2" crossorigin />',
    ]);
  });
});
