import sharp from 'sharp';

/** A photo-like image: noise over a gradient, so it compresses like a photograph. */
export async function photo(
  width: number,
  height: number,
  format: 'jpeg' | 'png' | 'webp' | 'avif' = 'jpeg',
): Promise<Buffer> {
  const noise = await sharp({
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .png()
    .toBuffer();
  return sharp(noise)
    .blur(1.5)
    .toFormat(format, format === 'jpeg' ? { quality: 85 } : {})
    .toBuffer();
}

/** A flat image of one colour, the cheapest to make. */
export function flat(width: number, height: number, format: 'jpeg' | 'png' | 'gif' | 'tiff' = 'png'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#4f46e5' } })
    .toFormat(format)
    .toBuffer();
}

/** An animated GIF of `frames` frames of alternating colours. */
export async function animatedGif(width: number, height: number, frames = 3): Promise<Buffer> {
  const colours = ['#4f46e5', '#f59e0b', '#22c55e'];
  const pages = await Promise.all(
    Array.from({ length: frames }, (_, i) =>
      sharp({ create: { width, height, channels: 3, background: colours[i % 3]! } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(pages, { join: { animated: true } })
    .gif({ delay: 100 })
    .toBuffer();
}

/** A JPEG whose EXIF says to turn it a quarter turn clockwise (orientation 6) before showing it. */
export async function sidewaysJpeg(width: number, height: number): Promise<Buffer> {
  return sharp(await photo(width, height))
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

/** The first `fraction` of a file's bytes, as a download cut short leaves it. */
export function truncated(bytes: Buffer, fraction = 0.5): Buffer {
  return bytes.subarray(0, Math.floor(bytes.length * fraction));
}
