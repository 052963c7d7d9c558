// What kind of site `sitegen import` reads, told from the files at its root, and what that kind
// of site says of its posts: the folders that hold them (only those are walked, so templates and
// other pages are never read as posts), the folders whose files it published at its root (where
// `/img/x.png` is looked for), the rules that gave each post its address, and where its feeds
// were. Each generator's conventions are its documented defaults.
import { lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { load } from 'js-yaml';
import { parse as parseToml } from 'smol-toml';
import type { ContentFiles } from '../shared/read-content-file.ts';
import { yamlOptions } from '../load/front-matter.ts';

/** The generators the import knows; `folder` is a folder of posts with no site around it. */
export type Generator = 'jekyll' | 'hugo' | 'next' | 'gatsby' | 'eleventy' | 'folder';

/** How the old site addressed its posts (old-addresses.ts applies them to each post). */
export type AddressRules =
  /** Jekyll: the permalink for posts (a style name or a pattern) under `baseurl`. */
  | { kind: 'jekyll'; baseurl: string; permalink: string }
  /** Hugo: `permalinks` by section (or `page` kind), under the path of `baseURL`. */
  | { kind: 'hugo'; base: string; permalinks: Record<string, string>; uglyUrls: boolean; contentDir: string }
  /** Next.js and Gatsby: a route `<prefix>/<slug>` for each post (with a trailing slash when the site says so), the slug its file or folder name (Gatsby: its path in the posts folder). */
  | { kind: 'route'; prefix: string; nested: boolean; trailingSlash: boolean }
  /** Eleventy: each post at its path from the input folder, or its `permalink` (from its front matter or its folder's data file). */
  | { kind: 'eleventy'; input: string; folderPermalinks: Map<string, string> }
  /** No rule is known: only the addresses posts name themselves (`aliases`, `redirect_from`, `url`, `permalink`). */
  | { kind: 'none' };

/** The source as a site. */
export interface SourceSite {
  generator: Generator;
  /** Folders (from the source's root; `''` for all of it) walked for posts. */
  postFolders: string[];
  /** Whether a Markdown file found under a folder of `postFolders`, at this path from it, is a post: Jekyll's only under `_posts` or `_drafts`, Hugo's only inside a section. */
  isPostPath(relative: string): boolean;
  /** Folders whose files the old site published at its root, `''` for the root itself: a root path such as `/img/x.png` is looked for in each. */
  publishedFolders: string[];
  addresses: AddressRules;
  /** The old site's feed addresses. */
  feeds: string[];
  /** Why a file of the site's configuration could not be read, for the report. */
  notes: string[];
}

/** Folders no generator keeps posts in: dependencies, build output, caches. */
const neverWalked = new Set(['node_modules', '_site', 'vendor', '.git', 'out', '.next', 'dist', 'build', 'resources']);

/** A folder that is never a site's: no build output, dependencies or hidden folder. */
export function isWalked(name: string): boolean {
  return !name.startsWith('.') && !neverWalked.has(name);
}

/** Reads what the files at the source's root say of the site; `files` reads inside the source, within limits. */
export function readSourceSite(root: string, files: ContentFiles): SourceSite {
  const notes: string[] = [];
  const is = (relative: string, kind: 'file' | 'folder') => {
    let info;
    try {
      info = lstatSync(path.join(root, relative), { throwIfNoEntry: false });
    } catch {
      // A folder the system will not look into holds nothing the import reads.
      return false;
    }
    return kind === 'file' ? info?.isFile() === true : info?.isDirectory() === true;
  };
  const first = (names: string[]) => names.find((name) => is(name, 'file'));
  const read = (relative: string): Record<string, unknown> => {
    try {
      const text = files.readText(path.join(root, relative), 'markdownBytes');
      const value = relative.endsWith('.toml')
        ? parseToml(text)
        : relative.endsWith('.json')
          ? JSON.parse(text)
          : load(text, { ...yamlOptions(), json: true });
      return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
    } catch (error) {
      notes.push(
        `${relative} could not be read (${error instanceof Error ? error.message.split('\n')[0] : String(error)}), so the old addresses it sets are not known`,
      );
      return {};
    }
  };

  const jekyllConfig = first(['_config.yml', '_config.yaml']);
  if (jekyllConfig) return { ...jekyllSite(read(jekyllConfig), is), notes };
  const hugoConfig = first(
    ['hugo', 'config']
      .flatMap((base) => ['toml', 'yaml', 'yml', 'json'].map((extension) => `${base}.${extension}`))
      .flatMap((name) => [name, `config/_default/${name}`]),
  );
  if (hugoConfig && is('content', 'folder')) {
    const config = read(hugoConfig);
    const permalinksFile = first([
      'config/_default/permalinks.toml',
      'config/_default/permalinks.yaml',
      'config/_default/permalinks.yml',
      'config/_default/permalinks.json',
    ]);
    return { ...hugoSite(permalinksFile ? { ...config, permalinks: read(permalinksFile) } : config, root), notes };
  }
  const packageJson = is('package.json', 'file') ? read('package.json') : {};
  const dependencies = { ...record(packageJson.dependencies), ...record(packageJson.devDependencies) };
  const eleventyConfig = first(['eleventy.config.js', 'eleventy.config.mjs', 'eleventy.config.cjs', '.eleventy.js']);
  if ('next' in dependencies) return { ...nextSite(root, files, is, notes), notes };
  if ('gatsby' in dependencies)
    return {
      ...jsSite(
        'gatsby',
        is,
        { kind: 'route', prefix: '', nested: true, trailingSlash: true },
        'gatsby-plugin-feed' in dependencies ? ['/rss.xml'] : [],
      ),
      notes,
    };
  if (eleventyConfig || '@11ty/eleventy' in dependencies)
    return { ...eleventySite(root, files, is, eleventyConfig), notes };
  return {
    generator: 'folder',
    postFolders: [''],
    isPostPath: () => true,
    publishedFolders: ['', 'static', 'public', 'assets'],
    addresses: { kind: 'none' },
    feeds: [],
    notes,
  };
}

type Is = (relative: string, kind: 'file' | 'folder') => boolean;

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** A path of the old site without a trailing slash (`''` for the root), from a `baseurl` or a URL's path. */
function basePath(value: unknown): string {
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
function jekyllSite(config: Record<string, unknown>, is: Is): Omit<SourceSite, 'notes'> {
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
function hugoSite(config: Record<string, unknown>, root: string): Omit<SourceSite, 'notes'> {
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

function jsSite(generator: Generator, is: Is, addresses: AddressRules, feeds: string[]): Omit<SourceSite, 'notes'> {
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
function nextSite(root: string, files: ContentFiles, is: Is, notes: string[]): Omit<SourceSite, 'notes'> {
  let config = '';
  const configFile = ['next.config.js', 'next.config.mjs', 'next.config.ts', 'next.config.cjs'].find((name) =>
    is(name, 'file'),
  );
  if (configFile) {
    try {
      config = files.readText(path.join(root, configFile), 'markdownBytes');
    } catch {
      notes.push(`${configFile} could not be read, so its basePath is not known`);
    }
  }
  const base = basePath(/\bbasePath\s*:\s*['"`]([^'"`]*)['"`]/.exec(config)?.[1]);
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
  // `app/(blog)/posts/[slug]` is `/posts/<slug>`: a route group's name is no segment.
  const routePath = (folder: string) =>
    folder
      .replace(/^(src\/)?(app|pages)/, '')
      .split('/')
      .filter((segment) => segment !== '' && !/^\(.*\)$/.test(segment))
      .join('/');
  const route = routes.find((folder) => /blog|post/.test(folder)) ?? routes[0];
  if (route === undefined)
    notes.push(
      'no page route for posts ([slug]) was found under app/ or pages/, so the old addresses of posts are not known',
    );
  const publicFeeds = (() => {
    try {
      return readdirSync(path.join(root, 'public'))
        .filter((name) => /\.xml$/.test(name) && !/^sitemap/.test(name))
        .map((name) => `/${name}`);
    } catch {
      return [];
    }
  })();
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
  return {
    ...site,
    feeds: [
      ...new Set([...feeds.map((folder) => `${base}/${routePath(folder)}`), ...publicFeeds.map((feed) => base + feed)]),
    ],
  };
}

/**
 * Eleventy: each post at its path from the input folder (`dir.input` of the configuration), as a
 * folder, or at the `permalink` of its front matter or its folder's data file
 * (`posts/posts.json`, `posts/posts.11tydata.json`); feeds at the `permalink` of a feed template.
 */
function eleventySite(
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
