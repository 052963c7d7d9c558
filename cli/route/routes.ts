import { SiteError, SiteErrorList } from '../errors.ts';
import { datasetFile } from '../project-layout.ts';
import type { SiteModel } from '../validate/model.ts';
import type { GuideTopic } from '../site-model/schemas.ts';
import { pageFileFor, pageHref, type TrailingSlash } from './trailing-slash.ts';
import * as urls from './urls.ts';

/** What a route renders: one kind per page template. */
export type PageSpec =
  | { kind: 'home' }
  | { kind: 'audience'; slug: string }
  | { kind: 'guide'; topic: GuideTopic }
  | { kind: 'guide-article'; topic: GuideTopic }
  | { kind: 'blog-index' }
  | { kind: 'blog-post'; slug: string }
  | { kind: 'case-studies' }
  | { kind: 'humans' }
  | { kind: 'getting-started' }
  | { kind: 'toolkit' }
  | { kind: 'legal'; slug: 'terms' | 'privacy' }
  | { kind: 'not-found' };

/** One output page: its URL path, its public address, its file under the output folder and what it renders. */
export interface Route {
  /** The page's key: `/` or a path without a trailing slash (`/blog/a`). */
  path: string;
  /** Where visitors and search engines find it, under the site's trailing-slash policy (`/blog/a/`). */
  url: string;
  file: string;
  page: PageSpec;
  /** The content file the page comes from, for error messages. */
  source: string;
  /** Listed in the sitemap (everything but the 404 page). */
  indexable: boolean;
}

/** An old or alternative address that forwards to a page of the site. */
export interface Redirect {
  from: string;
  /** The target under the site's trailing-slash policy, query and fragment kept. */
  to: string;
  /** The stub page written at `from`, for hosts that read no `_redirects` (GitHub Pages). */
  file: string;
}

/** Maps the model to every page of the site; rejects two routes that write one file. */
export function buildRoutes(model: SiteModel): Route[] {
  const data = (name: string) => datasetFile(model.contentRoot, name);
  const route = routeMaker(model.data.site.trailingSlash);
  const routes: Route[] = [
    route(urls.homePath, { kind: 'home' }, data('home')),
    ...model.data.audiences.map((a) => route(urls.audiencePath(a.slug), { kind: 'audience', slug: a.slug }, data('audiences'))),
    ...model.data.guides.map((g) => route(urls.guidePath(g.topic), { kind: 'guide', topic: g.topic }, data('guides'))),
    ...model.guides.map((g) => route(urls.guideArticlePath(g.topic), { kind: 'guide-article', topic: g.topic }, g.file)),
    route(urls.blogIndexPath, { kind: 'blog-index' }, data('blog')),
    ...model.posts.map((p) => route(urls.blogPostPath(p.slug), { kind: 'blog-post', slug: p.slug }, p.file)),
    route(urls.caseStudiesPath, { kind: 'case-studies' }, data('case-studies')),
    route(urls.humansPath, { kind: 'humans' }, data('humans')),
    route(urls.gettingStartedPath, { kind: 'getting-started' }, data('getting-started')),
    route(urls.toolkitPath, { kind: 'toolkit' }, data('toolkit')),
    ...model.legal.map((l) => route(urls.legalPath(l.slug), { kind: 'legal', slug: l.slug }, l.file)),
    // Hosts serve `404.html` for every unknown path; it has no address of its own.
    { path: urls.notFoundPath, url: urls.notFoundPath, file: '404.html', page: { kind: 'not-found' }, source: data('ui'), indexable: false },
  ];
  assertUniqueFiles(routes.map((r) => ({ file: r.file, source: r.source, label: r.path })));
  return routes;
}

/** Turns the redirects dataset into redirect pages that must not collide with real pages. */
export function buildRedirects(model: SiteModel, routes: Route[]): Redirect[] {
  const source = datasetFile(model.contentRoot, 'redirects');
  const policy = model.data.site.trailingSlash;
  const redirects = model.data.redirects.map((r) => ({ from: urls.withoutTrailingSlash(r.from), to: pageHref(r.to, policy), file: pageFileFor(r.from, policy) }));
  assertUniqueFiles([
    ...routes.map((r) => ({ file: r.file, source: r.source, label: r.path })),
    ...redirects.map((r) => ({ file: r.file, source, label: `redirect ${r.from}` })),
  ]);
  return redirects;
}

function routeMaker(policy: TrailingSlash) {
  return (urlPath: string, page: PageSpec, source: string): Route => (
    { path: urlPath, url: pageHref(urlPath, policy), file: pageFileFor(urlPath, policy), page, source, indexable: true }
  );
}

function assertUniqueFiles(entries: { file: string; source: string; label: string }[]): void {
  const byFile = new Map<string, typeof entries>();
  for (const entry of entries) byFile.set(entry.file, [...(byFile.get(entry.file) ?? []), entry]);
  const errors = [...byFile.entries()]
    .filter(([, group]) => group.length > 1)
    .map(([file, group]) => new SiteError({
      code: 'routes.duplicate-output',
      message: `${group.length} routes write ${file}: ${group.map((e) => `${e.label} (from ${e.source})`).join(', ')}`,
      hint: 'Change the slug or redirect source of all but one of them.',
      file: group[1]!.source,
    }));
  if (errors.length > 0) throw new SiteErrorList(errors);
}
