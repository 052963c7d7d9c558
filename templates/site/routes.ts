import path from 'node:path';
import type { RedirectSpec, RouteSpec } from '../../cli/config/site-definition.ts';
import { locateFrontMatterField, locateJsonField } from '../../cli/validate/locate-field.ts';
import type { SiteModel } from './model.ts';
import type { GuideTopic } from './schemas/schemas.ts';
import * as urls from './urls.ts';

/** What a route renders: one kind per page template. */
export type SitePage =
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
  | { kind: 'not-found' }
  | { kind: 'redirect'; to: string };

/** A dataset file of the site, `content/data/<name>.json`. */
export function datasetFile(model: SiteModel, name: string): string {
  return path.join(model.contentRoot, 'data', `${name}.json`);
}

/** Every page of the site, SPEC section 2. */
export function siteRoutes(model: SiteModel): RouteSpec<SitePage>[] {
  const data = (name: string) => datasetFile(model, name);
  const latestPost = model.posts[0]?.date;
  return [
    { path: urls.homePath, page: { kind: 'home' }, source: data('home') },
    ...model.data.audiences.map((a) => ({ path: urls.audiencePath(a.slug), page: { kind: 'audience', slug: a.slug } as const, source: data('audiences') })),
    ...model.data.guides.map((g) => ({ path: urls.guidePath(g.topic), page: { kind: 'guide', topic: g.topic } as const, source: data('guides') })),
    ...model.guides.map((g) => ({ path: urls.guideArticlePath(g.topic), page: { kind: 'guide-article', topic: g.topic } as const, source: g.file, bodies: [g.file] })),
    { path: urls.blogIndexPath, page: { kind: 'blog-index' }, source: data('blog'), ...(latestPost ? { lastModified: latestPost } : {}) },
    ...model.posts.map((p) => ({ path: urls.blogPostPath(p.slug), page: { kind: 'blog-post', slug: p.slug } as const, source: p.file, bodies: [p.file], lastModified: p.date })),
    { path: urls.caseStudiesPath, page: { kind: 'case-studies' }, source: data('case-studies') },
    { path: urls.humansPath, page: { kind: 'humans' }, source: data('humans') },
    { path: urls.gettingStartedPath, page: { kind: 'getting-started' }, source: data('getting-started') },
    { path: urls.toolkitPath, page: { kind: 'toolkit' }, source: data('toolkit') },
    ...model.legal.map((l) => ({ path: urls.legalPath(l.slug), page: { kind: 'legal', slug: l.slug } as const, source: l.file, bodies: [l.file] })),
    { path: urls.notFoundPath, page: { kind: 'not-found' }, source: data('ui'), notFound: true },
  ];
}

/** The old addresses of content/data/redirects.json and of each post's `aliases`, each located where it is written. */
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
    ...model.posts.flatMap((post) => post.aliases.map((alias): RedirectSpec => ({
      from: alias,
      to: urls.blogPostPath(post.slug),
      origin: { kind: 'markdown', file: post.file, field: 'aliases', line: locateFrontMatterField(frontMatter.get(post.file) ?? '', 'aliases') },
    }))),
  ];
}
