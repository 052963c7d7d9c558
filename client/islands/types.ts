import type { PictureImage } from '../../templates/components/Picture.tsx';

/** An image with its intrinsic size (and a raster image's variants), as islands receive it in their props and render it with Picture. */
export type SizedImage = PictureImage;
