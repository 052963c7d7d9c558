import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { appendFile, mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import sharp from 'sharp';
import { runCli } from '../helpers/cli.ts';
import { editFile } from '../helpers/content.ts';
import { copyProject } from '../helpers/project-copy.ts';

// The real `sitegen build` in a copy of the project with a cache of its own: after each kind of
// edit, the build that reuses the caches writes exactly what a build without any cache writes.

let root: string;
let cleanup: () => Promise<void>;
let runs = 0;

before(async () => {
  ({ root, cleanup } = await copyProject({ ownCache: true }));
});
after(() => cleanup());

const cacheDir = () => path.join(root, 'node_modules', '.cache', 'sitegen');
/** The caches a build reads and fills; the compiled CLI beside them is not one (it is named by the sources' hash). */
const buildCaches = ['markdown.json', 'bundle.json', 'images', 'share-cards', 'pages'];

interface Build {
  out: string;
  stdout: string;
  /** Pages rendered afresh, and pages in all, from the summary. */
  rendered: number;
  pages: number;
}

/** Runs the copy's own `sitegen build` (compiling its sources when they changed) into a new folder. */
async function sitegenBuild(args: string[] = [], env: Record<string, string> = {}): Promise<Build> {
  const out = path.join(root, 'outputs', `build-${++runs}`);
  const { code, stdout, stderr } = await runCli(['build', '--out', out, ...args], { project: root, env });
  assert.equal(code, 0, `build failed:\n${stdout}\n${stderr}`);
  const counts = /rendered (\d+) of (\d+) pages/.exec(stdout);
  assert.ok(counts, stdout);
  return { out, stdout, rendered: Number(counts[1]), pages: Number(counts[2]) };
}

/** A build with no cache at all: `--no-cache`, with the other caches (bundle, images, share cards) moved aside meanwhile. */
async function cleanBuild(env: Record<string, string> = {}): Promise<Build> {
  const aside = path.join(root, 'caches-aside');
  await mkdir(aside, { recursive: true });
  const moved: string[] = [];
  for (const name of buildCaches) {
    const ok = await rename(path.join(cacheDir(), name), path.join(aside, name)).then(() => true, () => false);
    if (ok) moved.push(name);
  }
  try {
    const build = await sitegenBuild(['--no-cache'], env);
    assert.equal(build.rendered, build.pages);
    for (const name of ['pages', 'markdown.json']) assert.equal(existsSync(path.join(cacheDir(), name)), false, `--no-cache leaves no ${name}`);
    return build;
  } finally {
    for (const name of buildCaches) await rm(path.join(cacheDir(), name), { recursive: true, force: true });
    for (const name of moved) await rename(path.join(aside, name), path.join(cacheDir(), name));
  }
}

/** Every file of a built folder, by path. */
async function filesOf(out: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of await readdir(out, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files.set(path.relative(out, path.join(entry.parentPath, entry.name)), await readFile(path.join(entry.parentPath, entry.name)));
  }
  return files;
}

async function assertSameOutput(actual: Build, expected: Build, what: string): Promise<void> {
  const [a, b] = await Promise.all([filesOf(actual.out), filesOf(expected.out)]);
  assert.deepEqual([...a.keys()].sort(), [...b.keys()].sort(), `${what}: the same files`);
  const differing = [...a].filter(([file, bytes]) => !bytes.equals(b.get(file)!)).map(([file]) => file);
  assert.deepEqual(differing, [], `${what}: every file byte for byte the same`);
}

/** Builds with the caches and without any; both outputs must be the same. Returns the incremental build. */
async function assertIncrementalIsClean(what: string, env: Record<string, string> = {}): Promise<Build> {
  const incremental = await sitegenBuild([], env);
  await assertSameOutput(incremental, await cleanBuild(env), what);
  return incremental;
}

const file = (...parts: string[]) => path.join(root, ...parts);

test('after each kind of edit, the incremental build writes what a build without caches writes', { timeout: 60 * 60_000 }, async () => {
  const first = await sitegenBuild();
  assert.equal(first.rendered, first.pages, 'a first build renders every page');
  const unchanged = await assertIncrementalIsClean('nothing changed');
  assert.equal(unchanged.rendered, 0, 'an unchanged rebuild renders no page');
  assert.match(unchanged.stdout, new RegExp(`rendered 0 of ${unchanged.pages} pages`));

  await editFile(file('content', 'posts', 'ai-powered-bug-reports.md'), /^## /m, 'A paragraph added to the body.\n\n## ');
  assert.equal((await assertIncrementalIsClean('a post body')).rendered, 1, 'a body edit renders its page alone');

  await editFile(file('content', 'posts', 'ai-powered-bug-reports.md'), /^title: .*$/m, 'title: "AI-Powered Bug Reports, Retitled"');
  await assertIncrementalIsClean('a post’s front matter');

  await editFile(file('content', 'data', 'blog.json'), /"intro": "[^"]*"/, '"intro": "Notes from the field, edited."');
  await assertIncrementalIsClean('a dataset');

  await editFile(file('templates', 'components', 'Footer.tsx'), 'className="container footer-grid"', 'className="container footer-grid footer-grid-edited"');
  await assertIncrementalIsClean('a component');

  await editFile(file('client', 'islands', 'TestimonialCarousel.tsx'), 'className="carousel-slide"', 'className="carousel-slide carousel-slide-edited"');
  await assertIncrementalIsClean('an island');

  await appendFile(file('templates', 'styles', 'base.css'), '\n.edited-rule { color: #123456; }\n');
  await assertIncrementalIsClean('a stylesheet');

  const image = file('content', 'images', 'posts', 'bug-report-checkout-discount.png');
  const resized = await sharp(image).resize({ width: 640 }).png().toBuffer();
  await rm(image);
  await sharp(resized).toFile(image);
  await assertIncrementalIsClean('an image');

  await editFile(file('content', 'data', 'site.json'), /"footerTagline": "[^"]*"/, '"footerTagline": "Quality assurance, edited."');
  await assertIncrementalIsClean('site.json');

  await assertIncrementalIsClean('an environment override', { SITE_URL: 'https://staging.checkpointqa.com' });
  await assertIncrementalIsClean('the override removed again');

  await editFile(file('cli', 'render', 'render-page.tsx'), 'html: `<!DOCTYPE html>${body}`', 'html: `<!doctype html>${body}`');
  const generator = await assertIncrementalIsClean('the generator itself');
  assert.equal(generator.rendered, generator.pages, 'another generator renders every page');

  const before = await sitegenBuild();
  assert.equal(before.rendered, 0);
  await rm(cacheDir(), { recursive: true, force: true });
  const afterDeleting = await sitegenBuild();
  assert.equal(afterDeleting.rendered, afterDeleting.pages);
  await assertSameOutput(afterDeleting, before, 'with the cache folder deleted');
});
