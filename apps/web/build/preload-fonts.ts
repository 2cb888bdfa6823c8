/**
 * Preloads the fonts every page draws its first text in: IBM Plex Sans Regular (body text) and
 * SemiBold (the header's name, headings, buttons' labels), whose hashed names only the build
 * knows. Without it the browser finds them only once the CSS is parsed and text is laid out, a
 * round trip or two later on a slow link. Light and Plex Mono load where they are used.
 */
import type { Plugin } from 'vite';

/** The font files to preload, by the start of their names. */
export const FIRST_FONTS = ['IBMPlexSans-Regular-', 'IBMPlexSans-SemiBold-'];

/** The `<link rel="preload">` elements for the build's assets that are first-use fonts. */
export function preloadLinks(assets: string[], base = '/'): string[] {
  return FIRST_FONTS.map((prefix) =>
    assets.find((file) => file.split('/').pop()?.startsWith(prefix) && file.endsWith('.woff2')),
  )
    .filter((file): file is string => file !== undefined)
    .map((file) => `<link rel="preload" href="${base}${file}" as="font" type="font/woff2" crossorigin />`);
}

export function preloadFonts(): Plugin {
  return {
    name: 'airman:preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const assets = Object.keys(ctx.bundle ?? {});
        const links = preloadLinks(assets);
        if (links.length !== FIRST_FONTS.length)
          throw new Error(`preload-fonts: found ${links.length} of ${FIRST_FONTS.join(', ')} in the build`);
        return html.replace('</head>', `    ${links.join('\n    ')}\n  </head>`);
      },
    },
  };
}
