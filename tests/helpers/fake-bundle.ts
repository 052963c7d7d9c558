import type { Bundle, BundledFile } from '../../cli/bundle/bundle-client.ts';

function file(url: string, size: number, imports: string[] = [], lazyImports: string[] = []): BundledFile {
  return { url, contents: new Uint8Array(size).fill(97), imports, lazyImports };
}

/**
 * A small hand-made bundle shaped like esbuild's output: React in a shared chunk imported by
 * both islands and by the renderer chunk the hydration script imports with `import()`, a chunk
 * only one island uses, a standalone site script.
 */
export function sampleBundle(): Bundle {
  return {
    files: [
      file('/assets/site-AAAA.css', 400),
      file('/assets/site-SITE.js', 100),
      file('/assets/hydrate-HYDR.js', 200, [], ['/assets/chunks/mount-island-MOUN.js']),
      file('/assets/chunks/mount-island-MOUN.js', 3000, ['/assets/chunks/react-REAC.js']),
      file('/assets/chunks/react-REAC.js', 5000),
      file('/assets/chunks/carousel-util-UTIL.js', 300),
      file('/assets/islands/BlogExplorer-BLOG.js', 700, ['/assets/chunks/react-REAC.js']),
      file('/assets/islands/TestimonialCarousel-CARO.js', 600, [
        '/assets/chunks/react-REAC.js',
        '/assets/chunks/carousel-util-UTIL.js',
      ]),
    ],
    stylesheet: '/assets/site-AAAA.css',
    siteScript: '/assets/site-SITE.js',
    hydrateScript: '/assets/hydrate-HYDR.js',
    islands: {
      BlogExplorer: '/assets/islands/BlogExplorer-BLOG.js',
      TestimonialCarousel: '/assets/islands/TestimonialCarousel-CARO.js',
    },
  };
}
