import path from 'node:path';
import {
  formerFeedPaths,
  listPagePath,
  locateFrontMatterField,
  locateJsonField,
  paginate,
  type RedirectSpec,
  type RouteSpec,
} from 'sitegen/site';
import { termList } from './blog-terms.ts';
import {
  audienceCopy,
  caseStudiesCopy,
  gettingStartedCopy,
  guideCopy,
  humansCopy,
  postCopy,
} from './markdown-copies.ts';
import type { SiteModel } from './model.ts';
import type { GuideTopic } from './schemas/schemas.ts';
import * as urls from './urls.ts';

/** What a route renders: one kind per page template. */
export type SitePage =
  | { kind: 'home' }
  | { kind: 'audience'; slug: string }
  | { kind: 'guide'; topic: GuideTopic }
  | { kind: 'guide-article'; topic: GuideTopic }
  /** A page of the blog's list: the first with the featured posts. */
  | { kind: 'blog-index'; page: number }
  /** A page of one tag's or category's posts. */
  | { kind: 'blog-term'; taxonomy: urls.BlogTaxonomy; slug: string; page: number }
  /** A page of the list of every tag or every category. */
  | { kind: 'blog-terms'; taxonomy: urls.BlogTaxonomy; page: number }
  | { kind: 'blog-post'; slug: string }
  /** A page of one author's posts, under who they are. */
  | { kind: 'blog-author'; id: string; page: number }
  | { kind: 'case-studies' }
  | { kind: 'humans' }
  | { kind: 'getting-started' }
  /** `unlocked`: the files as they are, where the lead endpoint sends a visitor whose browser runs no JavaScript. */
  | { kind: 'toolkit'; unlocked?: true }
  | { kind: 'legal'; slug: 'terms' | 'privacy' }
  | { kind: 'search' }
  | { kind: 'not-found' }
  | { kind: 'redirect'; to: string };

/** A dataset file of the site, `content/data/<name>.json`. */
export function datasetFile(model: SiteModel, name: string): string {
  return path.join(model.contentRoot, 'data', `${name}.json`);
}

/**
 * Every page of the site, SPEC section 2. The service pages, the guides' overviews, the case
 * studies, /humans, /getting-started and the posts have a Markdown copy for answer engines
 * (markdown-copies.ts); the full guide articles, which the lead forms give away, do not.
 */
export function siteRoutes(model: SiteModel): RouteSpec<SitePage>[] {
  const data = (name: string) => datasetFile(model, name);
  return [
    { path: urls.homePath, page: { kind: 'home' }, source: data('home') },
    ...model.data.audiences.map((a) => ({
      path: urls.audiencePath(a.slug),
      page: { kind: 'audience', slug: a.slug } as const,
      source: data('audiences'),
      markdown: audienceCopy(model, a),
    })),
    ...model.data.guides.map((g) => ({
      path: urls.guidePath(g.topic),
      page: { kind: 'guide', topic: g.topic } as const,
      source: data('guides'),
      markdown: guideCopy(model, g),
    })),
    // A full guide is what its overview's form gives: reachable at its address, which the form
    // leads to, but not listed for search engines (the page says noindex) nor in the sitemap.
    ...model.guides.map((g) => ({
      path: urls.guideArticlePath(g.topic),
      page: { kind: 'guide-article', topic: g.topic } as const,
      source: g.file,
      bodies: [g.file],
      indexable: false,
    })),
    ...blogListRoutes(model),
    ...model.posts.map((p) => ({
      path: urls.blogPostPath(p.slug),
      page: { kind: 'blog-post', slug: p.slug } as const,
      source: p.file,
      bodies: [p.file],
      lastModified: p.date,
      markdown: postCopy(model, p),
    })),
    {
      path: urls.caseStudiesPath,
      page: { kind: 'case-studies' },
      source: data('case-studies'),
      markdown: caseStudiesCopy(model),
    },
    { path: urls.humansPath, page: { kind: 'humans' }, source: data('humans'), markdown: humansCopy(model) },
    {
      path: urls.gettingStartedPath,
      page: { kind: 'getting-started' },
      source: data('getting-started'),
      markdown: gettingStartedCopy(model),
    },
    { path: urls.toolkitPath, page: { kind: 'toolkit' }, source: data('toolkit') },
    // Only a site whose forms post to its own endpoint sends visitors here.
    ...(model.data.site.leadEndpoint
      ? [
          {
            path: urls.toolkitFilesPath,
            page: { kind: 'toolkit', unlocked: true } as const,
            source: data('toolkit'),
            indexable: false,
          },
        ]
      : []),
    ...model.legal.map((l) => ({
      path: urls.legalPath(l.slug),
      page: { kind: 'legal', slug: l.slug } as const,
      source: l.file,
      bodies: [l.file],
    })),
    // Results depend on the query: not a page for search engines to list.
    { path: urls.searchPath, page: { kind: 'search' }, source: data('search'), indexable: false },
    { path: urls.notFoundPath, page: { kind: 'not-found' }, source: data('ui'), notFound: true },
  ];
}

/**
 * The blog's list and each tag's, category's and author's, a page of posts each
 * (content/data/blog.json `pageSize`), a page's sitemap date its newest post's; and the lists of
 * every tag and every category (`termLists.pageSize` to a page).
 */
function blogListRoutes(model: SiteModel): RouteSpec<SitePage>[] {
  const source = datasetFile(model, 'blog');
  const size = model.data.blog.pageSize;
  const dates = new Map(model.posts.map((post) => [post.slug, post.date]));
  const newest = (slugs: readonly string[]) => (slugs[0] ? { lastModified: dates.get(slugs[0])! } : {});
  const slugs = model.posts.map((post) => post.slug);
  const terms = [
    ...model.terms.tags.map((term) => ({ taxonomy: 'tag' as const, term })),
    ...model.terms.categories.map((term) => ({ taxonomy: 'category' as const, term })),
  ];
  return [
    ...paginate(slugs, size, urls.blogIndexPath).map((list) => ({
      path: listPagePath(list.first, list.number),
      page: { kind: 'blog-index', page: list.number } as const,
      source,
      ...newest(list.items),
    })),
    ...terms.flatMap(({ taxonomy, term }) =>
      paginate(term.items, size, urls.blogTermPath(taxonomy, term.slug)).map((list) => ({
        path: listPagePath(list.first, list.number),
        page: { kind: 'blog-term', taxonomy, slug: term.slug, page: list.number } as const,
        source,
        ...newest(list.items),
      })),
    ),
    ...model.authors.flatMap((author) =>
      paginate(author.posts, size, urls.blogAuthorPath(author.id)).map((list) => ({
        path: listPagePath(list.first, list.number),
        page: { kind: 'blog-author', id: author.id, page: list.number } as const,
        source: datasetFile(model, 'people'),
        ...newest(list.items),
      })),
    ),
    ...(['tag', 'category'] as const).flatMap((taxonomy) =>
      paginate(termList(model, taxonomy), model.data.blog.termLists.pageSize, urls.blogTermListPath(taxonomy)).map(
        (list) => ({
          path: listPagePath(list.first, list.number),
          page: { kind: 'blog-terms', taxonomy, page: list.number } as const,
          source,
        }),
      ),
    ),
  ];
}

/**
 * The old addresses of content/data/redirects.json and of each post's `aliases`, each located
 * where it is written, and the addresses other generators publish a blog's feed at, which lead
 * to the blog's feed (a blog moved here keeps its readers).
 */
export function siteRedirects(model: SiteModel): RedirectSpec[] {
  const file = datasetFile(model, 'redirects');
  const source = model.content.raw.data.get('redirects')?.source;
  const frontMatter = new Map(model.content.collections.posts!.map((entry) => [entry.file, entry.frontMatterText]));
  return [
    ...model.data.redirects.map((redirect, index): RedirectSpec => ({
      from: redirect.from,
      to: redirect.to,
      origin: { kind: 'data', file, field: `[${index}].to`, ...(source ? locateJsonField(source, [index, 'to']) : {}) },
    })),
    ...model.posts.flatMap((post) =>
      post.aliases.map((alias): RedirectSpec => ({
        from: alias,
        to: urls.blogPostPath(post.slug),
        origin: {
          kind: 'markdown',
          file: post.file,
          field: 'aliases',
          line: locateFrontMatterField(frontMatter.get(post.file) ?? '', 'aliases'),
        },
      })),
    ),
    ...formerFeedPaths
      .filter((from) => from !== urls.feedPath)
      .map((from): RedirectSpec => ({
        from,
        to: urls.feedPath,
        origin: { kind: 'template', file: 'templates/site/routes.ts' },
      })),
  ];
}
