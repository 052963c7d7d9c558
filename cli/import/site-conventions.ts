// Each generator's documented defaults, as `sitegen import` reads a site of it: the folders that
// hold its posts, the folders whose files it published at its root, the rules that gave each
// post its address, and where its feeds were. Jekyll's and Hugo's are here, the JavaScript
// generators' in js-site-conventions.ts.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Is, SourceSite } from './source-site.ts';

/** Folders no generator keeps posts in: dependencies, build output, caches. */
const neverWalked = new Set(['node_modules', '_site', 'vendor', '.git', 'out', '.next', 'dist', 'build', 'resources']);

/** A folder that is never a site's: no build output, dependencies or hidden folder. */
export function isWalked(name: string): boolean {
  return !name.startsWith('.') && !neverWalked.has(name);
}

/** A value as a record; `{}` for anything else. */
export function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** A path of the old site without a trailing slash (`''` for the root), from a `baseurl` or a URL's path. */
export function basePath(value: unknown): string {
  if (typeof value !== 'string') return '';
  let pathPart = value.trim();
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(pathPart)) {
    try {
      pathPart = new URL(pathPart).pathname;
    } catch {
      return '';
    }
  }
  pathPart = pathPart.replace(/\/+$/, '');
  return pathPart === '' ? '' : pathPart.startsWith('/') ? pathPart : `/${pathPart}`;
}

/**
 * Jekyll: posts in `_posts/` and `_drafts/` (under `collections_dir`, and in a category's own
 * `<category>/_posts/`), files published from the root, addresses by `permalink` (the posts
 * collection's, else a front-matter default for posts, else the site's, else Jekyll's `date`
 * style) under `baseurl`, the feed where jekyll-feed writes it.
 */
export function jekyllSite(config: Record<string, unknown>, is: Is): Omit<SourceSite, 'notes'> {
  const baseurl = basePath(config.baseurl);
  const collections = record(config.collections);
  const defaults = Array.isArray(config.defaults) ? config.defaults.map(record) : [];
  const forPosts = defaults.find((entry) => {
    const scope = record(entry.scope);
    return (
      (scope.type === 'posts' ||
        (typeof scope.path === 'string' && /(^|\/)_posts\/?$/.test(scope.path)) ||
        scope.path === '') &&
      typeof record(entry.values).permalink === 'string'
    );
  });
  const permalink =
    [record(collections.posts).permalink, record(forPosts?.values).permalink, config.permalink].find(
      (value): value is string => typeof value === 'string' && value.trim() !== '',
    ) ?? 'date';
  const plugins = [
    ...(Array.isArray(config.plugins) ? config.plugins : []),
    ...(Array.isArray(config.gems) ? config.gems : []),
  ].map(String);
  const feedPath =
    typeof record(config.feed).path === 'string'
      ? `/${String(record(config.feed).path).replace(/^\/+/, '')}`
      : '/feed.xml';
  const feeds = [
    ...(plugins.includes('jekyll-feed') ? [feedPath] : []),
    ...['feed.xml', 'atom.xml', 'rss.xml'].filter((name) => is(name, 'file')).map((name) => `/${name}`),
  ];
  return {
    generator: 'jekyll',
    postFolders: [''],
    isPostPath: (relative) =>
      relative
        .split('/')
        .slice(0, -1)
        .some((segment) => segment === '_posts' || segment === '_drafts'),
    publishedFolders: [''],
    addresses: { kind: 'jekyll', baseurl, permalink },
    feeds: [...new Set(feeds.map((feed) => baseurl + feed))],
  };
}

/**
 * Hugo: posts in the sections of `content/` (never a page at its root, never a list page), files
 * published from `static/` (and `assets/`, which templates publish), addresses by `permalinks` under
 * the path of `baseURL`, feeds at `/index.xml` and each section's.
 */
export function hugoSite(config: Record<string, unknown>, root: string): Omit<SourceSite, 'notes'> {
  const contentDir = typeof config.contentDir === 'string' ? config.contentDir.replace(/^\.?\/+|\/+$/g, '') : 'content';
  const base = basePath(config.baseURL ?? config.baseurl);
  const permalinks = record(config.permalinks);
  const byKind = record(permalinks.page);
  const rules = Object.fromEntries(
    Object.entries({ ...permalinks, ...byKind }).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
  const sections = (() => {
    try {
      return readdirSync(path.join(root, contentDir), { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && isWalked(entry.name))
        .map((entry) => entry.name)
        .sort();
    } catch {
      return [];
    }
  })();
  return {
    generator: 'hugo',
    postFolders: [contentDir],
    isPostPath: (relative) => relative.includes('/'),
    publishedFolders: ['static', 'assets'],
    addresses: {
      kind: 'hugo',
      base,
      permalinks: rules,
      uglyUrls: config.uglyURLs === true || config.uglyurls === true,
      contentDir,
    },
    feeds: [`${base}/index.xml`, ...sections.map((section) => `${base}/${section}/index.xml`)],
  };
}
