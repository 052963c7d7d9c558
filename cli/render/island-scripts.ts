import { measureScripts, type Bundle } from '../bundle/bundle-client.ts';
import type { RenderedPage } from './render-page.ts';

/** Pages with islands load the hydration script; the preloads fetch React and the islands in parallel. */
export function withIslandScripts(page: RenderedPage, bundle: Bundle): RenderedPage {
  if (page.islands.length === 0) return page;
  const { files } = measureScripts(bundle, [bundle.hydrateScript, ...page.islands.map((name) => bundle.islands[name]!)]);
  const preloads = files.filter((url) => url !== bundle.hydrateScript).map((url) => `<link rel="modulepreload" href="${url}"/>`).join('');
  const script = `${preloads}<script type="module" src="${bundle.hydrateScript}"></script></head>`;
  return { ...page, html: page.html.replace('</head>', script) };
}
