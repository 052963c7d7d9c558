// Where things live in a project.
import { createHash } from 'node:crypto';
import path from 'node:path';

/** Folders of the content tree, relative to the content folder; the one place that knows them. */
export const contentLayout = Object.freeze({
  posts: 'posts',
  guides: 'guides',
  legal: 'legal',
  toolkit: 'toolkit',
  images: 'images',
  data: 'data',
});

/** The toolkit texts shown on /pom-files once its form is sent. */
export const toolkitFiles = Object.freeze({ readme: 'pom-readme.md', cursorRules: 'cursor-rules.md' });

/** A folder name of the content tree. */
export type ContentFolder = keyof typeof contentLayout;

/** A folder of the content tree. */
export function contentFolder(contentDir: string, folder: keyof typeof contentLayout): string {
  return path.join(contentDir, contentLayout[folder]);
}

/** A dataset file, `content/data/<name>.json`. */
export function datasetFile(contentDir: string, name: string): string {
  return path.join(contentDir, contentLayout.data, `${name}.json`);
}

/** The file inside a built site that records routes, redirects and the source of every link. */
export const manifestFileName = '.sitegen-manifest.json';

/** Where the generator keeps what it can rebuild: Markdown cache, dev templates. */
export function cacheFolder(root: string): string {
  return path.join(root, 'node_modules', '.cache', 'sitegen');
}

/** The Markdown cache shared by `build` and `dev`. */
export function markdownCacheFile(root: string): string {
  return path.join(cacheFolder(root), 'markdown.json');
}

/** Front matter parsed by `build`, by the hash of its YAML (front-matter-cache.ts). */
export function frontMatterCacheFile(root: string): string {
  return path.join(cacheFolder(root), 'front-matter.json');
}

/** The name the caches give what they keep about one output folder: a hash of its absolute path. */
export function outputKey(out: string): string {
  return createHash('sha256').update(path.resolve(out)).digest('hex').slice(0, 32);
}

/** Highlighted code blocks, one file each, kept by `build` (highlight-store.ts). */
export function highlightStoreDir(root: string): string {
  return path.join(cacheFolder(root), 'highlight');
}

/** The last client bundle with the hashes of its inputs, shared by `build` and `dev`. */
export function bundleCacheFile(root: string): string {
  return path.join(cacheFolder(root), 'bundle.json');
}
