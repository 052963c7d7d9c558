import type { ReactElement } from 'react';
import type { RenderContext } from 'sitegen/site';
import { PageContext } from '../components/page-context.ts';
import type { SiteModel } from '../site/model.ts';
import type { SitePage } from '../site/routes.ts';
import AudiencePage from './audience.tsx';
import BlogAuthorPage from './blog-author.tsx';
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

/** One page kind: its template file (relative to the project root) and the element it renders. */
type PageKind<K extends SitePage['kind']> = {
  file: string;
  render: (page: Extract<SitePage, { kind: K }>) => ReactElement;
};

/** Every page kind of the site, with its template file and how it renders. */
const pageKinds: { [K in SitePage['kind']]: PageKind<K> } = {
  home: { file: 'templates/pages/home.tsx', render: () => <HomePage /> },
  audience: { file: 'templates/pages/audience.tsx', render: (page) => <AudiencePage slug={page.slug} /> },
  guide: { file: 'templates/pages/guide.tsx', render: (page) => <GuidePage topic={page.topic} /> },
  'guide-article': {
    file: 'templates/pages/guide-article.tsx',
    render: (page) => <GuideArticlePage topic={page.topic} />,
  },
  'blog-index': { file: 'templates/pages/blog-index.tsx', render: (page) => <BlogIndexPage page={page.page} /> },
  'blog-term': {
    file: 'templates/pages/blog-term.tsx',
    render: (page) => <BlogTermPage taxonomy={page.taxonomy} slug={page.slug} page={page.page} />,
  },
  'blog-terms': {
    file: 'templates/pages/blog-terms.tsx',
    render: (page) => <BlogTermsPage taxonomy={page.taxonomy} page={page.page} />,
  },
  'blog-post': { file: 'templates/pages/blog-post.tsx', render: (page) => <BlogPostPage slug={page.slug} /> },
  'blog-author': {
    file: 'templates/pages/blog-author.tsx',
    render: (page) => <BlogAuthorPage id={page.id} page={page.page} />,
  },
  'case-studies': { file: 'templates/pages/case-studies.tsx', render: () => <CaseStudiesPage /> },
  humans: { file: 'templates/pages/content-page.tsx', render: () => <ContentPage dataset="humans" /> },
  'getting-started': { file: 'templates/pages/getting-started.tsx', render: () => <GettingStartedPage /> },
  toolkit: { file: 'templates/pages/toolkit.tsx', render: (page) => <ToolkitPage unlocked={page.unlocked === true} /> },
  legal: { file: 'templates/pages/legal.tsx', render: (page) => <LegalPage slug={page.slug} /> },
  search: { file: 'templates/pages/search.tsx', render: () => <SearchPage /> },
  'not-found': { file: 'templates/pages/not-found.tsx', render: () => <NotFoundPage /> },
  redirect: { file: 'templates/pages/redirect.tsx', render: (page) => <RedirectPage to={page.to} /> },
};

/** The page kind's entry for `page`, typed by its kind. */
function pageKindOf<K extends SitePage['kind']>(page: Extract<SitePage, { kind: K }>): PageKind<K> {
  return pageKinds[page.kind as K];
}

/** The template file of a page kind, named as the origin of the links it builds itself. */
export function templateFileOf(page: SitePage): string {
  return pageKinds[page.kind].file;
}

/** A page of the site inside its context: what the engine renders to a document. */
export function renderSitePage(page: SitePage, context: RenderContext<SiteModel, SitePage>): ReactElement {
  return (
    <PageContext.Provider value={Object.assign(context, { navigation: context.model.navigation })}>
      {pageKindOf(page).render(page)}
    </PageContext.Provider>
  );
}
