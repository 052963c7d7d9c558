import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import sharp from 'sharp';
import { SiteError } from '../../cli/errors.ts';
import { fitSocialImage, readSocialImage, type SocialImageSource } from '../../cli/share-card/social-image.ts';
import { tinyContent } from '../helpers/tiny-content.ts';

let content: string;
let cleanup: () => Promise<void>;

before(async () => {
  ({ content, cleanup } = await tinyContent());
  await mkdir(path.join(content, 'images', 'posts'), { recursive: true });
});
after(() => cleanup());

/** Where the tiny site's images are, and what they may be read from. */
const read = (image: SocialImageSource) => readSocialImage(image, path.join(content, 'images'), content);
const source = (url: string): SocialImageSource => ({
  url,
  socialImageAlt: 'A picture',
  file: path.join(content, 'posts', 'hello.md'),
  line: 9,
});

async function picture(
  name: string,
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'webp',
  background = '#e11d48',
): Promise<void> {
  const image = sharp({ create: { width, height, channels: 3, background } });
  await writeFile(path.join(content, 'images', 'posts', name), await image.toFormat(format).toBuffer());
}

function assertLocated(error: unknown, code: string): true {
  assert.ok(error instanceof SiteError);
  assert.equal(error.code, code);
  assert.deepEqual([error.file, error.line], [path.join(content, 'posts', 'hello.md'), 9]);
  return true;
}

test("fits a post's JPEG to a 1200×630 JPEG of the same picture", async () => {
  await picture('launch.jpg', 1600, 1000, 'jpeg');
  const fitted = await fitSocialImage(read(source('/images/posts/launch.jpg')), source('/images/posts/launch.jpg'));
  const meta = await sharp(fitted).metadata();
  assert.deepEqual([meta.format, meta.width, meta.height], ['jpeg', 1200, 630]);
  const { dominant } = await sharp(fitted).stats();
  assert.ok(dominant.r > 200 && dominant.g < 60, `the picture's own red (${JSON.stringify(dominant)})`);
});

test('keeps a PNG a PNG', async () => {
  await picture('launch.png', 1200, 630, 'png');
  const meta = await sharp(
    await fitSocialImage(read(source('/images/posts/launch.png')), source('/images/posts/launch.png')),
  ).metadata();
  assert.deepEqual([meta.format, meta.width, meta.height], ['png', 1200, 630]);
});

test('a socialImage with no file is content.missing-image at the post line', () => {
  assert.throws(
    () => read(source('/images/posts/nowhere.png')),
    (error) => assertLocated(error, 'content.missing-image'),
  );
});

test('a WebP named .png is content.bad-social-image at the post line', async () => {
  await picture('disguised.png', 1200, 630, 'webp');
  const bytes = read(source('/images/posts/disguised.png'));
  await assert.rejects(fitSocialImage(bytes, source('/images/posts/disguised.png')), (error) =>
    assertLocated(error, 'content.bad-social-image'),
  );
});

test('a picture too small for a large card is content.bad-social-image', async () => {
  await picture('tiny.png', 300, 200, 'png');
  const bytes = read(source('/images/posts/tiny.png'));
  await assert.rejects(
    fitSocialImage(bytes, source('/images/posts/tiny.png')),
    (error) => assertLocated(error, 'content.bad-social-image') && /300×200/.test((error as Error).message),
  );
});

test('a truncated file is content.bad-social-image', async () => {
  await picture('whole.jpg', 1200, 630, 'jpeg');
  const whole = read(source('/images/posts/whole.jpg'));
  await assert.rejects(
    fitSocialImage(whole.subarray(0, Math.floor(whole.length / 2)), source('/images/posts/whole.jpg')),
    (error) => assertLocated(error, 'content.bad-social-image'),
  );
});
