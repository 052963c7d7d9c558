/** Folders of the content tree, relative to the content folder; the one place that knows them. */
export declare const contentLayout: {
  readonly posts: 'posts';
  readonly guides: 'guides';
  readonly legal: 'legal';
  readonly toolkit: 'toolkit';
  readonly images: 'images';
  readonly data: 'data';
};
/** A folder name of the content tree. */
export type ContentFolder = keyof typeof contentLayout;
/** The toolkit texts shown on /pom-files once its form is sent. */
export declare const toolkitFiles: { readonly readme: 'pom-readme.md'; readonly cursorRules: 'cursor-rules.md' };
/** A folder of the content tree. */
export declare function contentFolder(contentDir: string, folder: ContentFolder): string;
/** A dataset file, `content/data/<name>.json`. */
export declare function datasetFile(contentDir: string, name: string): string;
/** The file inside a built site that records routes, redirects and the source of every link. */
export declare const manifestFileName: '.sitegen-manifest.json';
/** Where the generator keeps what it can rebuild: compiled CLI, Markdown cache, dev templates. */
export declare function cacheFolder(root: string): string;
/** The Markdown cache shared by `build` and `dev`. */
export declare function markdownCacheFile(root: string): string;
/** Highlighted code blocks, one file each, kept by `build` (highlight-store.ts). */
export declare function frontMatterCacheFile(root: string): string;
export declare function outputKey(out: string): string;
export declare function highlightStoreDir(root: string): string;
/** The last client bundle with the hashes of its inputs, shared by `build` and `dev`. */
export declare function bundleCacheFile(root: string): string;
