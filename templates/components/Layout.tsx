import type { ReactNode } from 'react';
import { absoluteUrl, feedPath } from '../../cli/route/urls.ts';
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
  /** A public image path for social cards; the site's card by default. */
  image?: string;
  /** Structured data for search engines, serialised into a JSON-LD script. */
  jsonLd?: object;
  /** Pages that only forward elsewhere set a canonical to the target and skip indexing. */
  canonical?: string;
  noindex?: boolean;
  /** Extra head elements, such as a meta refresh. */
  head?: ReactNode;
}

/** Adds the brand to a page title, as every page but the home page shows it. */
export function useTitle(title: string): string {
  const { model } = usePage();
  return `${title} | ${model.data.site.brand}`;
}

/**
 * The one layout of the site: a complete document with head metadata, the fixed header,
 * main content, the footer and the floating chat badge.
 */
export default function Layout({ meta, children, bare = false }: { meta: PageMeta; children: ReactNode; bare?: boolean }) {
  const { model, route, assets } = usePage();
  const site = model.data.site;
  const canonical = meta.canonical ?? absoluteUrl(site.siteUrl, route.url);
  const image = site.siteUrl + (meta.image ?? site.socialImage);
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
        <meta property="og:image" content={image} />
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:title" content={meta.title} />
        <meta name="twitter:description" content={meta.description} />
        <meta name="twitter:image" content={image} />
        <meta name="theme-color" content="#0b1b3f" />
        <link rel="icon" href="/images/favicon.svg" type="image/svg+xml" />
        <link rel="alternate" type="application/rss+xml" title={`${site.brand} Blog`} href={feedPath} />
        <link rel="stylesheet" href={assets.stylesheet} />
        {/* Marks the document as scripted before first paint, so CSS can style the enhanced header. */}
        <script dangerouslySetInnerHTML={{ __html: "document.documentElement.className='js'" }} />
        {assets.siteScript ? <script type="module" src={assets.siteScript} /> : null}
        {meta.jsonLd ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: escapeJsonForScript(meta.jsonLd) }} /> : null}
        {meta.head}
      </head>
      <body>
        {bare ? children : (
          <>
            <LayoutScope.Provider value={true}>
              <a className="skip-link" href="#main">{model.data.ui.skipToContent}</a>
              <Header />
            </LayoutScope.Provider>
            <main id="main" tabIndex={-1}>{children}</main>
            <LayoutScope.Provider value={true}>
              <Footer />
              <ChatBadge />
            </LayoutScope.Provider>
          </>
        )}
      </body>
    </html>
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
