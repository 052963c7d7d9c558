import path from 'node:path';
import type { RecordedLink } from '../../templates/components/page-context.ts';
import type { Bundle } from '../bundle/bundle-client.ts';
import type { RawContent } from '../load/load-content.ts';
import type { SiteImage } from '../load/load-images.ts';
import { manifestFileName } from '../project-layout.ts';
import { buildManifest, type SiteManifest } from './route-manifest.ts';
import type { RenderedMarkdown } from '../render/markdown/render-markdown.ts';
import type { SiteModel } from '../validate/model.ts';
import type { PageRecord } from '../render/render-page.tsx';
import type { Redirect, Route } from '../route/routes.ts';
import { blogIndexPath, blogPostPath, guideArticlePath, legalPath } from '../route/urls.ts';
import { renderFeed } from './feed.ts';
import { renderHeadersFile } from './headers-file.ts';
import { renderRedirectsFile } from './redirects-file.ts';
import { renderRobots } from './robots-txt.ts';
import { renderSitemap } from './sitemap.ts';

/** What the site files are made from. */
export interface SiteFilesInput {
  root: string;
  raw: RawContent;
  model: SiteModel;
  routes: Route[];
  redirects: Redirect[];
  /** The routes' pages; their HTML (and the redirect pages') is written by the caller. */
  pages: PageRecord[];
  bundle: Bundle;
  images: SiteImage[];
  /** The links of each Markdown body, by file. */
  markdown: ReadonlyMap<string, Pick<RenderedMarkdown, 'links'>>;
  /** Every inline script the pages run, allowed by hash in `_headers`. */
  inlineScripts: Iterable<string>;
}

/** Every file of the built site except the pages, by path relative to the output folder; `manifest` when already built by `siteManifest`. */
export function assembleSiteFiles(input: SiteFilesInput & { manifest?: SiteManifest }): Map<string, string | Uint8Array> {
  const { model, routes, redirects, bundle, images, inlineScripts } = input;
  const site = model.data.site;
  const files = new Map<string, string | Uint8Array>();
  for (const file of bundle.files) files.set(file.url.slice(1), file.contents);
  for (const image of images) files.set(image.url.slice(1), image.contents);
  files.set('sitemap.xml', renderSitemap(site.siteUrl, routes, lastModifiedByPath(model)));
  files.set('robots.txt', renderRobots(site.siteUrl));
  files.set('feed.xml', renderFeed({ siteUrl: site.siteUrl, title: `${site.brand} ${model.data.blog.post.titleSuffix}`, description: model.data.blog.meta.description, posts: model.posts, trailingSlash: site.trailingSlash }));
  files.set('_redirects', renderRedirectsFile(redirects));
  files.set('_headers', renderHeadersFile(routes, { webhookUrl: site.formWebhookUrl, inlineScripts }));
  files.set(manifestFileName, JSON.stringify(input.manifest ?? siteManifest(input)));
  return files;
}

/** The route manifest: routes, redirects, and where every link of every page came from. */
export function siteManifest(input: Pick<SiteFilesInput, 'root' | 'raw' | 'model' | 'pages' | 'redirects' | 'markdown'>): SiteManifest {
  const { root, raw, model, pages, redirects, markdown } = input;
  return buildManifest({ siteUrl: model.data.site.siteUrl, root, raw, pages, redirects, extraLinks: markdownLinks(model, markdown, root) });
}

/** Links written in Markdown, by the route that shows them, with their file and line. */
function markdownLinks(model: SiteModel, markdown: SiteFilesInput['markdown'], root: string): Map<string, RecordedLink[]> {
  const byRoute = new Map<string, RecordedLink[]>();
  const add = (routePath: string, file: string) => {
    const links = markdown.get(file)?.links ?? [];
    byRoute.set(routePath, links.map((link) => ({ href: link.href, origin: { kind: 'markdown', file: path.relative(root, file), line: link.line, column: link.column } })));
  };
  for (const post of model.posts) add(blogPostPath(post.slug), post.file);
  for (const guide of model.guides) add(guideArticlePath(guide.topic), guide.file);
  for (const legal of model.legal) add(legalPath(legal.slug), legal.file);
  return byRoute;
}

function lastModifiedByPath(model: SiteModel): Map<string, Date> {
  const dates = new Map<string, Date>(model.posts.map((post) => [blogPostPath(post.slug), post.date]));
  if (model.posts[0]) dates.set(blogIndexPath, model.posts[0].date);
  return dates;
}
