// What a page needs to know of each image to write its markup. No Node imports: templates and
// the islands' props are built from it.
import { mediaTypes, type RasterFormat } from './raster-formats.ts';

/** One published variant of an image, as markup names it. */
export interface VariantRef {
  url: string;
  width: number;
  format: RasterFormat;
}

/** An image of content/images as pages see it: its size, and for a raster image its variants. */
export interface ImageEntry {
  width: number;
  height: number;
  /** By format (best first, the `<img>` fallback last), then by width. Absent for SVG. */
  variants?: readonly VariantRef[];
}

/** The addresses a `<picture>` (or a plain `<img>`) is written with. */
export interface PictureSources {
  /** What `<img src>` loads: the widest variant in the fallback format, or the SVG itself. */
  src: string;
  /** The fallback format's variants, as `srcset` candidates with their widths. */
  srcSet?: string;
  /** One `<source>` per better format, best first. */
  sources?: { type: string; srcSet: string }[];
}

/** The sources of the image at `src`: the file itself for SVG, every variant for a raster image. */
export function pictureSources(src: string, entry: ImageEntry): PictureSources {
  if (!entry.variants || entry.variants.length === 0) return { src };
  const formats = [...new Set(entry.variants.map((variant) => variant.format))];
  const srcSetOf = (format: RasterFormat) =>
    entry
      .variants!.filter((v) => v.format === format)
      .map((v) => `${v.url} ${v.width}w`)
      .join(', ');
  const fallback = formats.at(-1)!;
  const widest = entry.variants.filter((variant) => variant.format === fallback).at(-1)!;
  return {
    src: widest.url,
    srcSet: srcSetOf(fallback),
    sources: formats.slice(0, -1).map((format) => ({ type: mediaTypes[format], srcSet: srcSetOf(format) })),
  };
}
