import type { ReactElement } from 'react';
import type { RenderContext } from 'sitegen/site';
import { PageContext } from '../components/page-context.ts';
import type { SiteModel } from '../site/model.ts';
import type { SitePage } from '../site/routes.ts';
import AudiencePage from './audience.tsx';
import BlogIndexPage from './blog-index.tsx';
import BlogPostPage from './blog-post.tsx';
import BlogTermPage from './blog-term.tsx';
import BlogTermsPage from './blog-terms.tsx';
import CaseStudiesPage from './case-studies.tsx';
import ContentPage from './content-page.tsx';
import GettingStartedPage from './getting-started.tsx';
import GuideArticlePage from './guide-article.tsx';
import GuidePage from './guide.tsx';
import HomePage from './home.tsx';
import LegalPage from './legal.tsx';
import NotFoundPage from './not-found.tsx';
import RedirectPage from './redirect.tsx';
import SearchPage from './search.tsx';
import ToolkitPage from './toolkit.tsx';

/** The template file of each page kind, relative to the project root. */
const templateNames: Record<SitePage['kind'], string> = {
  'home': 'home', 'audience': 'audience', 'guide': 'guide', 'guide-article': 'guide-article', 'blog-index': 'blog-index',
  'blog-term': 'blog-term', 'blog-terms': 'blog-terms', 'blog-post': 'blog-post', 'case-studies': 'case-studies', 'humans': 'content-page', 'getting-started': 'getting-started',
  'toolkit': 'toolkit', 'legal': 'legal', 'search': 'search', 'not-found': 'not-found', 'redirect': 'redirect',
};

/** The template file of a page kind, named as the origin of the links it builds itself. */
export function templateFileOf(page: SitePage): string {
  return `templates/pages/${templateNames[page.kind]}.tsx`;
}

/** The element that renders a page kind. */
function pageElement(page: SitePage): ReactElement {
  switch (page.kind) {
    case 'home': return <HomePage />;
    case 'audience': return <AudiencePage slug={page.slug} />;
    case 'guide': return <GuidePage topic={page.topic} />;
    case 'guide-article': return <GuideArticlePage topic={page.topic} />;
    case 'blog-index': return <BlogIndexPage page={page.page} />;
    case 'blog-term': return <BlogTermPage taxonomy={page.taxonomy} slug={page.slug} page={page.page} />;
    case 'blog-terms': return <BlogTermsPage taxonomy={page.taxonomy} page={page.page} />;
    case 'blog-post': return <BlogPostPage slug={page.slug} />;
    case 'case-studies': return <CaseStudiesPage />;
    case 'humans': return <ContentPage dataset="humans" />;
    case 'getting-started': return <GettingStartedPage />;
    case 'toolkit': return <ToolkitPage unlocked={page.unlocked === true} />;
    case 'legal': return <LegalPage slug={page.slug} />;
    case 'search': return <SearchPage />;
    case 'not-found': return <NotFoundPage />;
    case 'redirect': return <RedirectPage to={page.to} />;
  }
}

/** A page of the site inside its context: what the engine renders to a document. */
export function renderSitePage(page: SitePage, context: RenderContext<SiteModel, SitePage>): ReactElement {
  return <PageContext.Provider value={Object.assign(context, { navigation: context.model.navigation })}>{pageElement(page)}</PageContext.Provider>;
}
