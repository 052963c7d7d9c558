// `sitegen init <folder>` writes a new site from the starter (starter/), which then installs and
// builds on its own: `npm install && npx sitegen build`. With no registry copy of sitegen to
// install, the test installs by linking: the new site's node_modules holds this repository as
// `sitegen`, and the packages it depends on, as `npm install` of a local folder would.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { runCli, runCliHere } from '../helpers/cli.ts';
import { projectRoot } from '../helpers/content.ts';
import { parsePage } from '../helpers/html.ts';

let tmp: string;
before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'sitegen-init-'));
});
after(() => rm(tmp, { recursive: true, force: true }));

/** Installs the new site's dependencies by linking: sitegen is this repository, the rest its node_modules' packages. */
async function linkInstall(site: string): Promise<void> {
  const modules = path.join(site, 'node_modules');
  await mkdir(modules);
  for (const name of await readdir(path.join(projectRoot, 'node_modules'))) {
    if (!name.startsWith('.')) await symlink(path.join(projectRoot, 'node_modules', name), path.join(modules, name));
  }
  await symlink(projectRoot, path.join(modules, 'sitegen'));
}

test('init writes a new site that installs and builds: a home page, a blog list and a post', async () => {
  const site = path.join(tmp, 'My Blog');
  const init = await runCliHere(['init', site], { cwd: tmp });
  assert.equal(init.code, 0, init.stderr);
  assert.match(init.stdout, /npm install\n {2}npx sitegen build/);
  const manifest = JSON.parse(await readFile(path.join(site, 'package.json'), 'utf8')) as {
    name: string;
    dependencies: Record<string, string>;
  };
  const engine = JSON.parse(await readFile(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string };
  assert.equal(manifest.name, 'my-blog');
  assert.equal(manifest.dependencies.sitegen, `^${engine.version}`);
  assert.ok(existsSync(path.join(site, '.gitignore')), "the starter's gitignore is the site's .gitignore");
  assert.match(await readFile(path.join(site, 'sitegen.config.ts'), 'utf8'), /from 'sitegen\/site'/);

  await linkInstall(site);
  const build = await runCli(['build'], { cwd: site, project: path.join(site, 'node_modules', 'sitegen') });
  assert.equal(build.code, 0, build.stderr);
  const read = (file: string) => readFile(path.join(site, 'dist', file), 'utf8');
  assert.deepEqual(parsePage(await read('index.html')).texts('h1'), ['My new site']);
  const blog = parsePage(await read('blog/index.html'));
  assert.deepEqual(blog.all((e) => e.name === 'a' && e.attribs.href === '/blog/hello-world/').length, 1);
  const post = await read('blog/hello-world/index.html');
  assert.match(post, /<h1>Hello, world<\/h1>/);
  assert.match(
    post,
    /<img src="\/images\/mark\.svg" alt="The site&#x27;s mark"|<img src="\/images\/mark\.svg" alt="The site's mark"/,
  );
  assert.match(post, /data-theme="github-dark-default"/, 'its code is highlighted');
  assert.match(await read('feed.xml'), /<title>Hello, world<\/title>/);
  assert.match(build.stdout, /0 broken links/);
});

test('init refuses a folder that holds anything, usage error, and leaves it as it was', async () => {
  const site = path.join(tmp, 'taken');
  await mkdir(site);
  await writeFile(path.join(site, 'notes.txt'), 'mine');
  const run = await runCliHere(['init', site], { cwd: tmp });
  assert.equal(run.code, 2);
  assert.match(run.stderr, /\[init\.not-empty\]/);
  assert.deepEqual(await readdir(site), ['notes.txt']);
  assert.equal(await readFile(path.join(site, 'notes.txt'), 'utf8'), 'mine');
});
