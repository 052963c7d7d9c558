import type { Sharp, SharpOptions } from 'sharp';
import { inputLimits } from '../input-limits.ts';
import { corruptImage } from './image-errors.ts';
import { encoderOptions } from './encode-options.ts';
import { loadSharp } from './sharp-runtime.ts';
import type { ImagePlan, ImageVariant } from './variant-plan.ts';

/** Receives each variant as soon as it is encoded. */
export type OnVariant = (variant: ImageVariant, bytes: Buffer) => Promise<void>;

/**
 * Encodes the `wanted` variants of one image from its bytes. A still image is decoded once, at
 * the widest width wanted and turned upright by its EXIF orientation; each variant is resized
 * from those pixels to its planned size exactly. An animation is resized frame by frame, once
 * per variant. Metadata (EXIF, GPS position, comments) is never copied into a variant.
 * A file that cannot be decoded, a truncated one included, is an `image.corrupt` error.
 */
export async function encodeVariants(
  plan: ImagePlan,
  bytes: Buffer,
  wanted: ImageVariant[],
  onVariant: OnVariant,
): Promise<void> {
  const sharp = await loadSharp();
  const { image } = plan;
  const input: SharpOptions = { failOn: 'truncated', limitInputPixels: inputLimits.rasterImageSide ** 2 };
  const encode = async (pipeline: Sharp, variant: ImageVariant) => {
    const options = encoderOptions(variant.format, image.format);
    return decoded(image.source, pipeline.toFormat(variant.format, options).toBuffer());
  };
  if (image.animated) {
    for (const variant of wanted) {
      const pipeline = sharp(bytes, { ...input, limitInputPixels: inputLimits.animationPixels, animated: true }).resize(
        { width: variant.width },
      );
      await onVariant(variant, await encode(pipeline, variant));
    }
    return;
  }
  const widest = Math.max(...wanted.map((variant) => variant.width));
  const pixels = await decoded(
    image.source,
    sharp(bytes, input)
      .rotate()
      .resize({ width: widest, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true }),
  );
  const { width, height, channels } = pixels.info;
  for (const variant of wanted) {
    const pipeline = sharp(pixels.data, { raw: { width, height, channels } }).resize({
      width: variant.width,
      height: variant.height,
      fit: 'fill',
    });
    await onVariant(variant, await encode(pipeline, variant));
  }
}

/** The result of a sharp call, or `image.corrupt` naming the file when libvips cannot decode it. */
async function decoded<T>(file: string, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw corruptImage(file, error instanceof Error ? error.message : String(error), error);
  }
}
