// Incremental equals clean, exhaustively, on the real site through the real `sitegen build`: in a
// copy of the project with a cache of its own, after each kind of edit (a post's prose and front
// matter, datasets, a component, an island, the stylesheet, an image, an environment override,
// the engine itself), the build that reuses the cache writes exactly what `--no-cache` writes.
// Two builds of the whole site per edit, each through a fresh CLI process: minutes, so it is not
// part of `npm test` (tests/cache/incremental.test.ts samples the same on the tiny site in
// seconds). Run it with `npm run test:slow`.
import assert from 'node:assert/strict';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, appendFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import sharp from 'sharp';
import { runCli } from '../helpers/cli.ts';
import { editFile, projectRoot } from '../helpers/content.ts';
import { assertSameOutput } from '../helpers/build-output.ts';

let root: string;
let runs = 0;

/**
 * A copy of the project's sources and site that the test edits freely. Its node_modules links
 * each package of the project's, but its `.cache` is its own; its engine is compiled into its
 * own lib/ by its own launcher.
 */
before(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'sitegen-exhaustive-'));
  for (const entry of ['cli', 'client', 'templates', 'content', 'sitegen.config.ts', 'tsconfig.json', 'package.json']) {
    await cp(path.join(projectRoot, entry), path.join(root, entry), { recursive: true });
  }
  const modules = path.join(projectRoot, 'node_modules');
  await mkdir(path.join(root, 'node_modules'));
  for (const name of await readdir(modules)) {
    if (name !== '.cache') await symlink(path.join(modules, name), path.join(root, 'node_modules', name));
  }
});
after(() => rm(root, { recursive: true, force: true }));

const cacheDir = () => path.join(root, 'node_modules', '.cache', 'sitegen');

interface Build {
  out: string;
  stdout: string;
  /** Pages rendered afresh, and pages in all, from the summary. */
  rendered: number;
  pages: number;
}

/** Runs the copy's own `sitegen build` (compiling its engine when a source changed) into a new folder. */
async function sitegenBuild(args: string[] = [], env: Record<string, string> = {}): Promise<Build> {
  const out = path.join(root, 'outputs', `build-${++runs}`);
  const { code, stdout, stderr } = await runCli(['build', '--out', out, ...args], { project: root, env });
  assert.equal(code, 0, `build failed:\n${stdout}\n${stderr}`);
  const counts = /rendered (\d+) of (\d+) pages/.exec(stdout);
  assert.ok(counts, stdout);
  return { out, stdout, rendered: Number(counts[1]), pages: Number(counts[2]) };
}

/** Every file under the cache folder with its size and modification time. */
async function cacheListing(): Promise<string[]> {
  const entries = await readdir(cacheDir(), { recursive: true, withFileTypes: true }).catch(() => []);
  return Promise.all(
    entries.map(async (entry) => {
      const file = path.join(entry.parentPath, entry.name);
      const info = await stat(file);
      return `${path.relative(cacheDir(), file)} ${info.size} ${info.mtimeMs}`;
    }),
  ).then((lines) => lines.sort());
}

/** A build with `--no-cache`: it renders every page, and leaves the cache folder as it was. */
async function cleanBuild(env: Record<string, string> = {}): Promise<Build> {
  const before = await cacheListing();
  const build = await sitegenBuild(['--no-cache'], env);
  assert.equal(build.rendered, build.pages);
  assert.deepEqual(await cacheListing(), before, '--no-cache neither writes nor touches the cache');
  return build;
}

/** Builds with the cache and without; both outputs must be the same. Returns the build with the cache. */
async function assertIncrementalIsClean(what: string, env: Record<string, string> = {}): Promise<Build> {
  const incremental = await sitegenBuild([], env);
  await assertSameOutput(incremental.out, (await cleanBuild(env)).out, what);
  return incremental;
}

const file = (...parts: string[]) => path.join(root, ...parts);

test(
  'after each kind of edit, the incremental build writes what a build without caches writes',
  { timeout: 60 * 60_000 },
  async () => {
    const first = await sitegenBuild();
    assert.equal(first.rendered, first.pages, 'a first build renders every page');
    const unchanged = await assertIncrementalIsClean('nothing changed');
    assert.equal(unchanged.rendered, 0, 'an unchanged rebuild renders no page');
    assert.match(unchanged.stdout, new RegExp(`rendered 0 of ${unchanged.pages} pages`));

    await editFile(
      file('content', 'posts', 'ai-powered-bug-reports.md'),
      /^## /m,
      'A paragraph added to the body.\n\n## ',
    );
    assert.equal((await assertIncrementalIsClean('a post body')).rendered, 1, 'a body edit renders its page alone');

    await editFile(
      file('content', 'posts', 'ai-powered-bug-reports.md'),
      /^title: .*$/m,
      'title: "AI-Powered Bug Reports, Retitled"',
    );
    await assertIncrementalIsClean('a post’s front matter');

    await editFile(
      file('content', 'data', 'blog.json'),
      /"intro": "[^"]*"/,
      '"intro": "Notes from the field, edited."',
    );
    await assertIncrementalIsClean('a dataset');

    await editFile(
      file('templates', 'components', 'Footer.tsx'),
      'className="container footer-grid"',
      'className="container footer-grid footer-grid-edited"',
    );
    const component = await assertIncrementalIsClean('a component');
    assert.equal(component.rendered, component.pages, "the site's code changed: every page renders again");

    await editFile(
      file('client', 'islands', 'TestimonialCarousel.tsx'),
      'className="carousel-slide"',
      'className="carousel-slide carousel-slide-edited"',
    );
    await assertIncrementalIsClean('an island');

    await appendFile(file('templates', 'styles', 'base.css'), '\n.edited-rule { color: #123456; }\n');
    await assertIncrementalIsClean('a stylesheet');

    const image = file('content', 'images', 'posts', 'bug-report-checkout-discount.png');
    const resized = await sharp(await readFile(image))
      .resize({ width: 640 })
      .png()
      .toBuffer();
    await rm(image);
    await sharp(resized).toFile(image);
    await assertIncrementalIsClean('an image');

    await editFile(
      file('content', 'data', 'site.json'),
      /"footerTagline": "[^"]*"/,
      '"footerTagline": "Quality assurance, edited."',
    );
    await assertIncrementalIsClean('site.json');

    await assertIncrementalIsClean('an environment override', { SITE_URL: 'https://staging.checkpointqa.com' });
    await assertIncrementalIsClean('the override removed again');

    await editFile(
      file('cli', 'render', 'render-page.ts'),
      'html: `<!DOCTYPE html>${body}`',
      'html: `<!doctype html>${body}`',
    );
    const generator = await assertIncrementalIsClean('the generator itself');
    assert.equal(generator.rendered, generator.pages, 'another generator renders every page');

    const before = await sitegenBuild();
    assert.equal(before.rendered, 0);
    await rm(cacheDir(), { recursive: true, force: true });
    const afterDeleting = await sitegenBuild();
    assert.equal(afterDeleting.rendered, afterDeleting.pages);
    await assertSameOutput(afterDeleting.out, before.out, 'with the cache folder deleted');
  },
);
