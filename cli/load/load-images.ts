import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { SiteError, SiteErrorList } from '../errors.ts';
import { inputLimits } from './input-limits.ts';
import { ContentFiles, fileFailure } from './read-content-file.ts';

/** An image to copy into the output, with its intrinsic size. */
export interface SiteImage {
  url: string;
  source: string;
  width: number;
  height: number;
  contents: Buffer;
}

/**
 * Reads every SVG under content/images and takes its size from the root element's width and
 * height (or its viewBox), so templates can always write `width` and `height` on `img`.
 * Every `.svg` entry must be a regular file inside the content folder (by default the one
 * holding `folder`); a recursive listing does not enter linked folders.
 */
export async function loadImages(folder: string, files = new ContentFiles(path.dirname(folder))): Promise<SiteImage[]> {
  const sources = (await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []))
    .filter((entry) => entry.name.endsWith('.svg'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  const errors: SiteError[] = [];
  const images: SiteImage[] = [];
  for (const source of sources) {
    try {
      const contents = files.readBytes(source, inputLimits.imageBytes);
      const size = svgSize(contents.toString('utf8'));
      if (!size) errors.push(new SiteError({ code: 'content.image-size', message: 'SVG has no width/height or viewBox on its root element', hint: 'Add width and height attributes to the <svg> element.', file: source, line: 1 }));
      images.push({ url: `/images/${path.relative(folder, source).split(path.sep).join('/')}`, source, contents, width: size?.width ?? 0, height: size?.height ?? 0 });
    } catch (error) {
      errors.push(fileFailure(source, error));
    }
  }
  if (errors.length > 0) throw new SiteErrorList(errors);
  return images;
}

function svgSize(svg: string): { width: number; height: number } | undefined {
  // indexOf rather than one regex: `<svg[^>]*>` retried at each of many `<svg` without a `>` is quadratic.
  const start = svg.search(/<svg\b/i);
  const end = start === -1 ? -1 : svg.indexOf('>', start);
  if (end === -1) return undefined;
  const root = svg.slice(start, end + 1);
  const attribute = (name: string) => new RegExp(`\\s${name}="([\\d.]+)(px)?"`).exec(root)?.[1];
  const width = Number(attribute('width'));
  const height = Number(attribute('height'));
  if (width > 0 && height > 0) return { width: Math.round(width), height: Math.round(height) };
  const viewBox = /\sviewBox="[\d.-]+[\s,]+[\d.-]+[\s,]+([\d.]+)[\s,]+([\d.]+)"/.exec(root);
  return viewBox ? { width: Math.round(Number(viewBox[1])), height: Math.round(Number(viewBox[2])) } : undefined;
}
