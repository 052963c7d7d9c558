import type { ImgHTMLAttributes } from 'react';
import { usePage } from './page-context.ts';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt'> & { src: string; alt: string };

/** An image from content/images, always with its intrinsic width and height (no layout shift). */
export default function Img({ src, alt, loading = 'lazy', ...rest }: Props) {
  const { images } = usePage();
  const size = images.get(src);
  if (!size) throw new Error(`image ${src} is not in content/images`);
  return <img src={src} alt={alt} width={size.width} height={size.height} loading={loading} decoding="async" {...rest} />;
}
