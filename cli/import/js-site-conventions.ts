// The documented defaults of the JavaScript generators (Next.js, Gatsby, Eleventy), as `sitegen
// import` reads a site of one: posts in the folders such sites keep them in, files published from
// `public/`, `static/` or the root, addresses by the site's routes or permalinks.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { ContentFiles } from '../shared/read-content-file.ts';
import { basePath, isWalked } from './site-conventions.ts';
import type { AddressRules, Generator, Is, SourceSite } from './source-site.ts';

/** The folders a JavaScript site (Next.js, Gatsby, Eleventy) keeps posts in, where they exist. */
const jsPostFolders = [
  'posts',
  '_posts',
  'blog',
  'content',
  'data/blog',
  'data/posts',
  'src/posts',
  'src/blog',
  'src/content',
  'public',
];

export function jsSite(
  generator: Generator,
  is: Is,
  addresses: AddressRules,
  feeds: string[],
): Omit<SourceSite, 'notes'> {
  const folders = jsPostFolders.filter((folder) => is(folder, 'folder'));
  return {
    generator,
    // A folder inside another one listed is walked with it.
    postFolders: folders.filter(
      (folder) => !folders.some((other) => other !== folder && folder.startsWith(`${other}/`)),
    ),
    isPostPath: () => true,
    publishedFolders: ['public', 'static', ''],
    addresses,
    feeds,
  };
}

/**
 * Next.js: the address of a post is its page's route, told from the folder of the dynamic route
 * (`app/[slug]/page.tsx` is `/<slug>`, `pages/blog/[slug].js` `/blog/<slug>`) under `basePath`;
 * feeds are the `.xml` routes and files it publishes at its root.
 */
export function nextSite(root: string, files: ContentFiles, is: Is, notes: string[]): Omit<SourceSite, 'notes'> {
  const config = readNextConfig(root, files, is, notes);
  const base = basePath(/\bbasePath\s*:\s*['"`]([^'"`]*)['"`]/.exec(config)?.[1]);
  const { routes, feeds } = findNextRoutes(root, is);
  const route = routes.find((folder) => /blog|post/.test(folder)) ?? routes[0];
  if (route === undefined)
    notes.push(
      'no page route for posts ([slug]) was found under app/ or pages/, so the old addresses of posts are not known',
    );
  const trailingSlash = /\btrailingSlash\s*:\s*true\b/.test(config);
  const site = jsSite(
    'next',
    is,
    route === undefined
      ? { kind: 'none' }
      : {
          kind: 'route',
          prefix: base + (routePath(route) ? `/${routePath(route)}` : ''),
          nested: false,
          trailingSlash,
        },
    [],
  );
  const routeFeeds = feeds.map((folder) => `${base}/${routePath(folder)}`);
  return { ...site, feeds: [...new Set([...routeFeeds, ...listPublicFeeds(root).map((feed) => base + feed)])] };
}

/** The text of the Next.js configuration, `''` when there is none or it cannot be read. */
function readNextConfig(root: string, files: ContentFiles, is: Is, notes: string[]): string {
  const configFile = ['next.config.js', 'next.config.mjs', 'next.config.ts', 'next.config.cjs'].find((name) =>
    is(name, 'file'),
  );
  if (!configFile) return '';
  try {
    return files.readText(path.join(root, configFile), 'markdownBytes');
  } catch {
    notes.push(`${configFile} could not be read, so its basePath is not known`);
    return '';
  }
}

/** The folders of Next.js's dynamic routes for posts (`[slug]`…), and of its `.xml` routes. */
function findNextRoutes(root: string, is: Is): { routes: string[]; feeds: string[] } {
  const routes: string[] = [];
  const feeds: string[] = [];
  const walk = (relative: string, depth: number) => {
    if (depth > 6) return;
    let entries;
    try {
      entries = readdirSync(path.join(root, relative), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (!isWalked(entry.name) && !entry.name.startsWith('[')) continue;
      const child = `${relative}/${entry.name}`;
      if (/^\[(?:\.\.\.)?(slug|id|post|postId|name|path)\]$/.test(entry.name.replace(/\.[jt]sx?$|\.mdx?$/, '')))
        routes.push(relative);
      if (entry.isDirectory() && /\.xml$/.test(entry.name)) feeds.push(child);
      if (entry.isDirectory()) walk(child, depth + 1);
    }
  };
  for (const folder of ['app', 'src/app', 'pages', 'src/pages']) if (is(folder, 'folder')) walk(folder, 0);
  return { routes, feeds };
}

/** A route folder's address: `app/(blog)/posts/[slug]` is `/posts/<slug>`, a route group's name being no segment. */
function routePath(folder: string): string {
  return folder
    .replace(/^(src\/)?(app|pages)/, '')
    .split('/')
    .filter((segment) => segment !== '' && !/^\(.*\)$/.test(segment))
    .join('/');
}

/** The feeds a Next.js site publishes as files of `public/`, sitemaps left out. */
function listPublicFeeds(root: string): string[] {
  try {
    return readdirSync(path.join(root, 'public'))
      .filter((name) => /\.xml$/.test(name) && !/^sitemap/.test(name))
      .map((name) => `/${name}`);
  } catch {
    return [];
  }
}

/**
 * Eleventy: each post at its path from the input folder (`dir.input` of the configuration), as a
 * folder, or at the `permalink` of its front matter or its folder's data file
 * (`posts/posts.json`, `posts/posts.11tydata.json`); feeds at the `permalink` of a feed template.
 */
export function eleventySite(
  root: string,
  files: ContentFiles,
  is: Is,
  configFile: string | undefined,
): Omit<SourceSite, 'notes'> {
  let config = '';
  try {
    if (configFile) config = files.readText(path.join(root, configFile), 'markdownBytes');
  } catch {
    config = '';
  }
  const input = (/\binput\s*:\s*['"`]([^'"`]*)['"`]/.exec(config)?.[1] ?? '').replace(/^\.?\/+|\/+$/g, '');
  const folderPermalinks = new Map<string, string>();
  const feeds: string[] = [];
  const site = jsSite('eleventy', is, { kind: 'eleventy', input, folderPermalinks }, feeds);
  for (const folder of site.postFolders) {
    const name = path.basename(folder);
    for (const file of [`${folder}/${name}.json`, `${folder}/${name}.11tydata.json`]) {
      if (!is(file, 'file')) continue;
      try {
        const data = JSON.parse(files.readText(path.join(root, file), 'jsonBytes')) as Record<string, unknown>;
        if (typeof data.permalink === 'string') folderPermalinks.set(folder, data.permalink);
      } catch {
        // A data file that cannot be read gives no rule: the posts keep their paths.
      }
    }
  }
  for (const folder of [input, `${input}/feed`.replace(/^\//, '')]) {
    let names: string[];
    try {
      names = readdirSync(path.join(root, folder));
    } catch {
      continue;
    }
    for (const name of names.filter((entry) => /^feed\b.*\.(njk|liquid|11ty\.js|xml|md)$/.test(entry))) {
      try {
        const text = files.readText(path.join(root, folder, name), 'markdownBytes');
        const permalink = /^permalink:\s*["']?([^"'\n]+?)["']?\s*$/m.exec(text)?.[1];
        if (permalink && !permalink.includes('{')) feeds.push(permalink.startsWith('/') ? permalink : `/${permalink}`);
      } catch {
        // An unreadable template names no feed.
      }
    }
  }
  return {
    ...site,
    publishedFolders: [input, 'public', ''].filter((folder, index, all) => all.indexOf(folder) === index),
    feeds,
  };
}
