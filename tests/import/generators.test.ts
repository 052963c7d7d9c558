// Three blogs as their generators leave them (tests/fixtures/import: a Next.js blog of page
// bundles, a Hugo site read from its root, a Jekyll site with a permalink rule and Liquid) move
// into the tiny blog: each imports in one run with nothing to fix, builds with the link check on,
// answers every old address of its posts and feeds with a redirect from the host `preview`
// serves with, and shows no template tag as text. Everything runs in this process.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { SiteError } from '../../cli/errors.ts';
import { tinyContentCopy } from '../helpers/build-output.ts';
import { fixturesRoot } from '../helpers/content.ts';
import { buildTinyBlog, hostAnswers, importIntoTinyBlog } from '../helpers/tiny-blog.ts';

interface Blog {
  fixture: string;
  generator: string;
  name: string;
  posts: string[];
  /** Every old address of a post or feed, and where the host sends it. */
  oldAddresses: Record<string, string>;
}

const blogs: Blog[] = [
  {
    fixture: 'nextjs-blog',
    generator: 'next',
    name: 'Next.js',
    posts: ['a-week-of-flaky-tests', 'notes-on-caching', 'why-we-test-in-production'],
    oldAddresses: {
      '/why-we-test-in-production/': '/posts/why-we-test-in-production/',
      '/why-we-test-in-production': '/posts/why-we-test-in-production/',
      '/a-week-of-flaky-tests/': '/posts/a-week-of-flaky-tests/',
      '/notes-on-caching/': '/posts/notes-on-caching/',
      '/rss.xml': '/feed.xml',
    },
  },
  {
    fixture: 'hugo-site',
    generator: 'hugo',
    name: 'Hugo',
    posts: ['observability-budgets', 'on-call-handbook', 'service-mesh-notes'],
    oldAddresses: {
      '/2022/03/observability-budgets/': '/posts/observability-budgets/',
      '/blog/observability-budgets/': '/posts/observability-budgets/',
      '/2021/11/on-call-handbook/': '/posts/on-call-handbook/',
      '/2022/05/service-mesh-notes/': '/posts/service-mesh-notes/',
      '/index.xml': '/feed.xml',
    },
  },
  {
    fixture: 'jekyll-site',
    generator: 'jekyll',
    name: 'Jekyll',
    posts: ['launch-2019-05-01', 'launch-2021-05-01', 'next-steps', 'typed-ruby', 'video-tour'],
    oldAddresses: {
      '/blog/2019/05/01/launch/': '/posts/launch-2019-05-01/',
      '/launch.html': '/posts/launch-2019-05-01/',
      '/blog/2021/05/01/launch/': '/posts/launch-2021-05-01/',
      '/blog/2020/02/10/typed-ruby/': '/posts/typed-ruby/',
      '/tour/': '/posts/video-tour/',
    },
  },
];

/** The text of a page outside its code: where a template tag would be shown as text. */
const textOutsideCode = (html: string) => html.replace(/<pre[\s\S]*?<\/pre>|<code[\s\S]*?<\/code>/g, '');

for (const blog of blogs) {
  test(
    `a ${blog.name} blog imports in one run, builds with the link check on, answers every old address with a redirect and shows no template tag`,
    { timeout: 120_000 },
    async () => {
      const { dir, content, cleanup } = await tinyContentCopy();
      try {
        const { plan, outcome } = await importIntoTinyBlog(
          path.join(fixturesRoot, 'import', blog.fixture),
          content,
          path.join(dir, 'report.md'),
        );
        assert.equal(plan.generator, blog.generator);
        assert.deepEqual(outcome.problems, []);
        assert.deepEqual(plan.posts.map((post) => post.slug).sort(), blog.posts);
        assert.deepEqual(
          outcome.unansweredFeeds.filter((feed) => Object.keys(blog.oldAddresses).includes(feed)),
          [],
        );
        const out = path.join(dir, 'out');
        const built = await buildTinyBlog(content, out);
        assert.equal(built.committed, true);
        assert.deepEqual(
          built.links!.findings.filter((finding) => finding.severity === 'error'),
          [],
        );
        assert.deepEqual(
          built.warnings.filter((warning) => warning instanceof SiteError && warning.code === 'markdown.template-tag'),
          [],
        );
        const answers = await hostAnswers(out, Object.keys(blog.oldAddresses));
        assert.deepEqual(
          Object.fromEntries(answers),
          Object.fromEntries(Object.entries(blog.oldAddresses).map(([from, to]) => [from, `301 ${to}`])),
        );
        for (const slug of blog.posts.filter((slug) => slug !== 'next-steps')) {
          const page = await readFile(path.join(out, 'posts', slug, 'index.html'), 'utf8');
          assert.doesNotMatch(textOutsideCode(page), /\{\{|\{%/, `${slug} shows no template tag`);
        }
      } finally {
        await cleanup();
      }
    },
  );
}

test(
  "Jekyll: only _posts and _drafts are read; one slug in two posts gets each one's date; a tab in a flow list and a key written twice are taken as Jekyll takes them",
  { timeout: 120_000 },
  async () => {
    const { dir, content, cleanup } = await tinyContentCopy();
    try {
      const { plan } = await importIntoTinyBlog(
        path.join(fixturesRoot, 'import', 'jekyll-site'),
        content,
        path.join(dir, 'report.md'),
      );
      assert.deepEqual(plan.posts.map((post) => path.relative(plan.source, post.source)).sort(), [
        '_drafts/next-steps.md',
        '_posts/2019-05-01-launch.md',
        '_posts/2020-02-10-typed-ruby.md',
        '_posts/2020-08-15-video-tour.md',
        '_posts/2021-05-01-launch.md',
      ]);
      const post = (slug: string) => plan.posts.find((candidate) => candidate.slug === slug)!;
      assert.deepEqual(
        [post('launch-2019-05-01').renamedFrom, post('launch-2021-05-01').renamedFrom],
        ['launch', 'launch'],
      );
      assert.match(post('launch-2019-05-01').text, /^tags: \["ruby", "launch"\]$/m);
      assert.match(post('typed-ruby').text, /^title: "Typed Ruby in practice"$/m);
      assert.ok(
        post('typed-ruby').notCarried.some((note) =>
          /^line 4: the key "title" is written twice \(first at line 3\)/.test(note),
        ),
      );
      assert.equal(post('next-steps').draft, true);
      // A relative link to another post and the converted Liquid lead to the new addresses.
      assert.match(post('launch-2021-05-01').body, /\[first launch\]\(\.\.\/launch-2019-05-01\/\)/);
      assert.match(
        post('typed-ruby').body,
        /^!\[Types flowing through a Rails app\]\(\.\/types\.png\)$/m,
        '{{ site.baseurl }} dropped, the image brought beside the post',
      );
      const report = await readFile(path.join(dir, 'report.md'), 'utf8');
      assert.match(report, /^- slug: launch-2019-05-01, since another post of the import is "launch" too/m);
      assert.match(
        report,
        /^- converted, line 10: \{% youtube dQw4w9WgXcQ %\} → <iframe src="https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ"/m,
      );
    } finally {
      await cleanup();
    }
  },
);

test(
  "Hugo from its root: only the sections' posts are read, root images come from static/ and assets/, footnotes and shortcodes become the site's",
  { timeout: 120_000 },
  async () => {
    const { dir, content, cleanup } = await tinyContentCopy();
    try {
      const { plan } = await importIntoTinyBlog(
        path.join(fixturesRoot, 'import', 'hugo-site'),
        content,
        path.join(dir, 'report.md'),
      );
      assert.deepEqual(
        plan.skipped.map((entry) => path.relative(plan.source, entry.file)),
        ['content/posts/_index.md'],
        'about.md and the home page are no posts',
      );
      const post = (slug: string) => plan.posts.find((candidate) => candidate.slug === slug)!;
      assert.deepEqual([...post('service-mesh-notes').copies.values()], ['mesh.png']);
      assert.deepEqual([...post('on-call-handbook').copies.values()], ['pager.png']);
      const written = await readFile(path.join(content, 'posts', 'observability-budgets', 'index.md'), 'utf8');
      assert.match(
        written,
        /<figure><img src="latency\.png" alt="Latency of the ingest path over a week"><figcaption>Ingest latency, p50 and p99<\/figcaption><\/figure>/,
      );
      assert.match(
        written,
        /<iframe src="https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ" title="Sampling at scale" allowfullscreen><\/iframe>/,
      );
      assert.match(written, /\[the mesh notes\]\(\.\.\/service-mesh-notes\/#tracing\)/);
      const mesh = await readFile(path.join(content, 'posts', 'service-mesh-notes', 'index.md'), 'utf8');
      assert.match(mesh, /\n```go\nfunc span\(ctx context\.Context\) \{\n\tdefer trace\.End\(ctx\)\n\}\n```\n/);
      assert.match(
        mesh,
        /\[its sampling rules\]\(\.\.\/observability-budgets\/#sampling\)/,
        "a link to another post's heading, written for Hugo's id, names the build's",
      );
      const out = path.join(dir, 'out');
      await buildTinyBlog(content, out);
      const page = await readFile(path.join(out, 'posts', 'observability-budgets', 'index.html'), 'utf8');
      assert.match(
        page,
        /<sup id="user-content-a1"><a href="#user-content-f1">1<\/a><\/sup>/,
        'the footnote keeps its ids, and its link leads to them',
      );
      assert.match(
        await readFile(path.join(out, 'posts', 'on-call-handbook', 'index.html'), 'utf8'),
        /<a href="#paging-policy">paging policy<\/a>/,
        "a link written for Hugo's heading id leads to the heading",
      );
    } finally {
      await cleanup();
    }
  },
);
