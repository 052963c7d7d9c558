// A real blog moves in, through the CLI: a dozen posts written for Hugo, Jekyll, Next.js and
// Gatsby (tests/fixtures/import/engineering-blog: page bundles, relative images, raw HTML, links
// to old addresses, keys this site has no field for) are imported into a copy of the marketing
// site's content, which then builds with the link check on and not one error. Both run in this
// process; the build takes the images and cards other builds of the site made.
import assert from 'node:assert/strict';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { SiteError } from '../../cli/errors.ts';
import { buildSite, type BuildResult } from '../../cli/pipeline/build-site.ts';
import { DiskWriter } from '../../cli/write/writers.ts';
import { runCliHere, type CliRun } from '../helpers/cli.ts';
import { copyContent, fixturesRoot, projectRoot } from '../helpers/content.ts';
import { projectCache } from '../helpers/sites.ts';
import { realSite } from '../helpers/real-site.ts';

const blog = path.join(fixturesRoot, 'import', 'engineering-blog');
let dir: string;
let content: string;
let cleanup: () => Promise<void>;
let imported: CliRun;
let built: BuildResult;

before(async () => {
  ({ dir, content, cleanup } = await copyContent());
  imported = await runCliHere(['import', blog, '--content', content, '--report', path.join(dir, 'import-report.md')], {
    cwd: projectRoot,
  });
  built = await buildSite({
    root: projectRoot,
    site: realSite,
    contentDir: content,
    writer: new DiskWriter(path.join(dir, 'dist')),
    cache: projectCache,
  });
});
after(() => cleanup());

const published = [
  'launching-the-new-checkout',
  'flaky-tests-field-guide',
  'observability-at-scale',
  'postmortem-friday-outage',
  'why-we-moved-to-monorepo',
  'on-call-without-burnout',
  'database-migrations',
  'rewriting-search',
  'the-accessibility-audit',
  'typescript-migration',
  'gatsby-build-cache',
];

test('imports every post of the other blog as a page bundle, and prints what it did', async () => {
  assert.equal(imported.code, 0, imported.stderr);
  assert.match(
    imported.stdout,
    /^Imported 12 posts into .*content\/posts\/ as page bundles, with 12 files beside them:$/m,
  );
  const folders = (await readdir(path.join(content, 'posts'), { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  assert.deepEqual(folders, [...published, 'unfinished-thoughts'].sort());
  const report = await readFile(path.join(dir, 'import-report.md'), 'utf8');
  assert.match(
    report,
    /^## launching-the-new-checkout\n\n- from: posts\/2021-launching-checkout\/index\.md \(page bundle\)$/m,
  );
  assert.match(report, /^- mapped: title, date, slug, .*cover → image, description → excerpt/m);
  assert.match(report, /^- kept under extra: lastmod \(no common field\)/m);
  assert.match(
    report,
    /\{\{< tweet user="ourteam" id="1400000000000000000" >\}\} is left as it is \(a template tag with no equivalent here\)/,
  );
  assert.match(report, /^- posts\/_index\.md: a list page/m);
});

test('keeps a body byte for byte where nothing in it would break', async () => {
  const source = await readFile(path.join(blog, 'posts', 'postmortem-friday-outage', 'index.md'), 'utf8');
  const written = await readFile(path.join(content, 'posts', 'postmortem-friday-outage', 'index.md'), 'utf8');
  const bodyOf = (text: string) => text.slice(text.indexOf('\n---\n', 4) + 5);
  assert.equal(bodyOf(written), bodyOf(source));
});

test('the site builds with the imported posts, the link check on, and no error', async () => {
  assert.equal(built.committed, true);
  const links = built.links!.findings;
  assert.deepEqual(
    links.filter((finding) => finding.severity === 'error'),
    [],
    'no broken link',
  );
  assert.ok(
    links.some((finding) => finding.code === 'links.redirected'),
    'links to old addresses are warnings',
  );
  for (const slug of published)
    assert.ok((await stat(path.join(dir, 'dist', 'blog', slug, 'index.html'))).isFile(), slug);
  await assert.rejects(stat(path.join(dir, 'dist', 'blog', 'unfinished-thoughts')), 'the draft is left out');
  const draft = built.warnings.filter(
    (warning): warning is SiteError =>
      warning instanceof SiteError && warning.file!.includes(`${path.sep}unfinished-thoughts${path.sep}`),
  );
  assert.ok(
    draft.some((warning) => warning.code === 'image.missing-alt' && warning.line !== undefined),
    "the draft's problems are warnings, at their lines",
  );
  const page = await readFile(path.join(dir, 'dist', 'blog', 'the-accessibility-audit', 'index.html'), 'utf8');
  assert.match(
    page,
    /alt="Two engineers testing the site with a screen reader"/,
    'the cover brought from a shared folder',
  );
  assert.match(page, /<a href="\/blog\/rewriting-search\/">rewriting search<\/a>/);
  assert.ok((await stat(path.join(dir, 'dist', 'blog', 'launching-the-new-checkout', 'architecture.pdf'))).isFile());
  assert.match(
    await readFile(path.join(dir, 'dist', '_redirects'), 'utf8'),
    /^\/2019\/03\/14\/why-we-moved-to-monorepo\.html \/blog\/why-we-moved-to-monorepo\/ 301!$/m,
  );
});
