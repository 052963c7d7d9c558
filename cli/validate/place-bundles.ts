// Where the files of page bundles are published: beside the page of their entry, at the path the
// file has inside the bundle (`content/posts/launch/shots/run.png` beside `/blog/launch` is
// `/blog/launch/shots/run.png`), so a migrated post's images keep the addresses a Hugo site gave
// them. Front matter may name a file of its bundle by that relative path (`image: cover.png`);
// the entry is handed to the site's model with the file's address in its place.
import path from 'node:path';
import type { CollectionSpec, Entry } from '../config/content-spec.ts';
import { SiteError } from '../errors.ts';
import { isImageFile } from '../images/raster-formats.ts';
import type { LoadedBundle } from '../load/bundles.ts';
import type { ContentImages } from '../images/load-images.ts';
import { withoutTrailingSlash } from '../route/urls.ts';
import { locateFrontMatterField } from '../shared/locate-field.ts';

/** A page bundle of the build, its files at their addresses. */
export interface PlacedBundle {
  /** The entry's Markdown file (`<folder>/index.md`). */
  entry: string;
  folder: string;
  /** The address of the entry's page, as the collection's `bundles.page` gave it, without a trailing slash. */
  page: string;
  /** The address of each file of the bundle (images included), by its source path. */
  addresses: Map<string, string>;
  /** Files published as they are; an `attachment` as a download (load/bundle-files.ts). */
  files: { source: string; url: string; attachment?: true }[];
}

/** The bundles of a build's entries, with their images joined to the images folder's. */
export interface PlacedBundles {
  bundles: PlacedBundle[];
  images: ContentImages;
}

/**
 * Places the bundle of every entry of `collections` that has one, and puts the address of each
 * bundle file its front matter names in place of the name. Problems go to `errors`, each at its
 * file and line: a bundle file that could not be read, a front-matter path with no file beside
 * the entry, a page address the site could not give. (Two files published at one address are
 * refused when the build claims its paths: pipeline/claim-step.ts.)
 */
export function placeBundles(
  collections: Record<string, Entry[]>,
  specs: Record<string, CollectionSpec>,
  loaded: ReadonlyMap<string, LoadedBundle>,
  images: ContentImages,
  errors: SiteError[],
): PlacedBundles {
  const bundles: PlacedBundle[] = [];
  const svg = [...images.svg];
  const raster = [...images.raster];
  const warnings = [...images.warnings];
  for (const [name, entries] of Object.entries(collections)) {
    const spec = specs[name]?.bundles;
    if (!spec) continue;
    for (const [index, entry] of entries.entries()) {
      const bundle = entry.bundle && loaded.get(entry.bundle);
      if (!bundle) continue;
      errors.push(...bundle.problems);
      const page = pageOf(spec, entry, errors);
      if (page === undefined) continue;
      const base = page === '/' ? '' : page;
      const addresses = new Map<string, string>();
      for (const image of bundle.images.svg) svg.push({ ...image, url: `${base}${image.url}` });
      for (const image of bundle.images.raster) raster.push({ ...image, url: `${base}${image.url}` });
      for (const image of [...bundle.images.svg, ...bundle.images.raster])
        addresses.set(image.source, `${base}${image.url}`);
      const files = bundle.files.map((file) => ({
        source: file.source,
        url: `${base}/${file.path}`,
        ...(file.attachment ? { attachment: file.attachment } : {}),
      }));
      for (const file of files) addresses.set(file.source, file.url);
      warnings.push(...bundle.images.warnings);
      entries[index] = { ...entry, data: withBundleAddresses(entry, addresses, errors) };
      bundles.push({ entry: entry.file, folder: bundle.folder, page, addresses, files });
    }
  }
  return { bundles, images: { svg, raster, warnings } };
}

/** The address of an entry's page, as the site gives it; undefined (with the problem in `errors`) when it cannot. */
function pageOf(spec: NonNullable<CollectionSpec['bundles']>, entry: Entry, errors: SiteError[]): string | undefined {
  try {
    const page = spec.page(entry);
    if (typeof page === 'string' && page.startsWith('/')) return withoutTrailingSlash(page);
    errors.push(
      new SiteError({
        code: 'content.bundle-without-page',
        message: `the site gives this bundle's page as ${JSON.stringify(page)}, not a path starting with /`,
        hint: "Check the collection's `bundles.page` in the site definition.",
        file: entry.file,
      }),
    );
  } catch (error) {
    errors.push(
      new SiteError({
        code: 'content.bundle-without-page',
        message: `the site could not say where this bundle's page is: ${error instanceof Error ? error.message : String(error)}`,
        hint: "Check the collection's `bundles.page` in the site definition.",
        file: entry.file,
        cause: error,
      }),
    );
  }
  return undefined;
}

/** A relative path as front matter names a file beside the entry: `cover.png`, `./shots/run.png`. */
const relativeFilePath = /^(?:\.\/)?(?!\.\.?\/)[^\s:?#/\\][^\s:?#\\]*$/;

/**
 * The entry's data with each string that names a file of its bundle (by its path inside it)
 * replaced by the file's address. A relative path to an image that the bundle does not hold is
 * an error at its field: the author meant a file.
 */
function withBundleAddresses(
  entry: Entry,
  addresses: ReadonlyMap<string, string>,
  errors: SiteError[],
): Record<string, unknown> {
  const folder = entry.bundle!;
  const replace = (value: unknown, field: string): unknown => {
    if (typeof value === 'string') {
      if (!relativeFilePath.test(value)) return value;
      const source = path.join(folder, ...value.replace(/^\.\//, '').split('/'));
      const address = addresses.get(source);
      if (address) return address;
      if (isImageFile(value)) {
        errors.push(
          new SiteError({
            code: 'content.missing-image',
            message: `${field}: ${value} is not beside the post (in ${path.basename(folder)}/)`,
            hint: `Put the file in ${folder}, or name an image of content/images by its path (/images/…).`,
            file: entry.file,
            line: locateFrontMatterField(entry.frontMatterText, field),
          }),
        );
      }
      return value;
    }
    if (Array.isArray(value)) return value.map((item) => replace(item, field));
    if (value && typeof value === 'object' && !(value instanceof Date))
      return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, replace(child, field)]));
    return value;
  };
  return Object.fromEntries(Object.entries(entry.data).map(([key, value]) => [key, replace(value, key)]));
}
