// The part of a site definition that says where the site's content lives and the schema of each
// part, and the shapes the engine hands the site's model: the content as read, then as validated.
import type { z } from 'zod';
import type { SiteError } from '../errors.ts';
import type { OriginIndex } from '../shared/link-origins.ts';
import type { FieldPath } from '../shared/locate-field.ts';

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

/** A Markdown file split into front matter and body, with where the body starts. */
export interface RawMarkdown {
  file: string;
  source: string;
  frontMatter: Record<string, unknown>;
  /** YAML text between the fences, for locating fields. */
  frontMatterText: string;
  body: string;
  /** 1-based line of the first body line in the file. */
  bodyLine: number;
  /** The folder of a page bundle whose `index.md` this is. */
  bundle?: string;
}

/** A JSON dataset with its text kept for locating fields. */
export interface RawJson {
  name: string;
  file: string;
  source: string;
  value: unknown;
}

/** Everything read from the content folder, before validation. */
export interface RawContent {
  root: string;
  /** The Markdown files of each collection, sorted by name. */
  collections: Record<string, RawMarkdown[]>;
  /** The datasets, by name. */
  data: Map<string, RawJson>;
}

/** An entry of a collection whose front matter passed its schema. */
export interface Entry<Data = Record<string, unknown>> {
  file: string;
  /** The entry's name: its file's without `.md`, or a page bundle's folder name. */
  name: string;
  data: Data;
  body: string;
  /** 1-based line of the body's first line in the file. */
  bodyLine: number;
  /** The YAML between the fences, for locating fields. */
  frontMatterText: string;
  /** A dated entry's date (see `CollectionSpec.dated`). */
  date?: Date;
  draft?: boolean;
  /** The folder of a page bundle (`<name>/index.md` and the files it uses). */
  bundle?: string;
  /** The front matter's `extra` mapping: keys kept from elsewhere (another generator's), never validated or shown. */
  extra?: Record<string, unknown>;
}

/** The validated content a site builds its model from. */
export interface LoadedContent {
  root: string;
  raw: RawContent;
  /**
   * Each collection's entries; a dated collection's newest first, without drafts and future entries
   * unless asked for.
   */
  collections: Record<string, Entry[]>;
  /** Each dataset as its schema parsed it, by name. */
  data: Record<string, unknown>;
  /** Where each dataset object with a link was written (link-origins.ts). */
  origins: OriginIndex;
  /**
   * Problems of the drafts this build leaves out (no `--drafts`): reported as warnings, as they
   * stop no page from being built. With `--drafts` they are errors like any other entry's.
   */
  draftWarnings: SiteError[];
  /** The drafts this build leaves out, as read: their bodies are checked for warnings. */
  draftsLeftOut: RawMarkdown[];
  /** A located error about a field of a dataset or of an entry's front matter. */
  fieldError(
    where: { dataset: string } | { file: string },
    field: FieldPath,
    code: SiteError['code'],
    message: string,
    hint?: string,
  ): SiteError;
}
