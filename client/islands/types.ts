/** An image with its intrinsic size, as islands receive it in their props. */
export interface SizedImage {
  src: string;
  alt: string;
  width: number;
  height: number;
}
