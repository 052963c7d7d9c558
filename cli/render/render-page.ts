import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { configFileName } from '../config/load-site.ts';
import type { PageSpec, SiteDefinition } from '../config/site-definition.ts';
import { SiteError } from '../errors.ts';
import type { Redirect, Route } from '../route/routes.ts';
import type { RecordedLink, RenderContext } from '../config/render-context.ts';

/** What a page render produced: the document, what it links to and which islands it holds. */
export interface RenderedPage {
  route: Route;
  html: string;
  links: RecordedLink[];
  /** Names of the islands on the page, so only their bundles are loaded. */
  islands: string[];
  /** The islands among them the page needs at once, whose code it preloads (`RenderContext.eagerIslands`). */
  eagerIslands?: string[];
}

/** What the rest of a build needs of a page once its HTML is written. */
export type PageRecord = Omit<RenderedPage, 'html'>;

/** The context every page of a build renders in; `renderPage` adds what is the page's own. */
export type SharedContext<Model = unknown> = Omit<
  RenderContext<Model>,
  'route' | 'links' | 'islands' | 'eagerIslands' | 'templateFile'
>;

/**
 * Renders one route to a complete HTML document with the site's templates. `definitionFile`
 * (relative to the project) is the template file of a site that names none.
 */
export function renderPage<Model, Page extends PageSpec>(
  site: SiteDefinition<Model, Page>,
  route: Route<Page>,
  shared: SharedContext<Model>,
  definitionFile = configFileName,
): RenderedPage {
  return renderWith(site, route, shared, definitionFile);
}

/**
 * Renders the page left at a redirect's old address: the site's redirect page, or, for a site
 * that has none, one the engine writes (engineRedirectPage).
 */
export function renderRedirect<Model, Page extends PageSpec>(
  site: SiteDefinition<Model, Page>,
  redirect: Redirect,
  shared: SharedContext<Model>,
  definitionFile = configFileName,
): RenderedPage {
  const at = {
    path: redirect.from,
    url: redirect.from,
    file: redirect.file,
    source: redirect.origin?.file ?? 'redirects',
    indexable: false,
    bodies: [],
  };
  if (!site.redirectPage) {
    const page: PageSpec & { to: string } = { kind: 'redirect', to: redirect.to };
    return engineRedirectPage({ ...at, page }, redirect, definitionFile);
  }
  return renderWith(site, { ...at, page: site.redirectPage(redirect.to) }, shared, definitionFile);
}

/**
 * The redirect page of a site that has none of its own: a refresh to the new address, which it
 * also links, and no words to translate; search engines are asked not to index it.
 */
function engineRedirectPage(route: Route, redirect: Redirect, definitionFile: string): RenderedPage {
  const to = redirect.to;
  const head = createElement(
    'head',
    null,
    createElement('meta', { charSet: 'utf-8' }),
    createElement('meta', { name: 'robots', content: 'noindex' }),
    createElement('meta', { httpEquiv: 'refresh', content: `0; url=${to}` }),
    createElement('title', null, to),
  );
  const body = createElement('body', null, createElement('a', { href: to }, to));
  const origin = redirect.origin ?? { kind: 'template' as const, file: definitionFile };
  return {
    route,
    html: `<!DOCTYPE html>${renderToString(createElement('html', null, head, body))}`,
    links: [{ href: to, origin }],
    islands: [],
  };
}

function renderWith<Model, Page extends PageSpec>(
  site: SiteDefinition<Model, Page>,
  route: Route<Page>,
  shared: SharedContext<Model>,
  definitionFile: string,
): RenderedPage {
  const templateFile = site.templateFile?.(route.page) ?? definitionFile;
  // A page sees the bodies its route names and no other: what a page is made from is then known
  // before it renders, which is what lets the page cache decide without watching the render.
  const markdown = new Map(
    route.bodies.flatMap((file) => {
      const body = shared.markdown.get(file);
      return body ? [[file, body] as const] : [];
    }),
  );
  const context: RenderContext<Model, Page> = {
    ...shared,
    markdown,
    route,
    templateFile,
    links: [],
    islands: [],
    eagerIslands: [],
  };
  let body: string;
  try {
    body = renderToString(site.render(route.page, context));
  } catch (error) {
    throw new SiteError({
      code: 'render.failed',
      message: `rendering ${route.path} failed: ${(error as Error).message}`,
      hint: `The page comes from ${route.source} through ${templateFile}.`,
      file: templateFile,
      cause: error,
    });
  }
  return {
    route,
    html: `<!DOCTYPE html>${body}`,
    links: context.links,
    islands: [...new Set(context.islands)],
    eagerIslands: [...new Set(context.eagerIslands)],
  };
}
