// Datasets cannot inject: every href, redirect, URL and environment override is checked as
// what it is (a site path, or an absolute https URL) and refused at its file and line, before
// anything is rendered or written. Each fixture lays one hostile file over the minimal site.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { SiteErrorList } from '../../cli/errors.ts';
import { loadContent } from '../../cli/load/load-content.ts';
import { runCli } from '../helpers/cli.ts';
import { copyContent, fixtureContent, fixturesRoot } from '../helpers/content.ts';
import { validateSiteModel } from '../helpers/site-model.ts';
import { realSite } from '../helpers/real-site.ts';

const timeLimitMs = 10_000;

/** A hostile fixture over the minimal site, as fixtureContent expects it: relative to tests/fixtures. */
const hostile = (behaviour: string) =>
  path.relative(fixturesRoot, path.join(import.meta.dirname, 'fixtures', behaviour));

interface Located {
  code: string;
  file?: string;
  line?: number;
  message: string;
}

/** Loads and validates a fixture as a build does (schemas, then the site's model); returns its problems, relative to the content folder. */
async function problemsOf(behaviour: string): Promise<Located[]> {
  const { content, cleanup } = await fixtureContent(hostile(behaviour));
  try {
    validateSiteModel(await loadContent(content, realSite.definition.content));
    return [];
  } catch (error) {
    if (!(error instanceof SiteErrorList)) throw error;
    return error.errors.map((e) => ({
      code: e.code,
      file: e.file && path.relative(content, e.file),
      line: e.line,
      message: e.message,
    }));
  } finally {
    await cleanup();
  }
}

const cases: [behaviour: string, file: string, line: number, field: string][] = [
  ['redirect-newline', 'data/redirects.json', 3, '[1].to'],
  ['redirect-from-protocol-relative', 'data/redirects.json', 2, '[0].from'],
  ['href-javascript', 'data/navigation.json', 7, 'header.links[0].href'],
  ['href-protocol-relative', 'data/navigation.json', 14, 'footer.columns[0].links[0].href'],
  ['href-backslash', 'data/navigation.json', 8, 'header.cta.href'],
  ['anchor-with-space', 'data/navigation.json', 5, 'header.menus[1].anchor'],
  ['video-url-javascript', 'data/testimonials.json', 18, '[1].videoUrl'],
  ['site-url-newline', 'data/site.json', 4, 'siteUrl'],
  ['webhook-plain-http', 'data/site.json', 8, 'formWebhookUrl'],
  ['post-title-bidi', 'posts/first-post.md', 2, 'title'],
];

for (const [behaviour, file, line, field] of cases) {
  test(`${behaviour}: refused at ${file}:${line}, naming ${field}`, async () => {
    const started = Date.now();
    const problems = await problemsOf(behaviour);
    assert.deepEqual(
      problems.map((p) => [p.code, p.file, p.line]),
      [['content.invalid-field', file, line]],
    );
    assert.ok(problems[0]!.message.startsWith(`${field}: `), problems[0]!.message);
    assert.ok(Date.now() - started < timeLimitMs);
  });
}

test('post-year-zero: a post dated 0000 is refused at its date line, not read as 1900', async () => {
  assert.deepEqual(
    (await problemsOf('post-year-zero')).map((p) => [p.code, p.file, p.line]),
    [['content.bad-date', 'posts/first-post.md', 5]],
  );
});

describeBinary();

/**
 * Runs the real binary over a copy of the real site (the one whose output matters): a good
 * build first, then the hostile one into the same output folder.
 */
function describeBinary(): void {
  let dir: string;
  let good: { content: string; cleanup: () => Promise<void> };
  let out: string;

  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-hostile-data-'));
    out = path.join(dir, 'out');
    good = await copyContent();
    await runCli(['--help']); // compiles the CLI once, outside the time bounds
    const built = await runCli(['build', '--content', good.content, '--out', out]);
    assert.equal(built.code, 0, built.stderr);
  });
  after(async () => {
    await good.cleanup();
    await rm(dir, { recursive: true, force: true });
  });

  test('build refuses a newline in a redirect, names file, line and code, and leaves the last output intact', async () => {
    const before = await snapshot(out);
    const { content, cleanup } = await copyContent();
    await cp(path.join(import.meta.dirname, 'fixtures', 'redirect-newline'), content, { recursive: true });
    try {
      const started = Date.now();
      const run = await runCli(['build', '--content', content, '--out', out]);
      assert.ok(Date.now() - started < timeLimitMs, `took ${Date.now() - started} ms`);
      assert.equal(run.code, 1, run.stderr);
      assert.match(
        run.stderr,
        new RegExp(
          `${escape(path.join(content, 'data', 'redirects.json'))}:3:\\d+  \\[1\\]\\.to: .*\\[content\\.invalid-field\\]`,
        ),
      );
      assert.deepEqual(await snapshot(out), before);
      assert.doesNotMatch(await readFile(path.join(out, '_redirects'), 'utf8'), /evil/);
    } finally {
      await cleanup();
    }
  });

  test('build refuses a SITE_URL that would break robots.txt, naming the variable', async () => {
    const before = await snapshot(out);
    const run = await runCli(['build', '--content', good.content, '--out', out], {
      env: { SITE_URL: 'https://www.example.test/\nDisallow:/' },
    });
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stderr, /SITE_URL: .*\[config\.bad-url\]/);
    assert.deepEqual(await snapshot(out), before);
  });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every file under a folder with a hash of its bytes. */
async function snapshot(folder: string): Promise<Map<string, string>> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  return new Map(
    await Promise.all(
      files.map(
        async (file) =>
          [
            path.relative(folder, file),
            createHash('sha256')
              .update(await readFile(file))
              .digest('hex'),
          ] as [string, string],
      ),
    ),
  );
}
