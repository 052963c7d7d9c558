import { SiteError, SiteErrorList } from '../errors.ts';
import { datasetFile } from '../project-layout.js';
import type { SiteModel } from '../validate/model.ts';
import type { GuideTopic } from '../site-model/schemas.ts';
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

/** One output page: its URL path, its file under the output folder and what it renders. */
export interface Route {
  path: string;
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
  to: string;
  file: string;
}

/** Maps the model to every page of the site; rejects two routes that write one file. */
export function buildRoutes(model: SiteModel): Route[] {
  const data = (name: string) => datasetFile(model.contentRoot, name);
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
    { path: urls.notFoundPath, file: '404.html', page: { kind: 'not-found' }, source: data('ui'), indexable: false },
  ];
  assertUniqueFiles(routes.map((r) => ({ file: r.file, source: r.source, label: r.path })));
  return routes;
}

/** Turns the redirects dataset into redirect pages that must not collide with real pages. */
export function buildRedirects(model: SiteModel, routes: Route[]): Redirect[] {
  const source = datasetFile(model.contentRoot, 'redirects');
  const redirects = model.data.redirects.map((r) => ({ from: urls.withoutTrailingSlash(r.from), to: r.to, file: outputFileFor(r.from) }));
  assertUniqueFiles([
    ...routes.map((r) => ({ file: r.file, source: r.source, label: r.path })),
    ...redirects.map((r) => ({ file: r.file, source, label: `redirect ${r.from}` })),
  ]);
  return redirects;
}

function route(urlPath: string, page: PageSpec, source: string): Route {
  return { path: urlPath, file: outputFileFor(urlPath), page, source, indexable: true };
}

/** `/a/b` is written as `a/b/index.html` so static hosts serve it at a clean URL. */
export function outputFileFor(urlPath: string): string {
  const trimmed = urls.withoutTrailingSlash(urlPath).replace(/^\/+/, '');
  return trimmed === '' ? 'index.html' : `${trimmed}/index.html`;
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
