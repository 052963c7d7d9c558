import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import AudiencePage from '../../templates/pages/audience.tsx';
import BlogIndexPage from '../../templates/pages/blog-index.tsx';
import BlogPostPage from '../../templates/pages/blog-post.tsx';
import CaseStudiesPage from '../../templates/pages/case-studies.tsx';
import ContentPage from '../../templates/pages/content-page.tsx';
import GettingStartedPage from '../../templates/pages/getting-started.tsx';
import GuideArticlePage from '../../templates/pages/guide-article.tsx';
import GuidePage from '../../templates/pages/guide.tsx';
import HomePage from '../../templates/pages/home.tsx';
import LegalPage from '../../templates/pages/legal.tsx';
import NotFoundPage from '../../templates/pages/not-found.tsx';
import RedirectPage from '../../templates/pages/redirect.tsx';
import ToolkitPage from '../../templates/pages/toolkit.tsx';
import { PageContext, type PageContextValue, type RecordedLink } from '../../templates/components/page-context.ts';
import { SiteError } from '../errors.ts';
import type { Redirect, Route, PageSpec } from './routes.ts';

/** What a page render produced: the document and what it links to. */
export interface RenderedPage {
  route: Route;
  html: string;
  links: RecordedLink[];
  /** Names of the islands on the page, so only their bundles are loaded. */
  islands: string[];
}

export type RenderContext = Omit<PageContextValue, 'route' | 'links' | 'islands' | 'templateFile'>;

/** The template of each page kind, and the file it lives in (named as the origin of its links). */
function pageElement(page: PageSpec): { element: ReactElement; file: string } {
  const at = (name: string) => `templates/pages/${name}.tsx`;
  switch (page.kind) {
    case 'home': return { element: <HomePage />, file: at('home') };
    case 'audience': return { element: <AudiencePage slug={page.slug} />, file: at('audience') };
    case 'guide': return { element: <GuidePage topic={page.topic} />, file: at('guide') };
    case 'guide-article': return { element: <GuideArticlePage topic={page.topic} />, file: at('guide-article') };
    case 'blog-index': return { element: <BlogIndexPage />, file: at('blog-index') };
    case 'blog-post': return { element: <BlogPostPage slug={page.slug} />, file: at('blog-post') };
    case 'case-studies': return { element: <CaseStudiesPage />, file: at('case-studies') };
    case 'humans': return { element: <ContentPage dataset="humans" />, file: at('content-page') };
    case 'getting-started': return { element: <GettingStartedPage />, file: at('getting-started') };
    case 'toolkit': return { element: <ToolkitPage />, file: at('toolkit') };
    case 'legal': return { element: <LegalPage slug={page.slug} />, file: at('legal') };
    case 'not-found': return { element: <NotFoundPage />, file: at('not-found') };
  }
}

/** Renders one route to a complete HTML document. */
export function renderPage(route: Route, context: RenderContext): RenderedPage {
  const { element, file } = pageElement(route.page);
  return renderWith(route, context, element, file);
}

/** Renders the page left at a redirect's old address. */
export function renderRedirect(redirect: Redirect, context: RenderContext): RenderedPage {
  const route: Route = { path: redirect.from, file: redirect.file, page: { kind: 'not-found' }, source: 'content/data/redirects.json', indexable: false };
  return renderWith(route, context, <RedirectPage to={redirect.to} />, 'templates/pages/redirect.tsx');
}

function renderWith(route: Route, context: RenderContext, element: ReactElement, templateFile: string): RenderedPage {
  const value: PageContextValue = { ...context, route, templateFile, links: [], islands: [] };
  let body: string;
  try {
    body = renderToString(<PageContext.Provider value={value}>{element}</PageContext.Provider>);
  } catch (error) {
    throw new SiteError({
      code: 'render.failed',
      message: `rendering ${route.path} failed: ${(error as Error).message}`,
      hint: `The page comes from ${route.source} through ${templateFile}.`,
      file: templateFile,
      cause: error,
    });
  }
  const islands = [...new Set(value.islands)];
  return { route, html: `<!DOCTYPE html>${body}`, links: value.links, islands };
}
