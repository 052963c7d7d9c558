// The part of a site definition that says where the site's content lives and the schema of each part.
import type { z } from 'zod';
import type { Entry } from '../load/load-content.ts';

/** A folder of Markdown files under the content folder. */
export interface CollectionSpec {
  /** Folder under the content folder. */
  folder: string;
  /** The schema of each file's front matter; without one the files are plain texts, read whole. */
  schema?: z.ZodType;
  /**
   * Entries dated in front matter (`date`, optionally `draft: true`): drafts and entries dated
   * after now are left out of a build unless it asks for them (`--drafts`, `--future`).
   */
  dated?: boolean;
  /**
   * Entries may also be page bundles: a folder `<name>/index.md` with the images and files the
   * entry uses beside it. Its images go through the image pipeline, the other kinds a post needs
   * and no browser runs (audio, video, PDF, plain text, data, archives: cli/load/bundle-files.ts)
   * are published as they are, and both beside the entry's page: `page` answers the address of
   * that page (its route's path), from the validated entry. Any other file is an error at the file.
   */
  bundles?: {
    page(entry: Entry): string;
    /**
     * More kinds of file the collection's bundles may publish, by extension (`['.html', '.ipynb']`).
     * A browser could run such a file or show it as a page of the site, so each is published as a
     * download: `_headers`, `preview` and `dev` send it with `Content-Disposition: attachment` and a
     * policy that sandboxes it. A host that ignores `_headers` (GitHub Pages) serves it as it is.
     */
    attachments?: readonly string[];
  };
  /**
   * Whether a `{{…}}` or `{%…%}` written in one of the collection's bodies is the site's own
   * placeholder, which it fills in itself (`{{siteUrl}}` in a legal page), rather than another
   * generator's template tag that the page would show as text (`markdown.template-tag`).
   */
  placeholders?(tag: string): boolean;
}

/** Where a site's content lives, and the schema of each part. */
export interface ContentSpec {
  collections: Record<string, CollectionSpec>;
  /** JSON datasets in `data/<name>.json`, by name. */
  data: Record<string, z.ZodType>;
  /** The images folder under the content folder, published at `/images/`. */
  images: string;
}
