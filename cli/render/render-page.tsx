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
import type { Redirect, Route, PageSpec } from '../route/routes.ts';

/** What a page render produced: the document and what it links to. */
export interface RenderedPage {
  route: Route;
  html: string;
  links: RecordedLink[];
  /** Names of the islands on the page, so only their bundles are loaded. */
  islands: string[];
}

/** What the rest of a build needs of a page once its HTML is written. */
export type PageRecord = Omit<RenderedPage, 'html'>;

export type RenderContext = Omit<PageContextValue, 'route' | 'links' | 'islands' | 'templateFile'>;

/** The template file of each page kind, relative to the project root. */
export function templateFileOf(page: PageSpec): string {
  const names: Record<PageSpec['kind'], string> = {
    'home': 'home', 'audience': 'audience', 'guide': 'guide', 'guide-article': 'guide-article', 'blog-index': 'blog-index',
    'blog-post': 'blog-post', 'case-studies': 'case-studies', 'humans': 'content-page', 'getting-started': 'getting-started',
    'toolkit': 'toolkit', 'legal': 'legal', 'not-found': 'not-found',
  };
  return `templates/pages/${names[page.kind]}.tsx`;
}

/** The element that renders a page kind. */
function pageElement(page: PageSpec): ReactElement {
  switch (page.kind) {
    case 'home': return <HomePage />;
    case 'audience': return <AudiencePage slug={page.slug} />;
    case 'guide': return <GuidePage topic={page.topic} />;
    case 'guide-article': return <GuideArticlePage topic={page.topic} />;
    case 'blog-index': return <BlogIndexPage />;
    case 'blog-post': return <BlogPostPage slug={page.slug} />;
    case 'case-studies': return <CaseStudiesPage />;
    case 'humans': return <ContentPage dataset="humans" />;
    case 'getting-started': return <GettingStartedPage />;
    case 'toolkit': return <ToolkitPage />;
    case 'legal': return <LegalPage slug={page.slug} />;
    case 'not-found': return <NotFoundPage />;
  }
}

/** Renders one route to a complete HTML document. */
export function renderPage(route: Route, context: RenderContext): RenderedPage {
  return renderWith(route, context, pageElement(route.page), templateFileOf(route.page));
}

/** Renders the page left at a redirect's old address. */
export function renderRedirect(redirect: Redirect, context: RenderContext): RenderedPage {
  const route: Route = { path: redirect.from, url: redirect.from, file: redirect.file, page: { kind: 'not-found' }, source: 'content/data/redirects.json', indexable: false };
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
