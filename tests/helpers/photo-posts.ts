// An image-heavy blog for the scale benchmark, like a real engineering blog: realistic posts
// (realistic-posts.ts), each a page bundle with a photo of 1,600–2,400 px beside it that its body
// shows, and one post in ten with an animated GIF too. Every picture is made with sharp from the
// post's number and a seeded generator, so the same count gives the same files, byte for byte.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { mulberry32, realisticPosts } from './realistic-posts.ts';

/** What the corpus holds. */
export interface PhotoCorpus {
  photos: number;
  animations: number;
  /** Bytes of every picture written. */
  bytes: number;
}

/** Side of the square of film grain tiled over a photo: random enough that no encoder sees it repeat. */
const grainTile = 509;

/**
 * A photo-like JPEG of `width` × `height`: soft coloured shapes, blurred, under film grain, all
 * drawn from `seed`.
 */
export async function seededPhoto(seed: number, width: number, height: number): Promise<Buffer> {
  const random = mulberry32(seed);
  const circles = Array.from({ length: 24 }, () => {
    const hue = Math.floor(random() * 360);
    return `<circle cx="${Math.floor(random() * width)}" cy="${Math.floor(random() * height)}" r="${Math.floor(width / 12 + random() * (width / 5))}" fill="hsl(${hue},55%,${35 + Math.floor(random() * 4) * 10}%)" fill-opacity="0.7"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="hsl(${Math.floor(random() * 360)},35%,55%)"/>${circles}</svg>`;
  const grain = Buffer.alloc(grainTile * grainTile * 3);
  for (let i = 0; i < grain.length; i++) grain[i] = 128 + Math.round((random() + random() + random() - 1.5) * 40);
  const scene = await sharp(Buffer.from(svg)).blur(6).removeAlpha().png({ compressionLevel: 0 }).toBuffer();
  return sharp(scene)
    .composite([
      { input: grain, raw: { width: grainTile, height: grainTile, channels: 3 }, tile: true, blend: 'overlay' },
    ])
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** An animated GIF of 480 × 270, eight frames of a shape crossing a coloured field, drawn from `seed`. */
export async function seededAnimation(seed: number): Promise<Buffer> {
  const random = mulberry32(seed);
  const [width, height, frames] = [480, 270, 8];
  const hue = Math.floor(random() * 360);
  const pages = await Promise.all(
    Array.from({ length: frames }, (_, frame) =>
      sharp(
        Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="hsl(${hue},40%,85%)"/><rect x="${20 + frame * 52}" y="${90 + Math.round(Math.sin(frame) * 40)}" width="80" height="80" rx="12" fill="hsl(${(hue + 180) % 360},60%,40%)"/><text x="24" y="40" font-size="24" font-family="sans-serif">step ${frame + 1}</text></svg>`,
        ),
      )
        .png()
        .toBuffer(),
    ),
  );
  return sharp(pages, { join: { animated: true } })
    .gif({ delay: 120 })
    .toBuffer();
}

/**
 * Replaces the posts of a content folder with `count` realistic posts as page bundles, each with
 * its photo (`photo.jpg`, shown after the first paragraph) and every tenth with `steps.gif` too.
 */
export async function replacePostsWithPhotoPosts(contentDir: string, count: number): Promise<PhotoCorpus> {
  const posts = await realisticPosts(contentDir, count);
  const folder = path.join(contentDir, 'posts');
  for (const name of await readdir(folder).catch(() => [])) await rm(path.join(folder, name), { recursive: true });
  const corpus: PhotoCorpus = { photos: 0, animations: 0, bytes: 0 };
  // Two at a time: sharp draws each on its own threads.
  for (let start = 0; start < posts.length; start += 2) {
    await Promise.all(
      posts.slice(start, start + 2).map(async (post) => {
        const bundle = path.join(folder, post.slug);
        await mkdir(bundle, { recursive: true });
        const width = 1600 + ((post.index * 137) % 801);
        const photo = await seededPhoto(post.index, width, Math.round((width * 2) / 3));
        await writeFile(path.join(bundle, 'photo.jpg'), photo);
        corpus.photos += 1;
        corpus.bytes += photo.length;
        const figures = [`![A photograph from the team's week, number ${post.index}](photo.jpg)`];
        if (post.index % 10 === 0) {
          const animation = await seededAnimation(post.index);
          await writeFile(path.join(bundle, 'steps.gif'), animation);
          corpus.animations += 1;
          corpus.bytes += animation.length;
          figures.push(`![The steps of the fix, one by one](steps.gif)`);
        }
        const bodyStart = post.text.indexOf('\n---\n', 4) + 5;
        const firstBreak = post.text.indexOf('\n\n', post.text.indexOf('\n\n', bodyStart) + 2);
        const text = `${post.text.slice(0, firstBreak)}\n\n${figures.join('\n\n')}${post.text.slice(firstBreak)}`;
        await writeFile(path.join(bundle, 'index.md'), text);
      }),
    );
  }
  return corpus;
}
