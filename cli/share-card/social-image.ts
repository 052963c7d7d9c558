import path from 'node:path';
import { errorCatalogue } from '../error-catalogue.ts';
import { SiteError } from '../errors.ts';
import { loadSharp } from '../images/sharp-runtime.ts';
import { ContentFiles } from '../shared/read-content-file.ts';

// A page's own share picture (a post's `socialImage`, say). Social sites show PNG and JPEG (not
// SVG, and WebP or AVIF only on some), at 1.91:1; the picture is published fitted to 1200×630,
// cropped around its centre, in its own format.

/** What social sites ask for. */
const sharePictureSize = { width: 1200, height: 630 } as const;

/** Where a post names its picture, for errors at the front-matter line. */
export interface SocialImageSource {
  /** The site path the post gives: `/images/posts/a-card.png`. */
  url: string;
  socialImageAlt?: string;
  /** The post's file and the line of its `socialImage` field. */
  file: string;
  line: number;
}

/** The smallest picture social sites show as a large card. */
export const smallestSocialImage = { width: 600, height: 315 } as const;

/** Problems a post's `socialImage` has on its face: a format social sites do not show, no alt text. */
export function socialImageProblems(image: SocialImageSource): SiteError[] {
  const at = { file: image.file, line: image.line };
  const problems: SiteError[] = [];
  if (!/\.(png|jpe?g)$/i.test(image.url)) {
    problems.push(
      badSocialImage(
        `socialImage: ${image.url} is not a PNG or JPEG; social sites do not show ${path.extname(image.url).slice(1).toUpperCase()} previews`,
        at,
      ),
    );
  }
  if (!image.socialImageAlt) {
    problems.push(
      badSocialImage(
        'socialImageAlt: expected a description of the social image beside socialImage',
        at,
        'Add socialImageAlt: what the picture shows, read out to people who cannot see it.',
      ),
    );
  }
  return problems;
}

/** The picture's bytes, read from the content's images folder; a missing file is reported at the page's line. */
export function readSocialImage(image: SocialImageSource, imagesDir: string, contentDir: string): Buffer {
  const at = { file: image.file, line: image.line };
  const source = path.join(imagesDir, ...image.url.split('/').slice(2));
  try {
    return new ContentFiles(contentDir).readBytes(source, 'rasterImageBytes');
  } catch (error) {
    if (error instanceof SiteError && error.code === 'content.missing-file') {
      throw new SiteError({
        code: 'content.missing-image',
        message: errorCatalogue['content.missing-image'].message('socialImage', image.url),
        ...at,
      });
    }
    throw error instanceof SiteError
      ? new SiteError({ code: error.code, message: `socialImage: ${error.message}`, hint: error.hint, ...at })
      : error;
  }
}

/** Checks the bytes are a PNG or JPEG large enough, and fits them to 1200×630 in their own format. */
export async function fitSocialImage(bytes: Buffer, image: SocialImageSource): Promise<Buffer> {
  const at = { file: image.file, line: image.line };
  const sharp = await loadSharp();
  const header = await sharp(bytes)
    .metadata()
    .then(
      (meta) => meta,
      () => undefined,
    );
  if (!header || (header.format !== 'png' && header.format !== 'jpeg')) {
    throw badSocialImage(
      `socialImage: ${image.url} is not a readable PNG or JPEG file${header?.format ? ` (its content is ${header.format.toUpperCase()})` : ''}`,
      at,
    );
  }
  const { width = 0, height = 0 } = header;
  if (width < smallestSocialImage.width || height < smallestSocialImage.height) {
    throw badSocialImage(
      `socialImage: ${image.url} is ${width}×${height}; social sites need at least ${smallestSocialImage.width}×${smallestSocialImage.height}`,
      at,
    );
  }
  try {
    const fitted = sharp(bytes)
      .rotate()
      .resize({ ...sharePictureSize, fit: 'cover', position: 'centre' });
    return await (header.format === 'png' ? fitted.png() : fitted.jpeg({ quality: 85, mozjpeg: true })).toBuffer();
  } catch (error) {
    throw badSocialImage(`socialImage: ${image.url} could not be decoded: ${(error as Error).message}`, at);
  }
}

function badSocialImage(
  message: string,
  at: { file: string; line: number },
  hint = 'Point socialImage at a PNG or JPEG in content/images, ideally 1200×630 pixels.',
): SiteError {
  return new SiteError({ code: 'content.bad-social-image', message, hint, ...at });
}
