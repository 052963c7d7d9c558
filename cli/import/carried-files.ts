// Which files of a source post come along into its new folder: the bundle's files the build can read, and its cover
// image.
import path from 'node:path';
import { SiteError } from '../errors.ts';
import { isImageFile, rasterFormatOf, unsupportedImageExtensions } from '../images/raster-formats.ts';
import { bundleFileKind } from '../load/bundle-files.ts';
import { isInside } from '../shared/guarded-read.ts';
import type { ByteLimit } from '../input-limits.ts';
import type { ContentFiles } from '../shared/read-content-file.ts';
import { placeFile } from './body-references.ts';
import type { SourcePost, SourceScan } from './scan-source.ts';

/** The byte limit a file of a bundle is checked against, as the build checks it. */
export function limitOf(file: string): ByteLimit {
  return path.extname(file).toLowerCase() === '.svg'
    ? 'imageBytes'
    : rasterFormatOf(file)
      ? 'rasterImageBytes'
      : 'bundleFileBytes';
}

/**
 * Why a file of a bundle cannot come along, or undefined when it can: an image the build does
 * not read, a kind of file a post does not publish (a script beside the post: the bundle's
 * allow-list, cli/load/bundle-files.ts, with the kinds the site adds), a file over its limit.
 */
export function bundleFileProblem(
  file: string,
  files: ContentFiles,
  attachments: ReadonlySet<string>,
): string | undefined {
  if (unsupportedImageExtensions.includes(path.extname(file).toLowerCase()))
    return 'an image format the build does not read: export it as PNG or JPEG';
  const kind = isImageFile(file) ? 'image' : bundleFileKind(file, attachments);
  if (kind instanceof SiteError) return kind.message;
  try {
    files.check(file, limitOf(file));
    return undefined;
  } catch (error) {
    return error instanceof SiteError ? `${error.message}: ${error.hint ?? ''}`.trim() : String(error);
  }
}

/**
 * The cover image's path in the new folder, once the file is planned to come along: a relative
 * path is looked for beside the post, a root-relative one (`/images/x.png`) where old sites kept
 * published files. An image on another host, or one not found, is not carried.
 */
export function coverImage(
  written: string | undefined,
  post: SourcePost,
  scan: SourceScan,
  copies: Map<string, string>,
  base: string,
  notCarried: string[],
): string | undefined {
  if (written === undefined) return undefined;
  if (/^(?:https?:)?\/\//i.test(written)) {
    notCarried.push(
      `the cover image ${written} is on another host: download it into the post's folder and name it in image:`,
    );
    return undefined;
  }
  const decoded = safeDecode(written.split(/[?#]/)[0]!);
  const candidates = decoded.startsWith('/')
    ? scan.site.publishedFolders.map((folder) => path.join(scan.root, folder, decoded))
    : [path.resolve(path.dirname(post.file), decoded)];
  const found = candidates.find((file) => scan.files.has(file) && isInside(scan.root, file));
  if (!found || !isImageFile(found)) {
    notCarried.push(
      `the cover image ${written} is ${found ? 'not an image the build publishes' : 'not in the source folder'}`,
    );
    return undefined;
  }
  return placeFile(copies, found, base);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
