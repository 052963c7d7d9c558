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
   * entry uses beside it. Its images go through the image pipeline, every other file is
   * published as it is, and both are published beside the entry's page: `page` answers the
   * address of that page (its route's path), from the validated entry.
   */
  bundles?: { page(entry: Entry): string };
}

/** Where a site's content lives, and the schema of each part. */
export interface ContentSpec {
  collections: Record<string, CollectionSpec>;
  /** JSON datasets in `data/<name>.json`, by name. */
  data: Record<string, z.ZodType>;
  /** The images folder under the content folder, published at `/images/`. */
  images: string;
}
