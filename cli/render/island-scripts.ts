import { scriptFiles, type Bundle } from '../bundle/bundle-client.ts';
import type { RenderedPage } from './render-page.ts';

/**
 * Pages with islands load the hydration script, at low priority: the page is complete HTML
 * without it, so the stylesheet, the font and the page's first images come first, and its first
 * paint waits for no script. Only the islands the page needs at once are preloaded, with what
 * the hydration script imports to run them (the framework); every other island's code, and the
 * framework with it, is fetched when the hydration script's condition for it is met, so a page
 * whose islands wait shares its first moments on the network with no framework code.
 */
export function withIslandScripts(page: RenderedPage, bundle: Bundle): RenderedPage {
  if (page.islands.length === 0) return page;
  const eager = (page.eagerIslands ?? []).filter((name) => page.islands.includes(name));
  const preloaded =
    eager.length === 0
      ? []
      : scriptFiles(bundle, [
          bundle.hydrateScript,
          ...lazyImportsOf(bundle, bundle.hydrateScript),
          ...eager.map((name) => bundle.islands[name]!),
        ]);
  const preloads = preloaded
    .filter((url) => url !== bundle.hydrateScript)
    .map((url) => `<link rel="modulepreload" href="${url}" fetchpriority="low"/>`)
    .join('');
  const script = `${preloads}<script type="module" src="${bundle.hydrateScript}" fetchpriority="low"></script></head>`;
  return { ...page, html: page.html.replace('</head>', script) };
}

/** What a bundled file imports with `import()`. */
function lazyImportsOf(bundle: Bundle, url: string): string[] {
  return bundle.files.find((file) => file.url === url)?.lazyImports ?? [];
}
