// `sitegen import` on the tiny site: how another generator's front matter is mapped through the
// site's archetype, what is kept under extra, what the report says, and that an import never
// overwrites a post and treats its source as hostile: everything is refused before anything is
// written, each problem at its place in the source.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { planImport, type ImportPlan, type ImportTarget } from '../../cli/import/import-posts.ts';
import { renderReport } from '../../cli/import/import-report.ts';
import { tinyContentCopy } from '../helpers/build-output.ts';
import { runCliHere } from '../helpers/cli.ts';
import { flat } from '../helpers/images.ts';
import { tinyRoot, tinySite } from '../helpers/sites.ts';

let dir: string;
let content: string;
let cleanup: () => Promise<void>;

before(async () => {
  ({ dir, content, cleanup } = await tinyContentCopy());
});
after(() => cleanup());

/** A source folder holding `files` (text, or bytes for images). */
async function source(files: Record<string, string | Buffer>): Promise<string> {
  const folder = await mkdtemp(path.join(dir, 'source-'));
  for (const [name, contents] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(folder, name)), { recursive: true });
    await writeFile(path.join(folder, name), contents);
  }
  return folder;
}

const archetype = tinySite.definition.archetypes!.post!;
const target = (): ImportTarget => ({
  archetype: { ...archetype, imported: archetype.imported! },
  collection: tinySite.definition.content.collections.posts!,
  folder: path.join(content, 'posts'),
  existing: new Map([
    ['hello', path.join(content, 'posts', 'hello.md')],
    ['second', path.join(content, 'posts', 'second.md')],
  ]),
});

const postOf = (plan: ImportPlan, slug: string) => plan.posts.find((post) => post.slug === slug)!;

/** Every file under the posts folder, to see that a refused import wrote nothing. */
const postsFolder = () => readdir(path.join(content, 'posts'), { recursive: true });

test("maps a Hugo bundle with TOML front matter: common keys to the site's fields, the rest under extra, its files along", async () => {
  const folder = await source({
    'launch/index.md':
      '+++\ntitle = "Launch day"\ndate = 2021-06-02T09:30:00+02:00\ntags = ["Release"]\nweight = 3\n[params]\n  toc = true\n+++\n\nWe shipped.\n\n![The rollout](rollout.png)\n',
    'launch/rollout.png': await flat(40, 20),
    'launch/notes.pdf': '%PDF-1.4',
  });
  const plan = planImport(folder, target());
  const post = postOf(plan, 'launch');
  assert.equal(post.kind, 'bundle');
  assert.deepEqual(post.mapped, [
    { from: 'title', to: 'title' },
    { from: 'date', to: 'date' },
    { from: 'tags', to: 'tags' },
  ]);
  assert.deepEqual(
    post.kept.map((kept) => kept.key),
    ['weight', 'params'],
  );
  assert.deepEqual([...post.copies.values()].sort(), ['notes.pdf', 'rollout.png']);
  assert.equal(
    post.text,
    [
      '---',
      'title: "Launch day"',
      'date: 2021-06-02',
      'tags: ["Release"]',
      'extra:',
      '  weight: 3',
      '  params:',
      '    toc: true',
      '---',
      '',
      'We shipped.',
      '',
      '![The rollout](rollout.png)',
      '',
    ].join('\n'),
    'the date as written, not moved by its time zone; the body byte for byte',
  );
});

test("takes a Jekyll post's date and slug from its name and space-separated tags as several; keeps what the site does not take under extra", async () => {
  const folder = await source({
    '_posts/2019-03-14-monorepo-move.md':
      '---\nlayout: post\ntitle: Monorepo\ntags: build ci\nredirect_from: /2019/03/14/monorepo-move.html\n---\n\nOne repository.\n',
  });
  const post = postOf(planImport(folder, target()), 'monorepo-move');
  assert.equal(post.kind, 'jekyll');
  assert.match(post.text, /^date: 2019-03-14$/m);
  assert.match(post.text, /^tags: \["build", "ci"\]$/m);
  assert.deepEqual(
    post.kept,
    [
      { key: 'layout', why: 'no common field' },
      { key: 'redirect_from', why: "the site's front matter did not take all of it" },
    ],
    'the tiny site has no aliases field',
  );
  assert.match(post.text, /^extra:\n {2}layout: post\n {2}redirect_from: \/2019\/03\/14\/monorepo-move\.html$/m);
});

test("brings a single file's images into its new folder, and rewrites only the references that would break", async () => {
  const folder = await source({
    'blog/search.md':
      '---\ntitle: Search\ndate: "2023-04-12"\ncover: ./images/cover.png\ncoverAlt: A search box\n---\n\n![Results](./images/results.png) and ![Hero](../shared/hero.png)\n\nSee [the other post](other.md#intro) and [our docs](/docs/).\n',
    'blog/other.md': '---\ntitle: Other\ndate: 2023-04-13\n---\n\n## Intro\n',
    'blog/images/cover.png': await flat(40, 20),
    'blog/images/results.png': await flat(40, 20),
    'shared/hero.png': await flat(40, 20),
  });
  const post = postOf(planImport(folder, target()), 'search');
  assert.deepEqual([...post.copies.values()].sort(), ['hero.png', 'images/cover.png', 'images/results.png']);
  assert.match(post.text, /^image: "images\/cover\.png"\nimageAlt: "A search box"$/m);
  assert.deepEqual(
    post.rewritten.map(({ line, from, to }) => [line, from, to]),
    [
      [8, '../shared/hero.png', './hero.png'],
      [10, 'other.md#intro', '../other/#intro'],
    ],
  );
  assert.ok(
    post.text.endsWith(
      '\n![Results](./images/results.png) and ![Hero](./hero.png)\n\nSee [the other post](../other/#intro) and [our docs](/docs/).\n',
    ),
  );
});

test('lists what it cannot carry: an image on another host, a template tag with no equivalent, a cover without alt text', async () => {
  const folder = await source({
    'post.md':
      '---\ntitle: Post\ndate: 2023-01-01\nimage: cover.png\n---\n\n![A chart](https://cdn.example.com/chart.png)\n\n{{% alert %}}Careful.{{% /alert %}}\n',
    'cover.png': await flat(40, 20),
  });
  const plan = planImport(folder, target());
  const post = postOf(plan, 'post');
  assert.deepEqual(
    post.notCarried.map((item) => item.split(':')[0]),
    ['line 7', 'line 9', 'line 9'],
  );
  assert.match(post.notCarried[0]!, /another host/);
  assert.match(post.notCarried[1]!, /\{\{% alert %\}\} is left as it is \(a template tag with no equivalent here\)/);
  assert.deepEqual(
    post.kept.map((kept) => kept.key),
    ['image'],
  );
  assert.match(post.kept[0]!.why, /no alt text/);
  const report = renderReport(plan, dir);
  assert.match(report, /^## post$/m);
  assert.match(report, /^- kept under extra: image \(the cover has no alt text/m);
  assert.match(report, /^ {2}- line 9: \{\{% \/alert %\}\} is left as it is/m);
});

test('refuses a post whose slug the site already has, and two of one slug and one date, writing nothing; two posts of one slug get each its date', async () => {
  const folder = await source({
    'hello.md': '---\ntitle: Hello again\ndate: 2023-01-01\n---\n\nBody.\n',
    'a/index.md': '---\ntitle: A\nslug: twin\ndate: 2023-01-01\n---\n',
    'b/index.md': '---\ntitle: B\nslug: twin\ndate: 2023-01-02\n---\n',
    'c/index.md': '---\ntitle: C\nslug: twin\ndate: 2023-01-02\n---\n',
  });
  const before = await postsFolder();
  const run = await runCliHere(
    ['import', folder, '--content', content, '--report', path.join(dir, 'report.md'), '--no-cache'],
    { cwd: tinyRoot },
  );
  assert.equal(run.code, 1);
  assert.match(run.stderr, /hello\.md +the site already has a post "hello" .*left untouched +\[import\.post-exists\]/);
  assert.match(
    run.stderr,
    /c\/index\.md +slug "twin-2023-01-02" is also the slug of .*b\/index\.md, of the same date +\[import\.duplicate-slug\]/,
  );
  assert.deepEqual(postOf(planImport(folder, target()), 'twin-2023-01-01').renamedFrom, 'twin');
  assert.deepEqual(await postsFolder(), before, 'nothing written');
  assert.equal(
    await readFile(path.join(content, 'posts', 'hello.md'), 'utf8'),
    await readFile(path.join(tinyRoot, 'content', 'posts', 'hello.md'), 'utf8'),
  );
});

test('imports once, and refuses the same import again without touching what the first wrote', async () => {
  const folder = await source({
    'fresh.md': '---\ntitle: Fresh\ndate: 2023-01-01\ntags: [New]\nauthor: Dana\n---\n\nBody.\n',
  });
  const report = path.join(dir, 'fresh-report.md');
  const first = await runCliHere(['import', folder, '--content', content, '--report', report, '--no-cache'], {
    cwd: tinyRoot,
  });
  assert.equal(first.code, 0, first.stderr);
  assert.match(first.stdout, /Imported 1 post into .*posts\/ as page bundles/);
  const written = await readFile(path.join(content, 'posts', 'fresh', 'index.md'), 'utf8');
  assert.match(written, /^extra:\n {2}author: Dana$/m);
  assert.match(await readFile(report, 'utf8'), /^# sitegen import report/);
  const again = await runCliHere(['import', folder, '--content', content, '--report', report, '--no-cache'], {
    cwd: tinyRoot,
  });
  assert.equal(again.code, 1);
  assert.match(again.stderr, /\[import\.post-exists\]/);
  assert.equal(await readFile(path.join(content, 'posts', 'fresh', 'index.md'), 'utf8'), written);
  const build = await runCliHere(['build', '--content', content, '--out', path.join(dir, 'out'), '--no-cache'], {
    cwd: tinyRoot,
  });
  assert.equal(build.code, 0, build.stderr);
  await rm(path.join(content, 'posts', 'fresh'), { recursive: true });
});

test('treats the source as hostile: a link out of it, a file over its limit, broken YAML and TOML are each refused at their place, all in the report, and nothing is written', async () => {
  const folder = await source({
    'broken-yaml.md': '---\ntitle: Broken\ndate: 2023-01-01\ntags: [a, b\n---\n',
    'broken-toml.md': '+++\ntitle = "Broken"\ndate = \n+++\n',
    'no-title.md': '---\ndate: 2023-01-01\n---\n',
    'huge.md': `---\ntitle: Huge\ndate: 2023-01-01\n---\n${'x'.repeat(2 * 1024 * 1024)}\n`,
  });
  await symlink('/etc/hostname', path.join(folder, 'leak.md'));
  const before = await postsFolder();
  const run = await runCliHere(
    ['import', folder, '--content', content, '--report', path.join(dir, 'hostile-report.md'), '--no-cache'],
    { cwd: tinyRoot },
  );
  assert.equal(run.code, 1);
  const rows = run.stderr
    .split('\n')
    .filter((line) => /\[[\w.-]+\]$/.test(line))
    .map((line) =>
      line
        .trim()
        .replace(/ +.*\[/, ' [')
        .replace(folder + '/', ''),
    );
  assert.deepEqual(
    rows.sort(),
    [
      'broken-toml.md:3:8 [import.bad-front-matter]',
      'broken-yaml.md:4:12 [content.bad-front-matter]',
      'huge.md [content.file-too-large]',
      'leak.md [import.outside-source]',
      'no-title.md:1 [import.missing-field]',
    ].sort(),
  );
  assert.deepEqual(await postsFolder(), before, 'nothing written');
  const report = await readFile(path.join(dir, 'hostile-report.md'), 'utf8');
  assert.match(report, /^Nothing was written: 5 problems would stop the build/m);
  for (const code of [
    'import.bad-front-matter',
    'content.bad-front-matter',
    'content.file-too-large',
    'import.outside-source',
    'import.missing-field',
  ])
    assert.match(report, new RegExp(`^### ${code.replace('.', '\\.')}: .* \\(1\\)$`, 'm'), code);
});

test('refuses a source nested deeper than it walks, a source inside the content folder, and a report path holding another file', async () => {
  const deep = await source({
    [`${Array.from({ length: 30 }, (_, i) => `d${i}`).join('/')}/post.md`]: '---\ntitle: Deep\ndate: 2023-01-01\n---\n',
  });
  assert.ok(planImport(deep, target()).problems.some((problem) => problem.code === 'import.source-too-large'));
  const inside = await runCliHere(['import', path.join(content, 'posts'), '--content', content], { cwd: tinyRoot });
  assert.equal(inside.code, 2, 'a source the command line names wrongly is a usage error');
  assert.match(inside.stderr, /is inside the content folder +\[import\.no-source\]/);
  const notes = path.join(dir, 'notes.md');
  await writeFile(notes, 'My own notes.\n');
  const fresh = await source({ 'kept.md': '---\ntitle: Kept\ndate: 2023-01-01\n---\n' });
  const run = await runCliHere(['import', fresh, '--content', content, '--report', notes, '--no-cache'], {
    cwd: tinyRoot,
  });
  assert.equal(run.code, 1);
  assert.match(run.stderr, /\[import\.report-exists\]/);
  assert.equal(await readFile(notes, 'utf8'), 'My own notes.\n');
  assert.deepEqual(
    (await postsFolder()).filter((name) => name.startsWith('kept')),
    [],
  );
});

test('writes a tag spelled several ways across the source as the first post spells it, and says so in the report', async () => {
  const folder = await source({
    'a.md': '---\ntitle: First\ndate: 2021-01-02\ntags: [Build, CI/CD]\n---\n\nOne.\n',
    'b.md': '---\ntitle: Second\ndate: 2021-01-03\ntags: [build, ci-cd, Release]\n---\n\nTwo.\n',
  });
  const plan = planImport(folder, target());
  assert.match(postOf(plan, 'b').text, /\ntags: \["Build", "CI\/CD", "Release"\]\n/);
  assert.deepEqual(postOf(plan, 'b').respelled, [
    { from: 'build', to: 'Build' },
    { from: 'ci-cd', to: 'CI/CD' },
  ]);
  assert.deepEqual(postOf(plan, 'a').respelled, []);
  assert.match(renderReport(plan, dir), /- written as an earlier post writes it: build → Build, ci-cd → CI\/CD/);
});
