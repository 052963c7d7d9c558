// The folder `sitegen import` reads is someone else's. Its site's configuration is read through
// the same guards as its posts (a link out of the source is refused, not followed; a YAML bomb
// is refused), an old address it names that is no safe path of a site is listed and never
// redirected, the import's manifest is read as data, and a body written to make the conversion
// of foreign markup slow is converted in time linear in its length.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { Root } from 'mdast';
import { SiteErrorList } from '../../cli/errors.ts';
import { convertForeignMarkup } from '../../cli/import/foreign-markup.ts';
import { planImport } from '../../cli/import/import-posts.ts';
import { manifestName } from '../../cli/import/write-import.ts';
import { findTemplateTags } from '../../cli/render/markdown/template-tags.ts';
import { outputDigest, tinyContentCopy } from '../helpers/build-output.ts';
import { importIntoTinyBlog, tinyBlog } from '../helpers/tiny-blog.ts';

let dir: string;
before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-hostile-import-'));
});
after(() => rm(dir, { recursive: true, force: true }));

async function source(files: Record<string, string>): Promise<string> {
  const folder = await mkdtemp(path.join(dir, 'source-'));
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(folder, name)), { recursive: true });
    await writeFile(path.join(folder, name), text);
  }
  return folder;
}

const target = (content: string) => {
  const site = tinyBlog();
  const archetype = site.definition.archetypes!.post!;
  return {
    archetype: { ...archetype, imported: archetype.imported! },
    collection: site.definition.content.collections.posts!,
    folder: path.join(content, 'posts'),
    existing: new Map<string, string>(),
  };
};

const post = '---\ntitle: Launch\n---\n\nShipped.\n';

test('a site configuration that links out of the source is refused where it is, and nothing it leads to is read', async () => {
  const folder = await source({ '_posts/2019-05-01-launch.md': post });
  const outside = path.join(dir, 'outside.yml');
  await writeFile(outside, 'permalink: /stolen/:title/\n');
  await symlink(outside, path.join(folder, '_config.yml'));
  const plan = planImport(folder, target(path.join(dir, 'content')));
  assert.deepEqual(
    plan.problems.map((problem) => [problem.code, path.relative(folder, problem.file!)]),
    [['import.outside-source', '_config.yml']],
  );
  assert.ok(
    plan.posts.every((planned) => planned.aliases.every((alias) => !alias.startsWith('/stolen/'))),
    'the linked file is not read',
  );
});

test('a YAML bomb in a Jekyll configuration is refused, said in the report, and the posts keep the default rules', async () => {
  const bomb = [
    'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
    ...Array.from(
      { length: 8 },
      (_, i) =>
        `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)}]`,
    ),
  ].join('\n');
  const folder = await source({
    '_config.yml': `${bomb}\npermalink: /bomb/:title/\n`,
    '_posts/2019-05-01-launch.md': post,
  });
  const plan = planImport(folder, target(path.join(dir, 'content')));
  assert.match(plan.notes[0]!, /^_config\.yml could not be read/);
  assert.deepEqual(plan.posts[0]!.aliases, ['/2019/05/01/launch.html'], "Jekyll's date style");
});

test('an old address that leads to another site, climbs out or breaks a rule is listed and never redirected', async () => {
  const folder = await source({
    'a.md':
      '---\ntitle: A\ndate: 2020-01-01\naliases: ["//evil.example/x", "/a/../../etc/", "/ok/\\nDisallow: /"]\nredirect_from: https://old.example/kept/\n---\n',
  });
  const planned = planImport(folder, target(path.join(dir, 'content'))).posts[0]!;
  assert.deepEqual(planned.aliases, ['/kept/']);
  assert.equal(planned.notCarried.filter((note) => /is not a path of a site/.test(note)).length, 3);
});

test(
  "an import manifest that is not the import's data is an error at it, and nothing is written",
  { timeout: 60_000 },
  async () => {
    const folder = await source({ 'a.md': '---\ntitle: A\ndate: 2020-01-01\n---\n\nBody.\n' });
    const { content, cleanup } = await tinyContentCopy();
    try {
      await writeFile(path.join(content, 'posts', manifestName), '{ "posts": { "__proto__": ');
      const digest = await outputDigest(content);
      await assert.rejects(
        importIntoTinyBlog(folder, content, path.join(dir, 'manifest-report.md'), { update: true }),
        (error) => {
          const errors = error instanceof SiteErrorList ? error.errors : [error];
          assert.deepEqual(
            errors.map((e) => [(e as { code?: string }).code, path.basename((e as { file?: string }).file ?? '')]),
            [['import.bad-manifest', manifestName]],
          );
          return true;
        },
      );
      assert.equal(await outputDigest(content), digest);
    } finally {
      await cleanup();
    }
  },
);

/**
 * The least CPU time each of `works` takes over five rounds, run alternately so that a collection
 * or a busy moment of the machine falls on each alike.
 */
function leastCpu(...works: (() => void)[]): number[] {
  const least = works.map(() => Infinity);
  for (let round = 0; round < 5; round++) {
    works.forEach((work, index) => {
      const started = process.cpuUsage();
      work();
      const { user, system } = process.cpuUsage(started);
      least[index] = Math.min(least[index]!, (user + system) / 1000);
    });
  }
  return least;
}

test('foreign markup is converted, and template tags found, in time linear in a hostile body', () => {
  const bodies: Record<string, (n: number) => string> = {
    'JSX styles never closed': (n) => '<span style={{ a: {'.repeat(n),
    'tags never ended': (n) => '<a b="c'.repeat(n),
    'a run of spaces before no style': (n) => `<p${' '.repeat(n * 10)}class="x">`,
    'highlight blocks never closed': (n) => '{% highlight ruby %}\n'.repeat(n),
    'template tags never closed': (n) => '{{< {% '.repeat(n),
  };
  for (const [name, body] of Object.entries(bodies)) {
    // The body is parsed outside the timed work: remark's parse is linear, and its fixed cost
    // would only blur the ratio of what is measured.
    const run = (text: string) => {
      const tree = unified().use(remarkParse).parse(text) as Root;
      return () => {
        findTemplateTags(text, tree);
        convertForeignMarkup(text, { file: '/s/a.md', root: '/s', slugs: new Map(), jsx: true });
      };
    };
    // Four times the input against a bound of 8, halfway (geometrically) between linear (4) and
    // quadratic (16): a busy machine's noise stays on its side of the bound.
    const [small, large] = [run(body(4_000)), run(body(16_000))];
    small();
    const [smallMs, largeMs] = leastCpu(small, large);
    const ratio = largeMs! / Math.max(smallMs!, 1);
    assert.ok(
      ratio < 8,
      `${name}: four times the input took ${ratio.toFixed(1)} times as long (linear 4, quadratic 16)`,
    );
  }
});
