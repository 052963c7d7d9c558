import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { SiteError, SiteErrorList } from '../../cli/errors.ts';
import { splitMarkdown } from '../../cli/load/front-matter.ts';
import { inputLimits } from '../../cli/input-limits.ts';
import { loadContent, parseMarkdown } from '../../cli/load/load-content.ts';
import { loadImages } from '../../cli/images/load-images.ts';
import { guardFile } from '../../cli/shared/read-content-file.ts';
import { patchContent } from '../../cli/load/reload-content-files.ts';
import { workerThreshold } from '../../cli/render/markdown/worker-pool.ts';
import { runCli } from '../helpers/cli.ts';
import { fixtureContent, projectRoot } from '../helpers/content.ts';
import { realSite } from '../helpers/real-site.ts';
import { addTinySyntheticPosts } from '../helpers/synthetic-posts.ts';
import { copyTinySite } from '../helpers/tiny-copy.ts';
import { hangBound } from '../helpers/hang-bound.ts';

const hostileFixtures = path.join(projectRoot, 'tests', 'hostile', 'fixtures');
const timeBound = hangBound;

type Located = [code: string, file: string | undefined, line: number | undefined];

/** The marketing site's content spec: the minimal site (tests/fixtures/minimal-site) is content of that site. */
const spec = realSite.definition.content;
const loadSiteContent = (content: string) => loadContent(content, spec);

/** The minimal site with `tests/hostile/fixtures/<behaviour>` laid over it and `change` made. */
async function hostileContent(behaviour?: string, change?: (content: string) => Promise<void>) {
  const site = await fixtureContent();
  if (behaviour) await cp(path.join(hostileFixtures, behaviour), site.content, { recursive: true });
  await change?.(site.content);
  return site;
}

/** Loads a content tree under the time bound; returns code, file (relative) and line of each problem. */
async function loadProblems(
  content: string,
  load: (content: string) => Promise<unknown> = loadSiteContent,
): Promise<Located[]> {
  const started = performance.now();
  try {
    await load(content);
  } catch (error) {
    assert.ok(performance.now() - started < timeBound, `took ${Math.round(performance.now() - started)} ms`);
    assert.ok(error instanceof SiteErrorList, `expected a SiteErrorList, got ${error}`);
    return error.errors.map((e) => [e.code, e.file && path.relative(content, e.file), e.line]);
  }
  assert.fail('expected loading to fail');
}

async function hostileProblems(behaviour?: string, change?: (content: string) => Promise<void>): Promise<Located[]> {
  const { content, cleanup } = await hostileContent(behaviour, change);
  try {
    return await loadProblems(content);
  } finally {
    await cleanup();
  }
}

function thrownBy(work: () => unknown): SiteError {
  try {
    work();
  } catch (error) {
    return error as SiteError;
  }
  assert.fail('expected an error');
}

const post = (frontMatter: string) => `---\ntitle: A\n${frontMatter}\n---\nbody\n`;

// Front matter is YAML only.

test('refuses a ---js front matter at line 1 without running it', async () => {
  assert.deepEqual(await hostileProblems('front-matter-js'), [
    ['content.front-matter-not-yaml', 'posts/first-post.md', 1],
  ]);
});

test('refuses a ---json front matter at line 1', async () => {
  assert.deepEqual(await hostileProblems('front-matter-json'), [
    ['content.front-matter-not-yaml', 'posts/first-post.md', 1],
  ]);
});

test('refuses every fence language but YAML, however it is spelt', () => {
  for (const fence of [
    '---js',
    '---javascript',
    '--- javascript',
    '---JS',
    '---json',
    '---coffee',
    '---toml',
    '---js ',
    '---\tjs',
    '---js\r',
    '--- yaml js',
  ]) {
    const error = thrownBy(() => parseMarkdown('x.md', `${fence}\n{ title: 'A' }\n---\nbody\n`));
    assert.deepEqual(
      [error.code, error.file, error.line],
      ['content.front-matter-not-yaml', 'x.md', 1],
      JSON.stringify(fence),
    );
  }
  const noNewline = thrownBy(() => parseMarkdown('x.md', '---js'));
  assert.equal(noNewline.code, 'content.front-matter-not-yaml');
});

test('accepts a fence that names YAML, and a byte-order mark, with the body line right', () => {
  for (const fence of ['---', '---yaml', '--- YAML ', '---yml']) {
    const file = parseMarkdown('x.md', `${fence}\ntitle: A\n---\nbody\n`);
    assert.deepEqual([file.frontMatter, file.bodyLine, file.body], [{ title: 'A' }, 4, 'body\n'], fence);
  }
  const withBom = parseMarkdown('x.md', '\ufeff---\ntitle: A\n---\nbody\n');
  assert.deepEqual([withBom.frontMatter, withBom.bodyLine], [{ title: 'A' }, 4]);
});

test('parses identical files afresh: nothing is cached between files', () => {
  const source = '---\ntitle: A\n---\nbody\n';
  splitMarkdown(source).frontMatter.title = 'changed by the first reader';
  assert.equal(splitMarkdown(source).frontMatter.title, 'A');
});

test('refuses front matter that is not a mapping of fields at line 2', () => {
  for (const yaml of ['- a\n- b', '42', '"text"']) {
    const error = thrownBy(() => parseMarkdown('x.md', `---\n${yaml}\n---\nbody\n`));
    assert.deepEqual([error.code, error.line], ['content.bad-front-matter', 2], yaml);
  }
});

test('refuses front matter over its size limit before parsing it, at line 1', () => {
  const huge = `---\ntitle: A\n${'a: b\n'.repeat(inputLimits.frontMatterBytes / 5 + 1)}---\nbody\n`;
  const error = thrownBy(() => parseMarkdown('x.md', huge));
  assert.deepEqual([error.code, error.line], ['content.front-matter-too-large', 1]);
  const unclosed = thrownBy(() => parseMarkdown('x.md', `---\ntitle: A\n${'body text\n'.repeat(10_000)}`));
  assert.equal(unclosed.code, 'content.front-matter-too-large');
});

// YAML: no aliases, no tags beyond the core schema, no merge keys, limited nesting.

test('refuses a YAML alias bomb at the first alias, quickly', async () => {
  const started = performance.now();
  assert.deepEqual(await hostileProblems('alias-bomb'), [['content.yaml-alias', 'posts/first-post.md', 5]]);
  assert.ok(performance.now() - started < timeBound);
});

test('refuses any YAML alias, a merge key through an alias included', async () => {
  assert.deepEqual(await hostileProblems('yaml-merge-key'), [['content.yaml-alias', 'posts/first-post.md', 12]]);
  assert.equal(thrownBy(() => parseMarkdown('x.md', post('a: &x 1\nb: *x'))).code, 'content.yaml-alias');
});

test('reads a literal << key as a plain field, merging nothing', () => {
  const file = parseMarkdown('x.md', post('<<: {slug: merged}'));
  assert.deepEqual(file.frontMatter, { title: 'A', '<<': { slug: 'merged' } });
});

test('refuses custom and non-core YAML tags at their line', async () => {
  assert.deepEqual(await hostileProblems('yaml-custom-tag'), [['content.yaml-tag', 'posts/first-post.md', 4]]);
  for (const tagged of [
    'a: !!binary aGVsbG8=',
    'a: !foo bar',
    'a: !!js/undefined ~',
    'a: !!set {x}',
    'a: !<tag:yaml.org,2002:js/regexp> /x/',
    'a: !!timestamp 2024-01-01',
  ]) {
    const error = thrownBy(() => parseMarkdown('x.md', post(tagged)));
    assert.deepEqual([error.code, error.line], ['content.yaml-tag', 3], tagged);
  }
});

test('refuses front matter nested deeper than its limit', () => {
  const depth = inputLimits.frontMatterDepth + 1;
  const error = thrownBy(() => parseMarkdown('x.md', post(`a: ${'['.repeat(depth)}${']'.repeat(depth)}`)));
  assert.deepEqual([error.code, error.line], ['content.too-deep', 3]);
  assert.deepEqual(parseMarkdown('x.md', post('a: [[1]]')).frontMatter.a, [[1]]);
});

test('keeps a __proto__ key an ordinary field', () => {
  const file = parseMarkdown('x.md', post('__proto__: {polluted: yes}'));
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
  assert.equal(Object.getPrototypeOf(file.frontMatter), Object.prototype);
});

// Every content file is a regular file inside the content folder, under its size limit.

test('refuses a toolkit text linked to /proc/self/environ', async () => {
  const problems = await hostileProblems(undefined, async (content) => {
    await rm(path.join(content, 'toolkit', 'pom-readme.md'));
    await symlink('/proc/self/environ', path.join(content, 'toolkit', 'pom-readme.md'));
  });
  assert.deepEqual(problems, [['content.outside-content-folder', 'toolkit/pom-readme.md', undefined]]);
});

test('refuses posts, datasets and images linked outside the content folder, and a linked folder', async () => {
  const outside = await mkdtemp(path.join(os.tmpdir(), 'sitegen-outside-'));
  try {
    await writeFile(path.join(outside, 'secret.md'), post('slug: secret'));
    await writeFile(path.join(outside, 'secret.svg'), '<svg width="1" height="1"></svg>');
    const problems = await hostileProblems(undefined, async (content) => {
      await symlink(path.join(outside, 'secret.md'), path.join(content, 'posts', 'linked.md'));
      await rm(path.join(content, 'data', 'redirects.json'));
      await symlink(path.join(outside, 'secret.md'), path.join(content, 'data', 'redirects.json'));
      await rm(path.join(content, 'guides'), { recursive: true });
      await symlink(outside, path.join(content, 'guides'));
    });
    assert.deepEqual(problems.sort(), [
      ['content.outside-content-folder', 'data/redirects.json', undefined],
      ['content.outside-content-folder', 'guides/secret.md', undefined],
      ['content.outside-content-folder', 'posts/linked.md', undefined],
    ]);
    const { content, cleanup } = await hostileContent(undefined, (content) =>
      symlink(path.join(outside, 'secret.svg'), path.join(content, 'images', 'linked.svg')),
    );
    try {
      assert.deepEqual(await loadProblems(content, (c) => loadImages(path.join(c, 'images'))), [
        ['content.outside-content-folder', 'images/linked.svg', undefined],
      ]);
    } finally {
      await cleanup();
    }
  } finally {
    await rm(outside, { recursive: true, force: true });
  }
});

test('follows a symlink that stays inside the content folder', async () => {
  const { content, cleanup } = await hostileContent(undefined, async (content) => {
    await rm(path.join(content, 'toolkit', 'cursor-rules.md'));
    await symlink('pom-readme.md', path.join(content, 'toolkit', 'cursor-rules.md'));
  });
  try {
    const raw = await loadSiteContent(content);
    const toolkit = new Map(raw.collections.toolkit!.map((text) => [path.basename(text.file), text.body]));
    assert.ok(toolkit.get('pom-readme.md'));
    assert.equal(toolkit.get('cursor-rules.md'), toolkit.get('pom-readme.md'));
  } finally {
    await cleanup();
  }
});

test('refuses a FIFO as a post, dataset, toolkit text or image without waiting on it', async () => {
  const { content, cleanup } = await hostileContent(undefined, async (content) => {
    await rm(path.join(content, 'data', 'site.json'));
    await rm(path.join(content, 'toolkit', 'pom-readme.md'));
    for (const file of ['posts/waiting.md', 'data/site.json', 'toolkit/pom-readme.md', 'images/waiting.svg'])
      execFileSync('mkfifo', [path.join(content, file)]);
  });
  // Should a read block on a FIFO, this writer ends it after the time bound, so the test fails instead of hanging.
  const unblock = ['posts/waiting.md', 'data/site.json', 'toolkit/pom-readme.md', 'images/waiting.svg'].map((file) =>
    spawn('sh', ['-c', `sleep ${timeBound / 1000 + 2}; : > "$0"`, path.join(content, file)], { stdio: 'ignore' }),
  );
  try {
    assert.deepEqual((await loadProblems(content)).sort(), [
      ['content.not-a-file', 'data/site.json', undefined],
      ['content.not-a-file', 'posts/waiting.md', undefined],
      ['content.not-a-file', 'toolkit/pom-readme.md', undefined],
    ]);
    assert.deepEqual(await loadProblems(content, (c) => loadImages(path.join(c, 'images'))), [
      ['content.not-a-file', 'images/waiting.svg', undefined],
    ]);
  } finally {
    for (const writer of unblock) writer.kill();
    await cleanup();
  }
});

test('refuses a folder named like a post or an image', async () => {
  const { content, cleanup } = await hostileContent(undefined, async (content) => {
    await mkdir(path.join(content, 'posts', 'x.md'));
    await mkdir(path.join(content, 'images', 'logo.svg'));
  });
  try {
    assert.deepEqual(await loadProblems(content), [['content.not-a-file', 'posts/x.md', undefined]]);
    assert.deepEqual(await loadProblems(content, (c) => loadImages(path.join(c, 'images'))), [
      ['content.not-a-file', 'images/logo.svg', undefined],
    ]);
  } finally {
    await cleanup();
  }
});

test('refuses a post, dataset or image over its size limit from its size alone', async () => {
  const { content: images, cleanup: cleanupImages } = await hostileContent(undefined, (content) =>
    truncate(path.join(content, 'images', 'pixel.svg'), inputLimits.imageBytes + 1),
  );
  try {
    assert.deepEqual(await loadProblems(images, (c) => loadImages(path.join(c, 'images'))), [
      ['content.file-too-large', 'images/pixel.svg', undefined],
    ]);
  } finally {
    await cleanupImages();
  }
  const problems = await hostileProblems(undefined, async (content) => {
    // Sparse files: reading one whole would take seconds and gigabytes, lstat takes nothing.
    await writeFile(path.join(content, 'posts', 'huge-post.md'), post('slug: huge'));
    await truncate(path.join(content, 'posts', 'huge-post.md'), 4 * 1024 ** 3);
    await truncate(path.join(content, 'data', 'home.json'), inputLimits.jsonBytes + 1);
  });
  assert.deepEqual(problems.sort(), [
    ['content.file-too-large', 'data/home.json', undefined],
    ['content.file-too-large', 'posts/huge-post.md', undefined],
  ]);
  const { content, cleanup } = await hostileContent(undefined, (content) =>
    writeFile(
      path.join(content, 'posts', 'at-limit.md'),
      `${post('slug: at-limit')}${'x'.repeat(inputLimits.markdownBytes - 100)}`,
    ),
  );
  try {
    assert.equal((await loadSiteContent(content)).collections.posts!.length, 2, 'a post just under the limit loads');
  } finally {
    await cleanup();
  }
});

test('refuses a deeply nested JSON dataset at the bracket past the limit, without overflowing the stack', async () => {
  const problems = await hostileProblems(undefined, (content) =>
    writeFile(path.join(content, 'data', 'redirects.json'), `${'['.repeat(100_000)}${']'.repeat(100_000)}`),
  );
  assert.deepEqual(problems, [['content.too-deep', 'data/redirects.json', 1]]);
  const strings = await hostileProblems(undefined, (content) =>
    writeFile(path.join(content, 'data', 'redirects.json'), `["${'[{\\"'.repeat(1000)}", {]`),
  );
  assert.deepEqual(strings, [['content.bad-json', 'data/redirects.json', 1]], 'brackets inside strings do not count');
});

test('the dev reload refuses a post replaced by a link out, and drops a deleted one', async () => {
  const { content, cleanup } = await hostileContent();
  try {
    const raw = await loadSiteContent(content);
    const first = path.join(content, 'posts', 'first-post.md');
    await rm(first);
    await symlink('/proc/self/environ', first);
    await assert.rejects(patchContent(raw, content, spec, [first]), (error: SiteError) => {
      assert.deepEqual([error.code, error.file], ['content.outside-content-folder', first]);
      return true;
    });
    await rm(first);
    assert.deepEqual(await patchContent(raw, content, spec, [first]), { patched: true, imagesChanged: false });
    assert.equal(raw.collections.posts!.length, 0);
  } finally {
    await cleanup();
  }
});

test('turns any exception on one file, a stack overflow included, into an error naming the file', () => {
  const overflow = (depth: number): number => overflow(depth + 1) + 1;
  const error = thrownBy(() => guardFile('posts/x.md', () => overflow(0)));
  assert.deepEqual([error instanceof SiteError, error.code, error.file], [true, 'content.load-failed', 'posts/x.md']);
  assert.match(error.message, /RangeError/);
});

test('reads the size of an SVG of many unclosed <svg in linear time', async () => {
  const { content, cleanup } = await hostileContent(undefined, (content) =>
    writeFile(path.join(content, 'images', 'pixel.svg'), '<svg'.repeat(inputLimits.imageBytes / 4)),
  );
  try {
    assert.deepEqual(await loadProblems(content, (c) => loadImages(path.join(c, 'images'))), [
      ['content.image-size', 'images/pixel.svg', 1],
    ]);
  } finally {
    await cleanup();
  }
});

// Through the real binary.

test('build refuses a ---js post with exit 1 at its line, runs none of it and keeps the previous output', async () => {
  const { root, content, cleanup } = await copyTinySite();
  const out = path.join(root, 'dist');
  const marker = path.join(path.dirname(root), 'marker');
  try {
    const first = await runCli(['build'], { cwd: root });
    assert.equal(first.code, 0, first.stderr);
    const before = await snapshot(out);
    await cp(path.join(hostileFixtures, 'front-matter-js'), content, { recursive: true });
    const started = performance.now();
    const run = await runCli(['build'], { cwd: root, env: { HOSTILE_MARKER: marker } });
    assert.ok(performance.now() - started < timeBound * 3, 'a build, CLI start included');
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stderr, /^ {2}content\/posts\/first-post\.md:1:4 {2}.*\[content\.front-matter-not-yaml\]$/m);
    assert.equal(existsSync(marker), false, 'the ---js block did not run');
    assert.deepEqual(await snapshot(out), before);
  } finally {
    await cleanup();
  }
});

test('build refuses a toolkit text linked to the environment and publishes none of it', async () => {
  const secret = 'hostile-secret-value-4f1c';
  const { content, cleanup } = await hostileContent(undefined, async (content) => {
    await rm(path.join(content, 'toolkit', 'pom-readme.md'));
    await symlink('/proc/self/environ', path.join(content, 'toolkit', 'pom-readme.md'));
  });
  const out = path.join(path.dirname(content), 'out');
  try {
    const run = await runCli(['build', '--content', content, '--out', out], { env: { HOSTILE_SECRET: secret } });
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stderr, /toolkit\/pom-readme\.md {2}.*\[content\.outside-content-folder\]/);
    assert.ok(!run.stderr.includes(secret) && !run.stdout.includes(secret));
    for (const file of await filesUnder(path.dirname(content))) {
      if (!file.includes(`${path.sep}content${path.sep}`))
        assert.ok(!(await readFile(file, 'utf8')).includes(secret), file);
    }
  } finally {
    await cleanup();
  }
});

test('build refuses a FIFO among enough posts for Markdown workers that read ahead, without hanging', async () => {
  const { root, content, cleanup } = await copyTinySite();
  await addTinySyntheticPosts(path.join(content, 'posts'), workerThreshold);
  const fifo = path.join(content, 'posts', 'aaa-waiting.md');
  execFileSync('mkfifo', [fifo]);
  const unblock = spawn('sh', ['-c', 'sleep 90; : > "$0"', fifo], { stdio: 'ignore' });
  try {
    const started = performance.now();
    // Without a cache the workers start at once and read the posts themselves.
    const run = await runCli(['build', '--no-cache'], { cwd: root });
    assert.ok(performance.now() - started < 60_000, `took ${Math.round(performance.now() - started)} ms`);
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stderr, /^ {2}content\/posts\/aaa-waiting\.md {2}.*\[content\.not-a-file\]$/m);
    assert.equal(existsSync(path.join(root, 'dist')), false, 'no output');
  } finally {
    unblock.kill();
    await cleanup();
  }
});

/** Path, size and modification time of every file under `dir`. */
async function snapshot(dir: string): Promise<string[]> {
  const files = await filesUnder(dir);
  return Promise.all(
    files.map(async (file) => {
      const { size, mtimeMs } = await stat(file);
      return `${path.relative(dir, file)} ${size} ${mtimeMs}`;
    }),
  );
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}
