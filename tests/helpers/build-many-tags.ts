// Builds the marketing site with its posts replaced by `posts` synthetic ones, each with
// `tagsPerPost` tags of its own (so posts × tagsPerPost distinct tags), into a temporary folder,
// and prints what it wrote as one JSON line: run in a process of its own, with a bounded heap,
// by tests/slow/many-tags.ts. Share pictures are left out: drawing one per tag page is a
// constant cost per page, and would be most of the test's time.
//   node --max-old-space-size=768 --import tsx tests/helpers/build-many-tags.ts <posts> <tagsPerPost>
import { cp, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Cache } from '../../cli/cache/cache.ts';
import { buildSite } from '../../cli/pipeline/build-site.ts';
import { DiskWriter } from '../../cli/write/writers.ts';
import { projectRoot } from './content.ts';
import { buildDate } from './real-build.ts';
import { realSite } from './real-site.ts';
import { loadedSite } from './sites.ts';
import { replacePostsWithSynthetic } from './synthetic-posts.ts';

/** What the child reports. */
export interface ManyTagsBuild {
  timings: Record<string, number>;
  pages: number;
  files: number;
  /** Bytes of every file written. */
  bytes: number;
  /** The largest page, and its size in bytes. */
  largest: { file: string; bytes: number };
  /** Peak resident memory of the process, in bytes. */
  peakRss: number;
  /** Pages of the output, by path, that the test reads. */
  read: Record<string, string>;
}

const [posts, tagsPerPost] = process.argv.slice(2).map(Number);
const dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-many-tags-'));
try {
  const content = path.join(dir, 'content');
  await cp(path.join(projectRoot, 'content'), content, { recursive: true });
  await replacePostsWithSynthetic(content, posts!);
  // Short bodies: what grows with the tags is the lists, not the posts' text.
  for (let index = 0; index < posts!; index++) {
    const file = path.join(content, 'posts', `synthetic-post-${index}.md`);
    const tags = Array.from({ length: tagsPerPost! }, (_, tag) => JSON.stringify(`Topic ${index}-${tag}`)).join(', ');
    const frontMatter = (await readFile(file, 'utf8')).split('\n---\n')[0]!.replace(/^tags: .*$/m, `tags: [${tags}]`);
    await writeFile(file, `${frontMatter}\n---\n\nPost ${index} of a blog with many tags.\n`);
  }
  const out = path.join(dir, 'dist');
  const site = loadedSite({ ...realSite.definition, shareCard: undefined }, realSite.file);
  const result = await buildSite({
    root: projectRoot,
    site,
    contentDir: content,
    writer: new DiskWriter(out),
    cache: new Cache(undefined),
    now: buildDate,
    markdownThreads: 1,
    imageConcurrency: 1,
  });
  let bytes = 0;
  let largest = { file: '', bytes: 0 };
  let files = 0;
  for (const entry of await readdir(out, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const size = (await stat(file)).size;
    files++;
    bytes += size;
    if (file.endsWith('.html') && size > largest.bytes) largest = { file: path.relative(out, file), bytes: size };
  }
  const read: Record<string, string> = {};
  for (const file of [
    'blog/index.html',
    'blog/tags/index.html',
    'blog/tags/page/2/index.html',
    'blog/tags/topic-0-0/index.html',
    'blog/tags/topic-199-49/index.html',
  ]) {
    read[file] = await readFile(path.join(out, file), 'utf8').catch(() => '');
  }
  const report: ManyTagsBuild = {
    timings: result.timings,
    pages: result.pages.length,
    files,
    bytes,
    largest,
    peakRss: process.resourceUsage().maxRSS * 1024,
    read,
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
