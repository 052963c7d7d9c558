import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { SiteError, SiteErrorList } from '../errors.ts';

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
 */
export async function loadImages(folder: string): Promise<SiteImage[]> {
  const files = (await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []))
    .filter((entry) => entry.isFile() && entry.name.endsWith('.svg'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  const errors: SiteError[] = [];
  const images = await Promise.all(files.map(async (source) => {
    const contents = await readFile(source);
    const size = svgSize(contents.toString('utf8'));
    if (!size) errors.push(new SiteError({ code: 'content.image-size', message: 'SVG has no width/height or viewBox on its root element', hint: 'Add width and height attributes to the <svg> element.', file: source, line: 1 }));
    return { url: `/images/${path.relative(folder, source).split(path.sep).join('/')}`, source, contents, width: size?.width ?? 0, height: size?.height ?? 0 };
  }));
  if (errors.length > 0) throw new SiteErrorList(errors);
  return images;
}

function svgSize(svg: string): { width: number; height: number } | undefined {
  const root = /<svg\b[^>]*>/i.exec(svg)?.[0];
  if (!root) return undefined;
  const attribute = (name: string) => new RegExp(`\\s${name}="([\\d.]+)(px)?"`).exec(root)?.[1];
  const width = Number(attribute('width'));
  const height = Number(attribute('height'));
  if (width > 0 && height > 0) return { width: Math.round(width), height: Math.round(height) };
  const viewBox = /\sviewBox="[\d.-]+[\s,]+[\d.-]+[\s,]+([\d.]+)[\s,]+([\d.]+)"/.exec(root);
  return viewBox ? { width: Math.round(Number(viewBox[1])), height: Math.round(Number(viewBox[2])) } : undefined;
}
