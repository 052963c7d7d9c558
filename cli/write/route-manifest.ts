import path from 'node:path';
import type { LinkOrigin } from '../shared/link-origins.ts';
import type { RecordedLink } from '../config/render-context.ts';
import type { WrittenCopy } from '../render/markdown-copy.ts';
import type { PageRecord } from '../render/render-page.ts';
import type { Redirect } from '../route/routes.ts';
import { withTrailingSlash } from '../route/urls.ts';

/** The file inside a built site that records routes, redirects and the source of every link. */
export const manifestFileName = '.sitegen-manifest.json';

/**
 * Routes, redirects and where every emitted link came from. Origins are listed once and
 * referred to by index: the layout's links repeat on every page, and a 1,000-page site would
 * otherwise write the same origin 50,000 times.
 */
export interface SiteManifest {
  version: 2;
  siteUrl: string;
  routes: { path: string; file: string }[];
  redirects: { from: string; to: string; origin?: LinkOrigin }[];
  origins: LinkOrigin[];
  /**
   * By page path: each link's href and the index of its origin, in document order; a Markdown copy's under its own path
   * (`/blog/a/index.md`).
   */
  links: Record<string, [href: string, origin: number][]>;
  /**
   * The Markdown files the build wrote for answer engines whose links the checker reads: each page's copy, and
   * llms.txt.
   */
  markdown?: string[];
}

/** Builds the manifest from what the render recorded; file paths are made relative to `root`. */
export function buildManifest(options: {
  siteUrl: string;
  root: string;
  pages: PageRecord[];
  redirects: Redirect[];
  bodyLinks: ReadonlyMap<string, RecordedLink[]>;
  copies?: ReadonlyMap<string, WrittenCopy>;
  markdown?: readonly string[];
}): SiteManifest {
  const { siteUrl, root, pages, redirects, bodyLinks, copies = new Map<string, WrittenCopy>() } = options;
  const relative = (origin: LinkOrigin): LinkOrigin => ({
    ...origin,
    file: path.isAbsolute(origin.file) ? path.relative(root, origin.file) : origin.file,
  });
  const origins = new OriginTable(relative);
  const links: SiteManifest['links'] = {};
  for (const page of pages) {
    const recorded = [...page.links, ...(bodyLinks.get(page.route.path) ?? [])];
    links[withTrailingSlash(page.route.path)] = recorded.map((link) => [link.href, origins.indexOf(link.origin)]);
  }
  for (const copy of copies.values())
    links[copy.url] = copy.refs.map((ref) => [ref.value, origins.indexOf(ref.origin)]);
  const markdown = [...[...copies.values()].map((copy) => copy.file), ...(options.markdown ?? [])];
  return {
    version: 2,
    siteUrl,
    routes: pages.map((page) => ({ path: withTrailingSlash(page.route.path), file: page.route.file })),
    redirects: redirects.map((redirect) => ({
      from: redirect.from,
      to: redirect.to,
      origin: redirect.origin ? relative(redirect.origin) : undefined,
    })),
    origins: origins.list,
    links,
    ...(markdown.length > 0 ? { markdown } : {}),
  };
}

/** Each distinct origin once, numbered in order of first use. */
class OriginTable {
  readonly list: LinkOrigin[] = [];
  private readonly byKey = new Map<string, number>();
  /** Most links share their origin object with other pages; those skip building a key. */
  private readonly byObject = new Map<LinkOrigin, number>();

  constructor(private readonly normalize: (origin: LinkOrigin) => LinkOrigin) {}

  indexOf(origin: LinkOrigin): number {
    let index = this.byObject.get(origin);
    if (index !== undefined) return index;
    const key = `${origin.kind}\0${origin.file}\0${origin.field ?? ''}\0${origin.line ?? ''}\0${origin.column ?? ''}`;
    index = this.byKey.get(key);
    if (index === undefined) {
      index = this.list.push(this.normalize(origin)) - 1;
      this.byKey.set(key, index);
    }
    this.byObject.set(origin, index);
    return index;
  }
}
