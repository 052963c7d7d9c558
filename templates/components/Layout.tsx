import type { ReactNode } from 'react';
import { searchFilters, searchMeta, type SearchEntry } from '../../client/islands/search-state.ts';
import { absoluteUrl, feedPath, homePath } from '../site/urls.ts';
import { pageStructuredData } from '../structured-data/page-structured-data.ts';
import ChatBadge from './ChatBadge.tsx';
import Footer from './Footer.tsx';
import Header from './Header.tsx';
import { LayoutScope, usePage } from './page-context.ts';

export interface PageMeta {
  /** The full document title, brand included. */
  title: string;
  description: string;
  /** Open Graph type: 'article' for posts and guides. */
  type?: 'website' | 'article';
  /** Pages that only forward elsewhere set a canonical to the target and skip indexing. */
  canonical?: string;
  noindex?: boolean;
  /** Extra head elements, such as a meta refresh. */
  head?: ReactNode;
  /**
   * What site search knows of the page, for the pages it finds: their main content is indexed
   * (Pagefind's `data-pagefind-body`), without the parts marked `data-pagefind-ignore`.
   */
  search?: SearchEntry;
}

/** Adds the brand to a page title, as every page but the home page shows it. */
export function useTitle(title: string): string {
  const { model } = usePage();
  return `${title} | ${model.data.site.brand}`;
}

/**
 * The one layout of the site: a complete document with head metadata, the fixed header,
 * main content, the floating chat badge and the footer.
 */
export default function Layout({
  meta,
  children,
  bare = false,
}: {
  meta: PageMeta;
  children: ReactNode;
  bare?: boolean;
}) {
  const { model, route, assets, shareImages } = usePage();
  const site = model.data.site;
  const canonical = meta.canonical ?? absoluteUrl(site.siteUrl, route.url);
  // The page's share picture (a redirect's page shows the home page's), and its structured data
  // for search results, which names the same canonical URL and picture as the head.
  const share = shareImages && (shareImages.byPath.get(route.path) ?? shareImages.fallback);
  const image = share && absoluteUrl(site.siteUrl, share.path);
  const logo = shareImages && absoluteUrl(site.siteUrl, shareImages.logo.path);
  const structuredData = meta.noindex
    ? []
    : pageStructuredData(route, model, { url: canonical, image, home: absoluteUrl(site.siteUrl, homePath), logo });
  return (
    <html lang={site.locale} className="no-js">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{meta.title}</title>
        <meta name="description" content={meta.description} />
        <link rel="canonical" href={canonical} />
        {meta.noindex ? <meta name="robots" content="noindex" /> : null}
        <meta property="og:site_name" content={site.brand} />
        <meta property="og:type" content={meta.type ?? 'website'} />
        <meta property="og:title" content={meta.title} />
        <meta property="og:description" content={meta.description} />
        <meta property="og:url" content={canonical} />
        {share ? (
          <>
            <meta property="og:image" content={image} />
            <meta property="og:image:type" content={share.type} />
            <meta property="og:image:width" content={String(share.width)} />
            <meta property="og:image:height" content={String(share.height)} />
            <meta property="og:image:alt" content={share.alt} />
          </>
        ) : null}
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:title" content={meta.title} />
        <meta name="twitter:description" content={meta.description} />
        {share ? <meta name="twitter:image" content={image} /> : null}
        {share ? <meta name="twitter:image:alt" content={share.alt} /> : null}
        <meta name="theme-color" content="#0b1b3f" />
        <link rel="icon" href="/images/favicon.svg" type="image/svg+xml" />
        <link rel="alternate" type="application/rss+xml" title={`${site.brand} Blog`} href={feedPath} />
        {/* The page's Markdown copy, for answer engines (templates/site/markdown-copies.ts). */}
        {route.copy ? <link rel="alternate" type="text/markdown" href={route.copy.url} /> : null}
        {/* The font starts loading with the stylesheet rather than after it has been parsed. */}
        {(assets.fonts ?? []).map((font) => (
          <link key={font} rel="preload" href={font} as="font" type="font/woff2" crossOrigin="" />
        ))}
        <link rel="stylesheet" href={assets.stylesheet} />
        {/* Marks the document as scripted before first paint, so CSS can style the enhanced header. */}
        <script dangerouslySetInnerHTML={{ __html: "document.documentElement.className='js'" }} />
        {assets.siteScript ? <script type="module" src={assets.siteScript} /> : null}
        {structuredData.map((data, index) => (
          <script
            key={index}
            type="application/ld+json"
            dangerouslySetInnerHTML={{ __html: escapeJsonForScript(data) }}
          />
        ))}
        {meta.head}
        {meta.search ? <SearchMarks entry={meta.search} /> : null}
      </head>
      <body>
        {bare ? (
          children
        ) : (
          <>
            <LayoutScope.Provider value={true}>
              <a className="skip-link" href="#main">
                {model.data.ui.skipToContent}
              </a>
              <Header />
            </LayoutScope.Provider>
            <main id="main" tabIndex={-1} data-pagefind-body={meta.search ? '' : undefined}>
              {children}
            </main>
            <LayoutScope.Provider value={true}>
              {/* Between the content and the footer: it sticks to the bottom of the screen and settles above the footer. */}
              <ChatBadge />
              <Footer />
            </LayoutScope.Provider>
          </>
        )}
      </body>
    </html>
  );
}

/**
 * The page's title, section and (for a post) tags, category and excerpt, as Pagefind reads them
 * from the head. HTML allows `content` on a <meta> only beside a `name`: each is named for
 * search (`search:title`), which no other reader of the head takes for its own.
 */
function SearchMarks({ entry }: { entry: SearchEntry }) {
  const named = (key: string) => `search:${key}`;
  return (
    <>
      <meta name={named(searchMeta.title)} data-pagefind-meta={`${searchMeta.title}[content]`} content={entry.title} />
      {entry.summary ? (
        <meta
          name={named(searchMeta.summary)}
          data-pagefind-meta={`${searchMeta.summary}[content]`}
          content={entry.summary}
        />
      ) : null}
      <meta
        name={named(searchFilters.section)}
        data-pagefind-filter={`${searchFilters.section}[content]`}
        content={entry.section}
      />
      {entry.category ? (
        <meta
          name={named(searchFilters.category)}
          data-pagefind-filter={`${searchFilters.category}[content]`}
          content={entry.category}
        />
      ) : null}
      {(entry.tags ?? []).map((tag) => (
        <meta
          key={tag}
          name={named(searchFilters.tag)}
          data-pagefind-filter={`${searchFilters.tag}[content]`}
          content={tag}
        />
      ))}
    </>
  );
}

/** JSON for a script element: `<`, U+2028 and U+2029 are escaped so text cannot end the script. */
export function escapeJsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
