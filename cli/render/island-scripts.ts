import { measureScripts, type Bundle } from '../bundle/bundle-client.ts';
import type { RenderedPage } from './render-page.ts';

/**
 * Pages with islands load the hydration script; the preloads fetch React and the islands in
 * parallel. All at low priority: the page is complete HTML without them, so the stylesheet, the
 * font and the page's first images come first, and its first paint waits for no script.
 */
export function withIslandScripts(page: RenderedPage, bundle: Bundle): RenderedPage {
  if (page.islands.length === 0) return page;
  const { files } = measureScripts(bundle, [
    bundle.hydrateScript,
    ...page.islands.map((name) => bundle.islands[name]!),
  ]);
  const preloads = files
    .filter((url) => url !== bundle.hydrateScript)
    .map((url) => `<link rel="modulepreload" href="${url}" fetchpriority="low"/>`)
    .join('');
  const script = `${preloads}<script type="module" src="${bundle.hydrateScript}" fetchpriority="low"></script></head>`;
  return { ...page, html: page.html.replace('</head>', script) };
}
