// Posts brought from another blog, on the marketing site: a page bundle that lists its former
// addresses and leaves out what blog.json's postDefaults supply, and a post linking to its old
// addresses. One build of a content copy serves every test but the last.
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { buildSite, type BuildResult } from '../../cli/pipeline/build-site.ts';
import { DiskWriter } from '../../cli/write/writers.ts';
import { copyContent, projectRoot } from '../helpers/content.ts';
import { flat } from '../helpers/images.ts';
import { projectCache } from '../helpers/sites.ts';
import { realSite } from '../helpers/real-site.ts';

let dir: string;
let content: string;
let cleanup: () => Promise<void>;
let out: string;
let result: BuildResult;

const moved = [
  '---',
  'title: A post that moved',
  'excerpt: It lived at another address on another blog.',
  'date: 2024-01-10',
  'aliases:',
  '  - /old/moved-post/',
  '  - /2019/05/moved-post.html',
  'extra:',
  '  layout: post',
  '  author: Dana Whitfield',
  '---',
  '',
  'Moved here with its diagram.',
  '',
  '![The request flow](flow.png)',
  '',
].join('\n');

const linking = [
  '---',
  'title: A post that links to old addresses',
  'slug: linking-post',
  'excerpt: Its links were written for the old blog.',
  'date: 2024-01-11',
  'category: Tools',
  'tags: [Migration]',
  'image: /images/social-card.svg',
  'imageAlt: The card',
  '---',
  '',
  'Read [the moved post](/old/moved-post/) and [its oldest address](/2019/05/moved-post.html).',
  '',
].join('\n');

before(async () => {
  ({ dir, content, cleanup } = await copyContent());
  out = path.join(dir, 'dist');
  await mkdir(path.join(content, 'posts', 'moved-post'));
  await writeFile(path.join(content, 'posts', 'moved-post', 'index.md'), moved);
  await writeFile(path.join(content, 'posts', 'moved-post', 'flow.png'), await flat(600, 300));
  await writeFile(path.join(content, 'posts', 'linking-post.md'), linking);
  result = await buildSite({
    root: projectRoot,
    site: realSite,
    contentDir: content,
    cache: projectCache,
    writer: new DiskWriter(out),
  });
});
after(() => cleanup());

const read = (file: string) => readFile(path.join(out, file), 'utf8');

test('each former address of a post is a _redirects rule and a stub page leading to it', async () => {
  assert.equal(result.committed, true);
  const rules = (await read('_redirects')).split('\n');
  for (const from of ['/old/moved-post', '/old/moved-post/', '/2019/05/moved-post.html'])
    assert.ok(rules.includes(`${from} /blog/moved-post/ 301!`), `${from} in _redirects`);
  for (const stub of ['old/moved-post/index.html', '2019/05/moved-post.html']) {
    assert.match(await read(stub), /<meta http-equiv="refresh" content="0; url=\/blog\/moved-post\/"/i, stub);
  }
});

test('a link to a former address is a redirect warning at its Markdown line, not an error', () => {
  const findings = result.links!.findings;
  assert.deepEqual(
    findings.filter((finding) => finding.severity === 'error'),
    [],
  );
  const fromPost = findings.filter(
    (finding) => finding.code === 'links.redirected' && finding.origin?.file.endsWith('posts/linking-post.md'),
  );
  assert.deepEqual(
    fromPost.map((finding) => [finding.href, finding.severity, finding.origin?.line, finding.suggestion]),
    [
      ['/old/moved-post/', 'warning', 12, '/blog/moved-post/'],
      ['/2019/05/moved-post.html', 'warning', 12, '/blog/moved-post/'],
    ],
  );
});

test('a post without image, category, tags or slug gets the defaults: its folder name, the default picture with its alt text, the default category, no tag list', async () => {
  const blog = JSON.parse(await readFile(path.join(content, 'data', 'blog.json'), 'utf8')) as {
    postDefaults: { image: string; imageAlt: string; category: string };
  };
  const page = await read('blog/moved-post/index.html');
  assert.match(
    page,
    new RegExp(`<img src="${blog.postDefaults.image}" alt="${blog.postDefaults.imageAlt.replace("'", '&#x27;')}"`),
  );
  assert.match(page, new RegExp(`<p class="badge">${blog.postDefaults.category}</p>`));
  assert.doesNotMatch(page, /class="article-footer"/, 'no tags heading over an empty list');
  assert.doesNotMatch(page, /Dana Whitfield/, 'what is kept under extra is not shown');
  assert.match(
    page,
    /<img src="\/blog\/moved-post\/flow-600w\.[0-9a-f]{10}\.png"[^>]*alt="The request flow"/,
    'the image beside the post, with its variants',
  );
  const index = await read('blog/index.html');
  const card =
    /<article class="post-card[^"]*">(?:(?!<\/article>).)*A post that moved(?:(?!<\/article>).)*<\/article>/s.exec(
      index,
    )?.[0];
  assert.ok(card, 'the blog list has a card for the post');
  assert.match(card, new RegExp(`src="${blog.postDefaults.image}"`), 'the card shows the default picture');
  assert.doesNotMatch(card, /class="tag-list"/);
});

test('a broken link to a post by its slug alone suggests the post', async () => {
  await writeFile(path.join(content, 'posts', 'linking-post.md'), linking.replace('/old/moved-post/', '/moved-post/'));
  const broken = await buildSite({
    root: projectRoot,
    site: realSite,
    contentDir: content,
    cache: projectCache,
    writer: new DiskWriter(path.join(dir, 'dist-broken')),
  });
  assert.equal(broken.committed, false);
  const findings = broken.links!.findings.filter((finding) => finding.severity === 'error');
  assert.deepEqual(
    findings.map((finding) => [finding.code, finding.href, finding.suggestion, finding.origin?.line]),
    [['links.missing-page', '/moved-post/', '/blog/moved-post/', 12]],
  );
});
