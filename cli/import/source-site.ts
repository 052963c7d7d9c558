// What kind of site `sitegen import` reads, told from the files at its root, and what that kind
// of site says of its posts: the folders that hold them (only those are walked, so templates and
// other pages are never read as posts), the folders whose files it published at its root (where
// `/img/x.png` is looked for), the rules that gave each post its address, and where its feeds
// were. Each generator's conventions are its documented defaults (site-conventions.ts).
import { lstatSync } from 'node:fs';
import path from 'node:path';
import { load } from 'js-yaml';
import { parse as parseToml } from 'smol-toml';
import type { ContentFiles } from '../shared/read-content-file.ts';
import { yamlOptions } from '../load/front-matter.ts';
import { eleventySite, jsSite, nextSite } from './js-site-conventions.ts';
import { hugoSite, jekyllSite, record } from './site-conventions.ts';

/** The generators the import knows; `folder` is a folder of posts with no site around it. */
export type Generator = 'jekyll' | 'hugo' | 'next' | 'gatsby' | 'eleventy' | 'folder';

/** How the old site addressed its posts (old-addresses.ts applies them to each post). */
export type AddressRules =
  /** Jekyll: the permalink for posts (a style name or a pattern) under `baseurl`. */
  | { kind: 'jekyll'; baseurl: string; permalink: string }
  /** Hugo: `permalinks` by section (or `page` kind), under the path of `baseURL`. */
  | { kind: 'hugo'; base: string; permalinks: Record<string, string>; uglyUrls: boolean; contentDir: string }
  /**
   * Next.js and Gatsby: a route `<prefix>/<slug>` for each post (with a trailing slash when the site says so), the slug
   * its file or folder name (Gatsby: its path in the posts folder).
   */
  | { kind: 'route'; prefix: string; nested: boolean; trailingSlash: boolean }
  /**
   * Eleventy: each post at its path from the input folder, or its `permalink` (from its front matter or its folder's
   * data file).
   */
  | { kind: 'eleventy'; input: string; folderPermalinks: Map<string, string> }
  /** No rule is known: only the addresses posts name themselves (`aliases`, `redirect_from`, `url`, `permalink`). */
  | { kind: 'none' };

/** The source as a site. */
export interface SourceSite {
  generator: Generator;
  /** Folders (from the source's root; `''` for all of it) walked for posts. */
  postFolders: string[];
  /**
   * Whether a Markdown file found under a folder of `postFolders`, at this path from it, is a post: Jekyll's only under
   * `_posts` or `_drafts`, Hugo's only inside a section.
   */
  isPostPath(relative: string): boolean;
  /**
   * Folders whose files the old site published at its root, `''` for the root itself: a root path such as `/img/x.png`
   * is looked for in each.
   */
  publishedFolders: string[];
  addresses: AddressRules;
  /** The old site's feed addresses. */
  feeds: string[];
  /** Why a file of the site's configuration could not be read, for the report. */
  notes: string[];
}

/** Reads what the files at the source's root say of the site; `files` reads inside the source, within limits. */
export function readSourceSite(root: string, files: ContentFiles): SourceSite {
  const notes: string[] = [];
  const is = entryTester(root);
  return { ...detectSite(root, files, is, configReader(root, files, notes), notes), notes };
}

/** Whether an entry of the source, at its path from the root, is a file or a folder (a link is neither). */
export type Is = (relative: string, kind: 'file' | 'folder') => boolean;

/** Reads a configuration file of the source (TOML, JSON or YAML) as a record; `{}` for one it cannot read. */
type ReadConfig = (relative: string) => Record<string, unknown>;

/** The names Hugo reads its configuration from, at the root or under `config/_default/`. */
const hugoConfigNames = ['hugo', 'config']
  .flatMap((base) => ['toml', 'yaml', 'yml', 'json'].map((extension) => `${base}.${extension}`))
  .flatMap((name) => [name, `config/_default/${name}`]);

/** Tells the site's generator from its configuration files and its dependencies, and reads its conventions. */
function detectSite(
  root: string,
  files: ContentFiles,
  is: Is,
  read: ReadConfig,
  notes: string[],
): Omit<SourceSite, 'notes'> {
  const first = (names: string[]) => names.find((name) => is(name, 'file'));
  const jekyllConfig = first(['_config.yml', '_config.yaml']);
  if (jekyllConfig) return jekyllSite(read(jekyllConfig), is);
  const hugoConfig = first(hugoConfigNames);
  if (hugoConfig && is('content', 'folder')) {
    const config = read(hugoConfig);
    const permalinksFile = first([
      'config/_default/permalinks.toml',
      'config/_default/permalinks.yaml',
      'config/_default/permalinks.yml',
      'config/_default/permalinks.json',
    ]);
    return hugoSite(permalinksFile ? { ...config, permalinks: read(permalinksFile) } : config, root);
  }
  const packageJson = is('package.json', 'file') ? read('package.json') : {};
  const dependencies = { ...record(packageJson.dependencies), ...record(packageJson.devDependencies) };
  const eleventyConfig = first(['eleventy.config.js', 'eleventy.config.mjs', 'eleventy.config.cjs', '.eleventy.js']);
  if ('next' in dependencies) return nextSite(root, files, is, notes);
  if ('gatsby' in dependencies)
    return jsSite(
      'gatsby',
      is,
      { kind: 'route', prefix: '', nested: true, trailingSlash: true },
      'gatsby-plugin-feed' in dependencies ? ['/rss.xml'] : [],
    );
  if (eleventyConfig || '@11ty/eleventy' in dependencies) return eleventySite(root, files, is, eleventyConfig);
  return {
    generator: 'folder',
    postFolders: [''],
    isPostPath: () => true,
    publishedFolders: ['', 'static', 'public', 'assets'],
    addresses: { kind: 'none' },
    feeds: [],
  };
}

/** Tells files from folders at the source's root without following links. */
function entryTester(root: string): Is {
  return (relative, kind) => {
    let info;
    try {
      info = lstatSync(path.join(root, relative), { throwIfNoEntry: false });
    } catch {
      // A folder the system will not look into holds nothing the import reads.
      return false;
    }
    return kind === 'file' ? info?.isFile() === true : info?.isDirectory() === true;
  };
}

/** Reads configuration files; one it cannot read is noted for the report, its addresses unknown. */
function configReader(root: string, files: ContentFiles, notes: string[]): ReadConfig {
  return (relative) => {
    try {
      const text = files.readText(path.join(root, relative), 'markdownBytes');
      const value = relative.endsWith('.toml')
        ? parseToml(text)
        : relative.endsWith('.json')
          ? JSON.parse(text)
          : load(text, { ...yamlOptions(), json: true });
      return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
    } catch (error) {
      const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
      notes.push(`${relative} could not be read (${why}), so the old addresses it sets are not known`);
      return {};
    }
  };
}
