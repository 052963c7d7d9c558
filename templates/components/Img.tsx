import { useContext } from 'react';
import { pictureSources } from 'sitegen/site';
import Picture from './Picture.tsx';
import { LayoutScope, usePage, type PageContextValue } from './page-context.ts';

interface Props {
  /** A path in content/images: /images/posts/shot.png */
  src: string;
  /** What the image shows; empty only with `decorative`. */
  alt: string;
  /** The image only decorates: it is written with an empty alt and skipped by screen readers. */
  decorative?: boolean;
  /** How wide it is shown at each viewport width (see image-sizes.ts); for a raster image's `srcset`. */
  sizes?: string;
  /** `lazy` or `eager` whatever its place; by default the page's first large image loads first and every other one lazily. */
  loading?: 'lazy' | 'eager';
  className?: string;
  title?: string;
}

/** Intrinsic width from which an image counts as large: one that may be what a visitor sees first. */
const largeImageWidth = 300;

/** Pages whose first large image has been written, by page render. */
const pagesWithPriorityImage = new WeakSet<PageContextValue>();

/**
 * An image from content/images, the one component every image of a page goes through
 * (templates and Markdown bodies alike): SVG as an `<img>`, a raster image as a `<picture>` of
 * its AVIF, WebP and own-format variants. Always with its intrinsic width and height (no layout
 * shift) and async decoding. The first large image of the page (outside the shared layout) is
 * loaded at once with high priority; every other one lazily, unless `loading` says otherwise.
 */
export default function Img({ src, alt, decorative = false, sizes, loading, className, title }: Props) {
  const page = usePage();
  const inLayout = useContext(LayoutScope);
  const entry = page.images.get(src);
  if (!entry) throw new Error(`image ${src} is not in content/images`);
  if (!decorative && alt.trim() === '')
    throw new Error(`image ${src} has no alt text: describe it, or mark it decorative`);
  const priority =
    loading === undefined && !inLayout && entry.width >= largeImageWidth && !pagesWithPriorityImage.has(page);
  if (priority) pagesWithPriorityImage.add(page);
  const image = {
    ...pictureSources(src, entry),
    alt: decorative ? '' : alt,
    width: entry.width,
    height: entry.height,
    sizes,
  };
  return (
    <Picture
      image={image}
      loading={priority ? 'eager' : (loading ?? 'lazy')}
      fetchPriority={priority ? 'high' : undefined}
      className={className}
      title={title}
    />
  );
}
