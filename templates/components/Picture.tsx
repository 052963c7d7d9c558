import type { PictureSources } from 'sitegen/site';

/** An image ready for markup: its sources, alt text, intrinsic size and the `sizes` of the place it is shown in. */
export interface PictureImage extends PictureSources {
  alt: string;
  width: number;
  height: number;
  /** How wide the image is shown at each viewport width (the `sizes` attribute); only used with variants. */
  sizes?: string;
}

export interface PictureProps {
  image: PictureImage;
  loading?: 'lazy' | 'eager';
  fetchPriority?: 'high' | 'low' | 'auto';
  className?: string;
  title?: string;
}

/**
 * The markup of one image: a plain `<img>` for SVG, or a `<picture>` offering AVIF and WebP
 * before the fallback `<img>` for a raster image, every format with all its widths. Always with
 * width and height, so the page keeps its layout while the image loads. No hooks: templates
 * (through Img) and islands render it alike.
 */
export default function Picture({ image, loading = 'lazy', fetchPriority, className, title }: PictureProps) {
  const sizes = image.srcSet ? (image.sizes ?? '100vw') : undefined;
  const img = (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={sizes}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={loading}
      decoding="async"
      fetchPriority={fetchPriority}
      className={className}
      title={title}
    />
  );
  if (!image.sources || image.sources.length === 0) return img;
  return (
    <picture>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
